import StrataDI
import Testing

/// Three services in a circle: A needs B needs C needs A.
private struct A: Sendable {}
private struct B: Sendable {}
private struct C: Sendable {}
private struct D: Sendable {}

@Suite struct FailureTests {
    /// A container where A needs B needs C needs A.
    private static func circle() -> Container {
        let container = Container()
        container.register(A.self) { r in
            _ = try r.resolve(B.self); return A()
        }
        container.register(B.self) { r in
            _ = try r.resolve(C.self); return B()
        }
        container.register(C.self) { r in
            _ = try r.resolve(A.self); return C()
        }
        return container
    }

    @Test func aMissingRegistrationNamesTheChainThatNeededIt() throws {
        let container = Container()
        container.register((any Suits).self) { r in SuitService(telemetry: try r.resolve(), radio: try r.resolve()) }
        container.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve()) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve((any Suits).self) }
        #expect(error.path.map(\.description) == ["any Suits", "any Telemetry", "any Radio"])
        #expect(
            error.description == """
                no registration for any Radio, needed by any Suits → any Telemetry → any Radio
                    hint: register it in the assembly of the module that implements it, e.g. container.register((any Radio).self) { resolver in … }
                """)
    }

    @Test func aMissingRegistrationListsTheOtherNamesAndArguments() throws {
        let container = Container()
        container.register((any Radio).self, name: "backup") { _ in RadioLink(id: 2) }
        container.register((any Radio).self) { _, id in RadioLink(id: id) }
        let error = try #require(throws: ResolutionError.self) { try container.resolve((any Radio).self) }
        #expect(error.description.contains("registered instead: any Radio named \"backup\", any Radio (argument: Int)"))
    }

    @Test func anInferredOptionalServiceGetsItsOwnHint() throws {
        let container = Container()
        container.register(RadioLink.self) { _ in RadioLink(id: 1) }
        let error = try #require(throws: ResolutionError.self) { let _: RadioLink? = try container.resolve() }
        #expect(
            error.description.hasSuffix(
                "hint: the service type was inferred as an Optional; name the type, as in resolve(RadioLink.self), or use resolveIfRegistered"))
    }

    @Test func aCycleIsReportedWithItsFullPathInsteadOfOverflowingTheStack() throws {
        let container = Self.circle()
        let error = try #require(throws: ResolutionError.self) { try container.resolve(A.self) }
        guard case .cycle(let keys) = error.problem else { Issue.record("expected a cycle, got \(error)"); return }
        #expect(keys.map(\.description) == ["A", "B", "C", "A"])
        #expect(error.description.hasPrefix("dependency cycle: A → B → C → A"))
    }

    @Test func aCycleThroughSingletonsThrowsInsteadOfDeadlocking() throws {
        let container = Container()
        container.register(A.self, scope: .singleton) { r in
            _ = try r.resolve(B.self); return A()
        }
        container.register(B.self, scope: .singleton) { r in
            _ = try r.resolve(A.self); return B()
        }
        let error = try #require(throws: ResolutionError.self) { try container.resolve(B.self) }
        #expect(error.description.hasPrefix("dependency cycle: B → A → B"))
        // Nothing was half-made: once the cycle is broken, both resolve.
        container.register(B.self, scope: .singleton) { _ in B() }
        _ = try container.resolve(A.self)
    }

    @Test func aFactorysOwnErrorNamesTheServiceAndTheChain() throws {
        let container = Container()
        container.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve()) }
        container.register((any Radio).self) { _ in throw NotConnected() }
        let error = try #require(throws: ResolutionError.self) { try container.resolve((any Telemetry).self) }
        #expect(error.description == "the factory of any Radio threw: the ground station is not connected, while resolving any Telemetry → any Radio")
        guard case .factoryFailed(_, let underlying) = error.problem else { Issue.record("expected factoryFailed"); return }
        #expect(underlying is NotConnected)
    }

    @Test func verifyReportsEveryMissingRegistrationAndEveryCycleOnce() throws {
        let container = Self.circle()
        container.register((any Suits).self) { r in SuitService(telemetry: try r.resolve(), radio: try r.resolve()) }
        container.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve()) }
        container.register(D.self) { r in
            _ = try r.resolve(Suit.self, name: "spare"); return D()
        }
        let error = try #require(throws: VerificationError.self) { try container.verify() }
        #expect(
            error.description == """
                error: dependency cycle: A → B → C → A
                    hint: break the cycle with an interface the later service resolves lazily, or make one of them take the other as a resolve-time argument
                error: no registration for any Radio, needed by any Suits → any Telemetry → any Radio
                    hint: register it in the assembly of the module that implements it, e.g. container.register((any Radio).self) { resolver in … }
                error: no registration for Suit named "spare", needed by D → Suit named "spare"
                    hint: register it in the assembly of the module that implements it, e.g. container.register(Suit.self) { resolver in … }
                3 problems in the container's registrations
                """)
    }

    @Test func verifyMakesNoSingletonForGood() throws {
        let counter = Counter()
        let container = Container()
        container.register(RadioLink.self, scope: .singleton) { _ in RadioLink(id: counter.next()) }
        try container.verify()
        #expect(counter.count == 1)
        #expect(try container.resolve(RadioLink.self).id == 2, "the first resolve after verify makes the singleton")
        #expect(try container.resolve(RadioLink.self).id == 2)
    }

    @Test func verifyChecksTheParentsRegistrationsThroughTheChild() throws {
        let app = Container()
        app.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve()) }
        let child = Container(parent: app)
        child.register((any Radio).self) { _ in RadioLink(id: 1) }
        try child.verify()
        #expect(throws: VerificationError.self) { try app.verify() }
    }
}
