import Foundation
import StrataRouting
import Testing

private let ok: RouteHandler = { _ in .success() }

/// Reverse routing: a URL from a route and typed values, which the router opens with that route
/// and those very values.
@Suite struct RouteBuildingTests {
    @Test func aURLCarriesPathAndQueryValues() throws {
        let pattern = try RoutePattern("iss://cosmonaut/:id<Int>/suit/:tab??page=<Int>&note=")
        #expect(try pattern.url(["id": 7]) == "iss://cosmonaut/7/suit")
        #expect(try pattern.url(["id": 7, "tab": "oxygen", "page": 2]) == "iss://cosmonaut/7/suit/oxygen?page=2")
        #expect(try pattern.url(["id": -3, "note": "a/b?c&d=e #f"]) == "iss://cosmonaut/-3/suit?note=a%2Fb%3Fc%26d%3De%20%23f")
    }

    @Test func whatTheRouterReadsBackIsWhatWasGiven() async throws {
        let router = Router()
        router.addParameterType(SuitID.self)
        let pattern = "iss://spacesuit/:suit<SuitID>/crew/:member?/*rest?owner=<UUID>&urgent=<Bool>"
        try router.register(pattern, handler: ok)
        let owner = UUID()
        let url = try router.url(
            for: pattern, ["suit": SuitID(routeParameter: "EMU-3011")!, "member": "Ле́на/ü", "owner": owner, "urgent": true],
            wildcard: ["a b", "ß"])
        let match = try #require(router.match(url).match)
        #expect(match.pattern.text == pattern)
        #expect(match.parameters["suit", as: SuitID.self] == SuitID(routeParameter: "EMU-3011"))
        #expect(match.parameters["member", as: String.self] == "Ле́на/ü")
        #expect(match.parameters["owner", as: UUID.self] == owner)
        #expect(match.parameters["urgent", as: Bool.self] == true)
        #expect(match.parameters.wildcard == ["a b", "ß"])
    }

    @Test func randomValuesRoundTrip() throws {
        let pattern = try RoutePattern("t://host/:text/:number<Int>/:ratio<Double>??q=")
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("aZ09-._~ /?#&=%+é✓")
        for _ in 0..<300 {
            let text = String((0..<Int.random(in: 1...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let number = Int.random(in: Int.min...Int.max, using: &generator)
            let ratio = Double.random(in: -1e9...1e9, using: &generator)
            let url = try pattern.url(["text": text, "number": number, "ratio": ratio, "q": text])
            let router = Router()
            try router.register(pattern.text, handler: ok)
            let match = try #require(router.match(url).match, "\(url)")
            #expect(match.parameters["text", as: String.self] == text)
            #expect(match.parameters["number", as: Int.self] == number)
            #expect(match.parameters["ratio", as: Double.self] == ratio)
            #expect(match.parameters["q", as: String.self] == text)
        }
    }

    @Test func mistakesAreNamed() throws {
        let pattern = try RoutePattern("iss://cosmonaut/:id<Int>/suit")
        #expect(throws: RouteBuildingError.missingParameter(pattern: pattern.text, name: "id")) { try pattern.url() }
        #expect(throws: RouteBuildingError.wrongType(pattern: pattern.text, name: "id", expected: "Int", given: "String")) {
            try pattern.url(["id": "7"])
        }
        #expect(throws: RouteBuildingError.unknownParameter(pattern: pattern.text, name: "tab", declared: ["id"])) {
            try pattern.url(["id": 7, "tab": "x"])
        }
        #expect(throws: RouteBuildingError.noWildcard(pattern: pattern.text)) { try pattern.url(["id": 7], wildcard: ["x"]) }
        #expect(throws: RouteBuildingError.emptyValue(pattern: "iss://crew/:name", name: "name")) {
            try RoutePattern("iss://crew/:name").url(["name": ""])
        }
    }

    /// `:level?/:since<Int>?` with only `since`: the URL would read it back as `level`.
    @Test func aValueThatWouldShiftIntoAnEarlierOptionalSegmentIsRefused() throws {
        let pattern = try RoutePattern("iss://log/:level?/:since<Int>?")
        let error = try #require(throws: RouteBuildingError.self) { try pattern.url(["since": 5]) }
        guard case .unencodable(_, let url, let reason) = error else { Issue.record("\(error)"); return }
        #expect(url == "iss://log/5")
        #expect(reason.contains("':since' would read back as nothing"))
        #expect(try pattern.url(["level": "debug", "since": 5]) == "iss://log/debug/5")
    }

    @Test func theRouterRefusesAURLAnotherRouteWouldTake() throws {
        let router = Router()
        try router.register("iss://cosmonaut/:name", handler: ok)
        try router.register("iss://cosmonaut/roster", handler: ok)
        #expect(try router.url(for: "iss://cosmonaut/:name", ["name": "lena"]) == "iss://cosmonaut/lena")
        let error = try #require(throws: RouteBuildingError.self) { try router.url(for: "iss://cosmonaut/:name", ["name": "roster"]) }
        #expect(error.description.contains("the router opens it with 'iss://cosmonaut/roster' instead"))
        #expect(throws: RouteBuildingError.notRegistered(pattern: "iss://station")) { try router.url(for: "iss://station") }
    }
}
