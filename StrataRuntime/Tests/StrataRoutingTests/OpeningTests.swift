import StrataRouting
import StrataRuntimeSupport
import Testing

struct LoginFailed: Error {}

@Suite struct OpeningTests {
    @Test func openRunsTheAsyncHandlerAndReturnsItsResult() async throws {
        let router = Router()
        try router.register("iss://cosmonaut/:id<Int>") { request in
            try await Task.sleep(for: .milliseconds(1))
            return .success("crew member \(request.parameters["id", as: Int.self]!) via \(request.context as? String ?? "?")")
        }
        guard case .success(let value) = try await router.open("iss://cosmonaut/7", context: "test") else {
            Issue.record("expected success"); return
        }
        #expect(value as? String == "crew member 7 via test")
    }

    @Test func aThrowingHandlerBecomesAFailureAndAMissThrows() async throws {
        let router = Router()
        try router.register("iss://login") { _ in throw LoginFailed() }
        guard case .failure(let error) = try await router.open("iss://login") else { Issue.record("expected failure"); return }
        #expect(error is LoginFailed)
        await #expect(throws: RoutingError.self) { try await router.open("iss://home") }
        await #expect(throws: RoutingError.self) { try await router.open("not a url") }
    }

    /// "Open Login, then come back to Home on success" across two modules that never import each other.
    @Test func aFlowContinuesOnlyWhenTheRouteItOpenedSucceeds() async throws {
        let visited = Lock<[String]>([])
        let router = Router()
        let loginSucceeds = Lock(false)
        try router.register("iss://login", owner: "Login") { _ in
            visited.withLock { $0.append("login") }
            return loginSucceeds.withLock { $0 } ? .success("oleg") : .cancelled
        }
        try router.register("iss://home/:user", owner: "Home") { request in
            visited.withLock { $0.append("home \(request.parameters["user", as: String.self]!)") }
            return .success()
        }
        func signIn() async throws {
            if case .success(let user as String) = try await router.open("iss://login") {
                _ = try await router.open("iss://home/\(user)")
            }
        }
        try await signIn()
        loginSucceeds.withLock { $0 = true }
        try await signIn()
        #expect(visited.withLock { $0 } == ["login", "login", "home oleg"])
    }

    @Test func callbackOpeningReportsSuccessAndFailure() async throws {
        let router = Router()
        try router.register("iss://ok") { _ in .success(1) }
        try router.register("iss://fail") { _ in .failure(LoginFailed()) }
        let events = Lock<[String]>([])
        await router.open("iss://ok", onSuccess: { value in events.withLock { $0.append("success \(value as? Int ?? 0)") } }, onFailure: { _ in })
            .value
        await router.open("iss://fail", onSuccess: { _ in }, onFailure: { error in events.withLock { $0.append("failure \(error is LoginFailed)") } })
            .value
        await router.open(
            "iss://nowhere", onSuccess: { _ in }, onFailure: { error in events.withLock { $0.append("failure \(error is RoutingError)") } }
        ).value
        #expect(events.withLock { $0 } == ["success 1", "failure true", "failure true"])
    }

    @Test func providersRegisterTheirModulesRoutes() throws {
        struct CosmonautRoutes: RouteProvider {
            func registerRoutes(in router: Router) throws(RouteRegistrationError) {
                try router.register("iss://cosmonaut/:id", owner: "Cosmonaut") { _ in .success() }
            }
        }
        struct SpacesuitRoutes: RouteProvider {
            func registerRoutes(in router: Router) throws(RouteRegistrationError) {
                try router.register("iss://spacesuit/:suit?", owner: "Spacesuit") { _ in .success() }
            }
        }
        let router = Router()
        try router.install([CosmonautRoutes(), SpacesuitRoutes()])
        #expect(router.routes.map(\.owner) == ["Cosmonaut", "Spacesuit"])
        #expect(router.canOpen("iss://spacesuit"))
    }

    @Test func concurrentRegistrationAndMatching() async throws {
        let router = Router()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    try router.register("iss://module\(index)/:id<Int>", handler: { _ in .success() })
                    #expect(router.match("iss://module\(index)/\(index)").match?.parameters["id", as: Int.self] == index)
                }
            }
            try await group.waitForAll()
        }
        #expect(router.routes.count == 200)
    }
}
