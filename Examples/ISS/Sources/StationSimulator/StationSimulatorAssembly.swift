import Logging
import NetworkCore
import RadioCore
import StrataDI

/// Registers the simulated station: the ground link behind `Transport` and the devices on board
/// behind `Transceiver`, both playing `scenario`.
public struct StationSimulatorAssembly: Assembly {
    private let scenario: StationScenario

    public init(scenario: StationScenario) { self.scenario = scenario }

    public func assemble(into container: Container) {
        container.register((any Transport).self, scope: .singleton) { [scenario] resolver in
            SimulatedGroundStation(scenario: scenario, logger: try resolver.resolve())
        }
        container.register((any Transceiver).self, scope: .singleton) { [scenario] resolver in
            SimulatedDevices(scenario: scenario, logger: try resolver.resolve())
        }
    }
}
