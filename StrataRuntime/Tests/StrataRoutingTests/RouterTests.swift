import Foundation
import StrataRouting
import StrataRuntimeSupport
import Testing

/// A custom parameter type: suit serial numbers look like EMU-3003.
struct SuitID: RouteParameter, Equatable {
    let rawValue: String
    init?(routeParameter text: Substring) {
        guard text.hasPrefix("EMU-"), text.count > 4 else { return nil }
        rawValue = String(text)
    }
    var routeParameterText: String { rawValue }
}

private let ok: RouteHandler = { _ in .success() }

private func pattern(of result: RouteMatchResult) -> String? { result.match?.pattern.text }

@Suite struct RouterTests {
    @Test func typedParametersAreDecoded() throws {
        let router = Router()
        router.addParameterType(SuitID.self)
        try router.register("iss://cosmonaut/:id<Int>/suit/:suit<SuitID>?tab=&page=<Int>", handler: ok)
        try router.register("iss://mission/:id<UUID>", handler: ok)
        let match = try #require(router.match("iss://cosmonaut/42/suit/EMU-3003?tab=oxygen&page=2&other=1").match)
        #expect(match.parameters["id", as: Int.self] == 42)
        #expect(match.parameters["suit", as: SuitID.self]?.rawValue == "EMU-3003")
        #expect(match.parameters["tab", as: String.self] == "oxygen")
        #expect(match.parameters["page", as: Int.self] == 2)
        #expect(match.parameters["other", as: String.self] == nil, "undeclared query items stay in the URL only")
        #expect(match.parameters.url.queryValue("other") == "1")
        #expect(match.owner == "StrataRoutingTests")
        let id = UUID()
        #expect(router.match("iss://mission/\(id.uuidString.lowercased())").match?.parameters["id", as: UUID.self] == id)
    }

    @Test func optionalSegmentsMatchWithAndWithout() throws {
        let router = Router()
        try router.register("iss://log/:level?/:since<Int>?", handler: ok)
        #expect(router.match("iss://log").match?.parameters.names == [])
        #expect(router.match("iss://log/error").match?.parameters["level", as: String.self] == "error")
        #expect(router.match("iss://log/error/1700").match?.parameters["since", as: Int.self] == 1700)
        #expect(router.match("iss://log/1700").match?.parameters["level", as: String.self] == "1700")
    }

    @Test func anOptionalLastSegmentCanHaveAQuery() throws {
        let router = Router()
        try router.register("iss://cosmonaut/:tab??page=<Int>", handler: ok)
        #expect(router.match("iss://cosmonaut?page=2").match?.parameters["page", as: Int.self] == 2)
        let match = router.match("iss://cosmonaut/suit?page=3").match
        #expect(match?.parameters["tab", as: String.self] == "suit")
        #expect(match?.parameters["page", as: Int.self] == 3)
    }

    @Test func shapesOfOnePatternThatMeetAreTriedInTurn() throws {
        let router = Router()
        try router.register("iss://log/:since<Int>?/:level?", handler: ok)
        #expect(router.match("iss://log/1700").match?.parameters["since", as: Int.self] == 1700, "the earlier optional fills first")
        #expect(router.match("iss://log/error").match?.parameters["level", as: String.self] == "error", "then the later one")
    }

    @Test func aWildcardTakesTheRestOfThePath() throws {
        let router = Router()
        try router.register("iss://files/*path", handler: ok)
        #expect(router.match("iss://files/logs/2026/11.txt").match?.parameters.wildcard == ["logs", "2026", "11.txt"])
        #expect(router.match("iss://files").match?.parameters.wildcard == [])
    }

    @Test func literalsWinOverParametersAndParametersOverWildcards() throws {
        let router = Router()
        try router.register("iss://cosmonaut/new", handler: ok)
        try router.register("iss://cosmonaut/:id<Int>", handler: ok)
        try router.register("iss://cosmonaut/*rest", handler: ok)
        #expect(pattern(of: router.match("iss://cosmonaut/new")) == "iss://cosmonaut/new")
        #expect(pattern(of: router.match("iss://cosmonaut/7")) == "iss://cosmonaut/:id<Int>")
        #expect(pattern(of: router.match("iss://cosmonaut/seven")) == "iss://cosmonaut/*rest", "a value that does not decode backtracks")
        #expect(pattern(of: router.match("iss://cosmonaut/new/suit")) == "iss://cosmonaut/*rest")
    }

    @Test func matchingBacktracksOutOfADeadEndLiteral() throws {
        let router = Router()
        try router.register("iss://cosmonaut/new/crew", handler: ok)
        try router.register("iss://cosmonaut/:id/suit", handler: ok)
        #expect(router.match("iss://cosmonaut/new/suit").match?.parameters["id", as: String.self] == "new")
    }

    @Test func schemeAndHostIgnoreLetterCaseButPathsDoNot() throws {
        let router = Router()
        try router.register("ISS://Cosmonaut/Suit", handler: ok)
        #expect(router.canOpen("iss://COSMONAUT/Suit"))
        #expect(!router.canOpen("iss://cosmonaut/suit"))
    }

