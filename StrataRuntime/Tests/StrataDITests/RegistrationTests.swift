import StrataDI
import Testing

@Suite struct RegistrationTests {
    @Test func namesKeepRegistrationsApart() throws {
        let container = Container()
        container.register((any Radio).self) { _ in RadioLink(id: 1) }
        container.register((any Radio).self, name: "backup") { _ in RadioLink(id: 2) }
        #expect(try container.resolve((any Radio).self).id == 1)
        #expect(try container.resolve((any Radio).self, name: "backup").id == 2)
    }

    @Test func resolveTimeArgumentsReachTheFactory() throws {
        let container = Container()
        container.register(Suit.self) { _, serial in Suit(serial: serial, size: 2) }
        container.register(Suit.self) { (_, argument: (String, Int)) in Suit(serial: argument.0, size: argument.1) }
        #expect(try container.resolve(Suit.self, argument: "EMU-3003") == Suit(serial: "EMU-3003", size: 2))
        #expect(try container.resolve(Suit.self, argument: ("EMU-3004", 4)) == Suit(serial: "EMU-3004", size: 4))
    }

    @Test func factoriesResolveTheirOwnDependencies() throws {
        let container = Container()
        container.register((any Radio).self) { _ in RadioLink(id: 7) }
        container.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve()) }
        #expect(try container.resolve((any Telemetry).self).radio.id == 7)
    }

    @Test func registeringAgainReplacesTheRegistration() throws {
        let container = Container()
        container.register((any Radio).self) { _ in RadioLink(id: 1) }
        #expect(try container.resolve((any Radio).self).id == 1)
        container.register((any Radio).self) { _ in RadioLink(id: 2) }
        #expect(try container.resolve((any Radio).self).id == 2)
        #expect(container.registrations.map(\.description) == ["any Radio"])
    }

    @Test func assembliesRegisterInOrderAndLaterOnesOverride() throws {
        struct RadioAssembly: Assembly {
            let id: Int
            func assemble(into container: Container) { container.register((any Radio).self) { _ in RadioLink(id: id) } }
        }
        struct TelemetryAssembly: Assembly {
            func assemble(into container: Container) { container.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve()) } }
        }
        let container = Container(assemblies: [RadioAssembly(id: 1), TelemetryAssembly(), RadioAssembly(id: 2)])
        #expect(try container.resolve((any Telemetry).self).radio.id == 2)
        try container.verify()
    }

    @Test func resolveIfRegisteredIsNilOnlyForAMissingRegistration() throws {
        let container = Container()
        #expect(try container.resolveIfRegistered((any Radio).self) == nil)
        container.register((any Radio).self) { _ in throw NotConnected() }
        #expect(throws: ResolutionError.self) { try container.resolveIfRegistered((any Radio).self) }
        #expect(container.isRegistered((any Radio).self))
        #expect(!container.isRegistered((any Radio).self, name: "backup"))
    }

    @Test func aChildOverridesItsParentAndInheritsTheRest() throws {
        let app = Container()
        app.register((any Radio).self) { _ in RadioLink(id: 1) }
        app.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve()) }
        let test = Container(parent: app)
        test.register((any Radio).self) { _ in RadioLink(id: 99) }
        #expect(try test.resolve((any Telemetry).self).radio.id == 99, "the parent's factory resolves from the child")
        #expect(try app.resolve((any Telemetry).self).radio.id == 1, "the parent is unchanged")
    }

    @Test func aParentsSingletonIsMadeFromTheParentsRegistrations() throws {
        let app = Container()
        app.register((any Radio).self) { _ in RadioLink(id: 1) }
        app.register((any Telemetry).self, scope: .singleton) { r in TelemetryFeed(radio: try r.resolve()) }
        let test = Container(parent: app)
        test.register((any Radio).self) { _ in RadioLink(id: 99) }
        #expect(try test.resolve((any Telemetry).self).radio.id == 1)
        #expect(same(try test.resolve((any Telemetry).self).radio, try app.resolve((any Telemetry).self).radio))
    }
}
