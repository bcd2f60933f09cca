import DockingPortServiceCore
import DockingPortServiceMocks
import HeatRadiatorServiceCore
import HeatRadiatorServiceMocks
import Peripheries
import SolarArrayServiceCore
import SolarArrayServiceMocks
import Testing

@Suite struct PeripheriesTests {
    static let wings = [
        SolarArrayWing(name: "1A", powerKW: 27.1, angleDegrees: 41, isTracking: true),
        SolarArrayWing(name: "2A", powerKW: 25.9, angleDegrees: 139, isTracking: true),
    ]

    @Test func theScreenShowsCoolingPowerAndDocking() async {
        let flow = PeripheriesFlow(
            heat: MockHeatRadiatorService(loops: [CoolingLoop(name: "A", inletCelsius: 2.8, outletCelsius: 17.2, flowKgPerHour: 1650)]),
            solar: MockSolarArrayService(wings: Self.wings),
            docking: MockDockingPortService(ports: [DockingPort(name: "Unity nadir", vehicle: "Cygnus NG-20", state: .approaching)]))
        let screen = await flow.render()
        #expect(screen.contains("Loop A: 2.8 → 17.2 °C, 1650 kg/h  ! WARN"))
        #expect(screen.contains("Total: 53 kW from 2 wings"))
        #expect(screen.contains("Unity nadir: Cygnus NG-20 approaching"))
    }

    @Test func aFailingServiceOnlyBlanksItsOwnPanel() async {
        let flow = PeripheriesFlow(
            heat: MockHeatRadiatorService(failure: "pump"), solar: MockSolarArrayService(wings: Self.wings),
            docking: MockDockingPortService(ports: []))
        let screen = await flow.render()
        #expect(screen.contains("telemetry unavailable"))
        #expect(screen.contains("Total: 53 kW"))
    }
}