    @Test func conflictingPatternsAreRefusedNamingBoth() throws {
        let router = Router()
        try router.register("iss://cosmonaut/:id/suit", owner: "Cosmonaut", handler: ok)
        let error = #expect(throws: RouteRegistrationError.self) {
            try router.register("iss://cosmonaut/:name<Int>/suit", owner: "Spacesuit", handler: ok)
        }
        #expect(
            error?.description == """
                route 'iss://cosmonaut/:name<Int>/suit' (Spacesuit) conflicts with 'iss://cosmonaut/:id/suit' (Cosmonaut): both match iss://cosmonaut/1/suit
                    hint: give one of them a distinct literal segment; parameters at the same place match the same URLs whatever their names and types
                """)
        #expect(router.routes.count == 1)
    }

    @Test func anOptionalSegmentConflictsThroughEitherShape() throws {
        let router = Router()
        try router.register("iss://cosmonaut", owner: "Cosmonaut", handler: ok)
        #expect(throws: RouteRegistrationError.self) { try router.register("iss://cosmonaut/:id?", owner: "Crew", handler: ok) }
        #expect(!router.canOpen("iss://cosmonaut/7"), "a refused pattern registers none of its shapes")
        try router.register("iss://cosmonaut/:id", owner: "Crew", handler: ok)
    }

    @Test func twoWildcardsAtOnePlaceConflict() throws {
        let router = Router()
        try router.register("iss://files/*path", handler: ok)
        #expect(throws: RouteRegistrationError.self) { try router.register("iss://files/*", handler: ok) }
    }

    @Test func aParameterTypeInTheWrongCaseGetsTheSwiftName() throws {
        let router = Router()
        let error = try #require(throws: RouteRegistrationError.self) { try router.register("iss://suit/:id<int>", handler: ok) }
        #expect(error.description.hasSuffix("hint: did you mean 'Int'? Type names are case-sensitive, as in Swift: :name<Int>"))
    }

    @Test func aQueryValueOfTheWrongTypeIsTheMatchedRoutesFailure() async throws {
        let router = Router()
        let ran = Lock(false)
        try router.register("iss://cosmonaut/:id<Int>/log?page=<Int>", owner: "Crew") { _ in
            ran.withLock { $0 = true }
            return .success()
        }
        try router.register("iss://cosmonaut/*rest", owner: "Fallback", handler: ok)
        guard case .rejected(let rejection) = router.match("iss://cosmonaut/7/log?page=two") else {
            Issue.record("expected the log route to reject the URL")
            return
        }
        #expect(rejection.match.pattern.text == "iss://cosmonaut/:id<Int>/log?page=<Int>")
        #expect(rejection.match.parameters["id", as: Int.self] == 7)
        #expect(
            rejection.description
                == "iss://cosmonaut/7/log?page=two: the query value page=two is not an Int, as iss://cosmonaut/:id<Int>/log?page=<Int> (Crew) declares"
        )
        #expect(!router.canOpen("iss://cosmonaut/7/log?page=two"))
        guard case .failure(let error) = try await router.open("iss://cosmonaut/7/log?page=two"),
            case .invalidParameter(let reason) = error as? RoutingError
        else {
            Issue.record("expected a failure outcome")
            return
        }
        #expect(reason.parameter == "page" && reason.value == "two" && reason.expectedType == "Int")
        #expect(ran.withLock { $0 } == false, "the handler does not run")
        // Left out, the optional query parameter is no problem.
        #expect(router.match("iss://cosmonaut/7/log").match?.pattern.text == "iss://cosmonaut/:id<Int>/log?page=<Int>")
    }

    @Test func anUnknownParameterTypeIsNamed() throws {
        let router = Router()
        #expect(
            throws: RouteRegistrationError.unknownParameterType(
                pattern: "iss://suit/:id<SuitID>", type: "SuitID", known: ["Bool", "Double", "Int", "String", "UUID"])
        ) { try router.register("iss://suit/:id<SuitID>", handler: ok) }
    }

    @Test(arguments: [
        ("ftp://cosmonaut", "no route for ftp://cosmonaut: no routes use the scheme 'ftp' (registered: 'iss')"),
        ("iss://spacesuit", "no route for iss://spacesuit: as the host the routes expect 'cosmonaut' or 'files', not 'spacesuit'"),
        (
            "iss://cosmonaut/7/helmet",
            "no route for iss://cosmonaut/7/helmet: after iss://cosmonaut/7 the routes expect 'log' or 'suit', not 'helmet'"
        ),
        (
            "iss://cosmonaut/seven/suit",
            "no route for iss://cosmonaut/seven/suit: 'seven' is not an Int for :id in iss://cosmonaut/:id<Int>/suit?page=<Int>"
        ),
        ("iss://cosmonaut/7", "no route for iss://cosmonaut/7: the routes under iss://cosmonaut/7 continue with 'log' or 'suit'; none ends there"),
        ("cosmonaut", "no route for cosmonaut: it is not a URL with a scheme"),
    ])
    func aMissSaysHowCloseTheNearestRouteCame(_ url: String, _ message: String) throws {
        let router = Router()
        try router.register("iss://cosmonaut/:id<Int>/suit?page=<Int>", handler: ok)
        try router.register("iss://cosmonaut/:id<Int>/log", handler: ok)
        try router.register("iss://files/list", handler: ok)
        guard case .noMatch(let reason) = router.match(url) else { Issue.record("\(url) matched"); return }
        #expect(reason.description == message)
    }
}
