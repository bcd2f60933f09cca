import Foundation
import StrataDI
import Testing

/// A screen's model as a domain writes it: dependencies come from the container.
private final class SuitScreen {
    @Injected var suits: any Suits
    @OptionalInjected var backupRadio: (any Radio)?

    init() {}
}

private func container(radioID: Int, counter: Counter = Counter()) -> Container {
    let container = Container()
    container.register((any Radio).self) { _ in RadioLink(id: radioID) }
    container.register((any Telemetry).self) { r in TelemetryFeed(radio: try r.resolve()) }
    container.register((any Suits).self) { r in
        _ = counter.next()
        return SuitService(telemetry: try r.resolve(), radio: try r.resolve())
    }
    return container
}

@Suite struct InjectedTests {
    @Test func injectedResolvesOnFirstAccessAndKeepsTheInstance() throws {
        let counter = Counter()
        let screen = Injection.withContainer(container(radioID: 5, counter: counter)) { SuitScreen() }
        #expect(counter.count == 0)
        #expect(screen.suits.radio.id == 5)
        _ = screen.suits
        #expect(counter.count == 1)
    }

    @Test func optionalInjectedIsNilWhenTheAppLeavesTheServiceOut() {
        let screen = Injection.withContainer(Container()) { SuitScreen() }
        #expect(screen.backupRadio == nil)
    }

    @Test func parallelTasksEachSeeTheirOwnOverride() async throws {
        try await withThrowingTaskGroup(of: (Int, Int).self) { group in
            for radioID in 0..<64 {
                group.addTask {
                    await Injection.withContainer(container(radioID: radioID)) {
                        await Task.yield()
                        let screen = SuitScreen()
                        return (radioID, screen.suits.telemetry.radio.id)
                    }
                }
            }
            for try await (expected, seen) in group { #expect(seen == expected) }
        }
    }

    @Test func childTasksInheritTheOverride() async {
        let seen = await Injection.withContainer(container(radioID: 42)) {
            await Task { SuitScreen().suits.radio.id }.value
        }
        #expect(seen == 42)
    }

    @Test func aFailedInjectionStopsWithTheResolveErrorsMessage() throws {
        let (status, stderr) = try Probe.run("StrataDIProbe")
        #expect(status > 128, "StrataDI stops the app with a trap; it ended with status \(status)")
        // What was asked for, where it is declared, what failed and how to find it first.
        #expect(
            stderr.contains(
                "StrataDI: @Injected var of type any Suits, declared at StrataDIProbe/main.swift:10, could not be resolved: no registration for any Suits"
            ), "\(stderr)")
        #expect(stderr.contains("e.g. container.register((any Suits).self) { resolver in … }"))
        #expect(stderr.contains("use try $property.resolve() where the app can recover"))
    }
}
