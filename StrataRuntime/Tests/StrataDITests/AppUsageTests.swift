import Foundation
import StrataDI
import StrataRuntimeSupport
import Testing

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

    @Test func registeringAgainAndAgainKeepsMemoryBounded() throws {
        let container = Container()
        weak var firstCapture: RadioLink?
        do {
            let captured = RadioLink(id: 0)
            firstCapture = captured
            container.register((any Radio).self, scope: .singleton) { _ in captured }
            _ = try container.resolve((any Radio).self)
        }
        let before = Self.residentBytes()
        for index in 1...100_000 {
            container.register((any Radio).self, scope: .singleton) { _ in RadioLink(id: index) }
            #expect(try container.resolve((any Radio).self).id == index)
        }
        let grown = Self.residentBytes() - before
        #expect(firstCapture == nil, "a replaced registration, its factory and its instance are released")
        #expect(container.registrations.count == 1)
        #if os(Linux)
        // 100,000 kept registrations would take tens of megabytes; other tests run alongside.
        // (Under a sanitizer freed memory is held in quarantine, so only the references above
        // say anything there.)
        if !Self.isSanitized {
            #expect(grown < 24 << 20, "resident memory grew by \(grown >> 20) MB over 100,000 registrations")
        }
        #endif
    }

    /// Whether ThreadSanitizer or AddressSanitizer runs in this process.
    static var isSanitized: Bool {
        #if os(Linux)
        dlsym(nil, "__tsan_init") != nil || dlsym(nil, "__asan_init") != nil
        #else
        false
        #endif
    }

    /// Resident memory in bytes (Linux: /proc/self/statm; 0 elsewhere, where the bound is not checked).
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        return (fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
