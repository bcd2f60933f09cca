import StrataDI
import Testing

@Suite struct ScopeTests {
    /// A container where radios count their instances and suits link radio and telemetry.
    private func diamond(radioScope: Scope, counter: Counter) -> Container {
        let container = Container()
        container.register((any Radio).self, scope: radioScope) { _ in RadioLink(id: counter.next()) }
        container.register((any Telemetry).self, scope: .transient) { r in TelemetryFeed(radio: try r.resolve()) }
        container.register((any Suits).self, scope: .transient) { r in SuitService(telemetry: try r.resolve(), radio: try r.resolve()) }
        return container
    }

    @Test func transientMakesAnInstanceOnEveryResolve() throws {
        let counter = Counter()
        let container = diamond(radioScope: .transient, counter: counter)
        let suits: any Suits = try container.resolve()
        #expect(suits.radio.id != suits.telemetry.radio.id)
        let again: any Radio = try container.resolve()
        #expect(again.id == 3)
    }

    @Test func graphSharesOneInstanceWithinATopLevelResolveOnly() throws {
        let counter = Counter()
        let container = diamond(radioScope: .graph, counter: counter)
        let first: any Suits = try container.resolve()
        #expect(same(first.radio, first.telemetry.radio))
        let second: any Suits = try container.resolve()
        #expect(same(second.radio, second.telemetry.radio))
        #expect(!same(first.radio, second.radio))
        #expect(counter.count == 2)
    }

    @Test func graphIsTheDefaultScope() throws {
        let counter = Counter()
        let container = Container()
        container.register((any Radio).self) { _ in RadioLink(id: counter.next()) }
        container.register((any Suits).self) { r in
            SuitService(telemetry: TelemetryFeed(radio: try r.resolve()), radio: try r.resolve())
        }
        let suits: any Suits = try container.resolve()
        #expect(same(suits.radio, suits.telemetry.radio))
        #expect(counter.count == 1)
    }

    @Test func singletonIsMadeOnceForTheContainer() throws {
        let counter = Counter()
        let container = diamond(radioScope: .singleton, counter: counter)
        let first: any Suits = try container.resolve()
        let second: any Suits = try container.resolve()
        #expect(same(first.radio, second.telemetry.radio))
        #expect(counter.count == 1)
    }

    @Test func singletonOfAValueTypeIsSharedToo() throws {
        let counter = Counter()
        let container = Container()
        container.register(Suit.self, scope: .singleton) { _ in Suit(serial: "EMU-\(counter.next())", size: 3) }
        #expect(try container.resolve(Suit.self) == container.resolve(Suit.self))
        #expect(counter.count == 1)
    }

    @Test func singletonsGoWithTheirContainer() throws {
        weak var made: RadioLink?
        do {
            let container = Container()
            container.register(RadioLink.self, scope: .singleton) { _ in RadioLink(id: 1) }
            made = try container.resolve(RadioLink.self)
            #expect(made != nil, "the container keeps its singleton")
        }
        #expect(made == nil)
    }

    @Test func aReplacedRegistrationsSingletonGoesWithIt() throws {
        let container = Container()
        weak var made: RadioLink?
        container.register(RadioLink.self, scope: .singleton) { _ in RadioLink(id: 1) }
        made = try container.resolve(RadioLink.self)
        container.register(RadioLink.self, scope: .singleton) { _ in RadioLink(id: 2) }
        #expect(made == nil, "nothing keeps a replaced registration or its instance")
        #expect(try container.resolve(RadioLink.self).id == 2)
    }

    @Test func weakIsSharedWhileHeldAndMadeAgainAfterwards() throws {
        let counter = Counter()
        let container = Container()
        container.register(RadioLink.self, scope: .weak) { _ in RadioLink(id: counter.next()) }
        var held: RadioLink? = try container.resolve(RadioLink.self)
        let firstID = held?.id
        #expect(try container.resolve(RadioLink.self).id == firstID)
        held = nil
        #expect(try container.resolve(RadioLink.self).id != firstID)
        #expect(counter.count == 2)
    }

    @Test func weakScopeRefusesValueTypesWithAClearError() throws {
        let container = Container()
        container.register(Suit.self, scope: .weak) { _ in Suit(serial: "EMU-1", size: 3) }
        let error = #expect(throws: ResolutionError.self) { try container.resolve(Suit.self) }
        #expect(
            error?.description.hasPrefix("Suit is registered in the weak scope but its factory made a Suit, which is not a class instance") == true)
    }

    @Test func customScopeIsSharedUntilReset() throws {
        let counter = Counter()
        let container = Container()
        container.register(RadioLink.self, scope: .custom(.session)) { _ in RadioLink(id: counter.next()) }
        container.register((any Radio).self, scope: .custom(.mission)) { _ in RadioLink(id: 100 + counter.next()) }
        let first = try container.resolve(RadioLink.self)
        let mission = try container.resolve((any Radio).self)
        #expect(try container.resolve(RadioLink.self) === first)
        container.reset(.session)
        let afterReset = try container.resolve(RadioLink.self)
        #expect(afterReset !== first)
        #expect(try container.resolve(RadioLink.self) === afterReset)
        #expect(same(try container.resolve((any Radio).self), mission), "resetting one scope leaves the others")
        #expect(first.id == 1 && afterReset.id == 3)
    }
}

extension CustomScope {
    static let session = CustomScope("session")
    static let mission = CustomScope("mission")
}
