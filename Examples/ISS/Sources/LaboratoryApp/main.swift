// Laboratory: the science team's app. Runs the Columbus experiment plan.
import Columbus
import HeatRadiatorService
import Logging
import Persistence
import Radio
import StationSimulator
import StrataDI
import UIComponents

let options = SimulationOptions.fromCommandLine(app: "Laboratory")
let logger = Logger(subsystem: "laboratory-app", minimumLevel: options.verbose ? .debug : .warning, sinks: [ConsoleLogSink()])

let container = Container(assemblies: [
    StationSimulatorAssembly(scenario: options.scenario), RadioAssembly(), HeatRadiatorServiceAssembly(),
    PersistenceAssembly(folder: options.storeFolder),
])
container.register(Logger.self, scope: .singleton) { _ in logger }

print("ISS · Laboratory — scenario '\(options.scenario.name)': \(options.scenario.summary)\n")
await TerminalApp.run(
    "Laboratory", container: container, routes: [ColumbusRoutes(host: "laboratory")], links: options.links,
    defaultLinks: ["iss://laboratory/experiments"])
