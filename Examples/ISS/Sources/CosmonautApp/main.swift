import Cosmonaut
// Cosmonaut: the crew's app. Shows who is on board, their supplies and their spacesuits.
import CosmonautService
import Foundation
import Logging
import Network
import NetworkCore
import Persistence
import PersistenceCore
import Radio
import RadioCore
import Spacesuit
import SpacesuitCore
import SpacesuitService
import SpacesuitServiceCore
import StationSimulator

let options = SimulationOptions.fromCommandLine(app: "Cosmonaut")

// Assemble the modules: the app is the only place that knows the implementations.
let scenario = options.scenario
let logger = Logger(subsystem: "cosmonaut-app", minimumLevel: options.verbose ? .debug : .warning, sinks: [ConsoleLogSink()])
let network: any NetworkClient = GroundStationClient(transport: SimulatedGroundStation(scenario: scenario, logger: logger), logger: logger)
let radio: any RadioChannel = RadioLink(transceiver: SimulatedDevices(scenario: scenario, logger: logger), logger: logger)
let store: any KeyValueStore
do {
    store = try options.storeFolder.map { try FileStore(folder: URL(fileURLWithPath: $0), logger: logger) } ?? InMemoryStore()
} catch {
    FileHandle.standardError.write(Data("Cosmonaut: \(error)\n".utf8))
    exit(1)
}
let suitService: any SpacesuitServicing = SpacesuitService(radio: radio, logger: logger)
let readiness: any SuitReadinessProviding = SuitReadinessProvider(service: suitService)
let crew = CosmonautFlow(crewService: CosmonautService(network: network, store: store, logger: logger), suits: readiness, logger: logger)

print("ISS · Cosmonaut — scenario '\(scenario.name)': \(scenario.summary)\n")
print(await crew.render())
print()
print(await SpacesuitFlow(service: suitService, logger: logger).render())
