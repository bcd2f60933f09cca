import Foundation
import StrataRuntimeSupport
import Testing

@testable import StrataDI

/// A SwiftUI view's shape: a struct, used through a `let`, with an injected dependency.
private struct SuitView {
    @Injected var suits: any Suits
    @OptionalInjected("backup") var backup: (any Radio)?
}

private final class Pilot: Sendable {
    let name: String
    /// Set after both exist: a pilot and a ship that know each other.
    let ship = Lock<Ship?>(nil)
    init(name: String) { self.name = name }
}

private final class Ship: Sendable {
    let pilot: Pilot
    init(pilot: Pilot) { self.pilot = pilot }
}

private struct SuitOrder: Sendable {
    let suits: any Suits
    let size: Int
}

private func suitContainer() -> Container {
    let container = Container()
    container.register((any Radio).self) { _ in RadioLink(id: 3) }
    container.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve()) }
    container.register((any Suits).self) { r in SuitService(telemetry: try r.resolve(), radio: try r.resolve()) }
    return container
}

/// What app teams do with a container, beyond resolving: structs and views with injected
/// properties, recoverable failures, property injection, verifying factories with arguments, and
/// long-lived containers that are registered into again and again.
@Suite struct AppUsageTests {
    @Test func injectedWorksInAStructThroughALet() throws {
        let view = Injection.withContainer(suitContainer()) { SuitView() }
        let copy = view
        #expect(view.suits.radio.id == 3)
        #expect(same(view.suits.radio, copy.suits.radio), "copies share the resolved instance")
        #expect(view.backup == nil)
    }

    @Test func theProjectedValueThrowsInsteadOfTrapping() throws {
        let view = Injection.withContainer(Container()) { SuitView() }
        let error = try #require(throws: ResolutionError.self) { try view.$suits.resolve() }
        #expect(error.key.description == "any Suits")
        #expect(try view.$backup.resolve() == nil)
    }

    @Test func initCompletedInjectsAPropertyThatLeadsBackToTheService() throws {
        for scope in [Scope.graph, .singleton] {
            let container = Container()
            container.register(
                Pilot.self, scope: scope,
                initCompleted: { resolver, pilot in
                    pilot.ship.withLock { $0 = nil }
                    let ship = try resolver.resolve(Ship.self)
                    pilot.ship.withLock { $0 = ship }
                }
            ) { _ in Pilot(name: "Lena") }
            container.register(Ship.self) { r in Ship(pilot: try r.resolve()) }
            let pilot = try container.resolve(Pilot.self)
            let ship = try #require(pilot.ship.withLock { $0 })
            #expect(ship.pilot === pilot, "\(scope): the ship's pilot is the pilot being completed")
            pilot.ship.withLock { $0 = nil }  // the two refer to each other: let them go
        }
    }

    @Test func verifyRunsFactoriesWithArgumentsOnSamples() throws {
        let container = Container()
        container.register(SuitOrder.self) { (r, size: Int) in SuitOrder(suits: try r.resolve(), size: size) }
        container.register((any Radio).self) { (_, id: Int?) in RadioLink(id: id ?? 0) }

        // Without a sample for Int the order is not verified, and verify says so.
        let unverified = try #require(throws: VerificationError.self) { try container.verify() }
        #expect(unverified.unverified.map(\.description) == ["SuitOrder (argument: Int)"])
        #expect(unverified.description.contains("hint: pass a sample, as in verify(arguments: <a Int>)"))

        // With one, its factory runs and what it resolves is checked: nothing registers Suits.
        let missing = try #require(throws: VerificationError.self) { try container.verify(arguments: 42) }
        #expect(missing.unverified.isEmpty)
        #expect(missing.problems.map(\.description).first?.hasPrefix("no registration for any Suits, needed by SuitOrder (argument: Int)") == true)

        // The optional argument needed no sample; with Suits registered, everything verifies.
        container.register((any Suits).self) { r in
            SuitService(telemetry: TelemetryFeed(radio: try r.resolve(argument: Int?.none)), radio: RadioLink(id: 1))
        }
        try container.verify(arguments: 42)
    }

    @Test func aPreviewContainerOverridesAFewServicesOfTheApps() throws {
        let app = suitContainer()
        let preview = app.overriding { $0.register((any Radio).self) { _ in RadioLink(id: 99) } }
        let view = Injection.withContainer(preview) { SuitView() }
        #expect(view.suits.radio.id == 99, "the app's Suits factory resolves the preview's Radio")
        #expect(try app.resolve((any Radio).self).id == 3, "the app's container is unchanged")
    }

    @Test func theContextIsToldFromTheEnvironment() {
        #expect(InjectionContext.current == .test)
        #expect(InjectionContext.detect(environment: ["XCODE_RUNNING_FOR_PREVIEWS": "1"], executable: "/Apps/ISS.app/ISS") == .preview)
        #expect(InjectionContext.detect(environment: ["XCTestConfigurationFilePath": "/tmp/x"], executable: "/Apps/ISS.app/ISS") == .test)
        #expect(InjectionContext.detect(environment: [:], executable: "/build/debug/StrataPackageTests.xctest") == .test)
        #expect(InjectionContext.detect(environment: [:], executable: "/Apps/ISS.app/ISS") == .app)
    }

    /// Registering a key again replaces its registration: nothing of a replaced one is kept — its
    /// entry (with its factory and creation lock), what its factory captured, the instance it
    /// made — and the container's table does not grow. Checked object by object (a sample of
    /// each thousandth registration) rather than by the process's resident memory, which other
    /// tests running alongside move by more than a leak of this size.
    @Test func registeringAgainAndAgainKeepsMemoryBounded() throws {
        final class Captured: Sendable {}
        final class Sample {
            weak var entry: ServiceEntry?
            weak var captured: Captured?
            weak var instance: RadioLink?
        }
        let container = Container()
        let key = ServiceKey((any Radio).self, name: nil)
        let tableSize = container.registry.withLock { $0.entries.count }
        var samples: [Sample] = []
        for index in 1...100_000 {
            let captured = Captured()
            container.register((any Radio).self, scope: .singleton) { _ in withExtendedLifetime(captured) { RadioLink(id: index) } }
            let resolved = try container.resolve((any Radio).self)
            #expect(resolved.id == index)
            if index % 1_000 == 0 {
                let sample = Sample()
                sample.entry = container.registry.withLock { $0.entry(for: key) }
                sample.captured = captured
                sample.instance = resolved as? RadioLink
                samples.append(sample)
            }
        }
        // The last registration is the live one: the samples see what they should.
        let live = try #require(samples.last)
        #expect(live.entry != nil && live.captured != nil && live.instance != nil)
        for (number, sample) in samples.dropLast().enumerated() {
            #expect(
                sample.entry == nil && sample.captured == nil && sample.instance == nil,
                "registration \((number + 1) * 1_000) is still held after it was replaced")
        }
        #expect(container.registrations.count == 1)
        #expect(container.registry.withLock { $0.entries.count } == tableSize, "the table grew with registrations of one key")
    }
}
