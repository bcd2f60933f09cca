import DockingPortServiceCore
import DockingPortServiceMocks
import Scaffold
import SolarArrayServiceCore
import SolarArrayServiceMocks
import Testing

@Suite struct ScaffoldTests {
    private func wing(_ name: String, _ power: Double) -> SolarArrayWing {
        SolarArrayWing(name: name, powerKW: power, angleDegrees: 0, isTracking: true)
    }

    @Test func powerIsSummedPerTrussSide() async throws {
        let flow = ScaffoldFlow(
            solar: MockSolarArrayService(wings: [wing("1A", 20), wing("3A", 10), wing("2A", 25)]),
            docking: MockDockingPortService(ports: []))
        let power = try await flow.powerBySide()
        #expect(power == [.starboard: 30, .port: 25])
        #expect(abs(ScaffoldFlow.portShare(power) - 25.0 / 55.0) < 0.0001)
        #expect(ScaffoldFlow.portShare([:]) == 0.5)
    }

    @Test func anUnbalancedTrussIsFlagged() async {
        let flow = ScaffoldFlow(
            solar: MockSolarArrayService(wings: [wing("1A", 30), wing("2A", 5)]),
            docking: MockDockingPortService(ports: [
                DockingPort(name: "Poisk", vehicle: "Soyuz", state: .occupied),
                DockingPort(name: "Harmony zenith", vehicle: nil, state: .free),
            ]))
        let screen = await flow.render()
        #expect(screen.contains("Truss power unbalanced (14% port)"))
        #expect(screen.contains("Docking ports in use: 1 of 2"))
    }
}
