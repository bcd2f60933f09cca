// Laboratory: the science team's app. Runs the Columbus experiment plan.
import Columbus
import Foundation
import HeatRadiatorService
import HeatRadiatorServiceCore
import Logging
import Persistence
import PersistenceCore
import Radio
import RadioCore
import StationSimulator

let options = SimulationOptions.fromCommandLine(app: "Laboratory")

let scenario = options.scenario
let logger = Logger(subsystem: "laboratory-app", minimumLevel: options.verbose ? .debug : .warning, sinks: [ConsoleLogSink()])
let radio: any RadioChannel = RadioLink(transceiver: SimulatedDevices(scenario: scenario, logger: logger), logger: logger)
let cooling: any HeatRadiatorServicing = HeatRadiatorService(radio: radio, logger: logger)
let store: any KeyValueStore
do {
    store = try options.storeFolder.map { try FileStore(folder: URL(fileURLWithPath: $0), logger: logger) } ?? InMemoryStore()
} catch {
    FileHandle.standardError.write(Data("Laboratory: \(error)\n".utf8))
    exit(1)
}

print("ISS · Laboratory — scenario '\(scenario.name)': \(scenario.summary)\n")
print(await LaboratoryFlow(cooling: cooling, store: store, logger: logger).render())
