// Cosmonaut: the crew's app. Shows who is on board, their supplies and their spacesuits.
// `swift run CosmonautApp iss://cosmonaut/spacesuit` opens one flow through its deep link.
import Cosmonaut
import CosmonautService
import Logging
import Network
import Persistence
import Radio
import Spacesuit
import SpacesuitService
import StationSimulator
import StrataDI
import UIComponents

let options = SimulationOptions.fromCommandLine(app: "Cosmonaut")
let logger = Logger(subsystem: "cosmonaut-app", minimumLevel: options.verbose ? .debug : .warning, sinks: [ConsoleLogSink()])

// The app is the only place that knows the implementations: each module registers its own.
let container = Container(assemblies: [
    StationSimulatorAssembly(scenario: options.scenario), NetworkAssembly(), RadioAssembly(),
    PersistenceAssembly(folder: options.storeFolder), CosmonautServiceAssembly(), SpacesuitServiceAssembly(), SpacesuitAssembly(),
])
container.register(Logger.self, scope: .singleton) { _ in logger }

print("ISS · Cosmonaut — scenario '\(options.scenario.name)': \(options.scenario.summary)")
print(GroundStationClient.apiKeyStatus + "\n")
await TerminalApp.run(
    "Cosmonaut", container: container, routes: [CosmonautRoutes(host: "cosmonaut"), SpacesuitRoutes(host: "cosmonaut")],
    links: options.links, defaultLinks: ["iss://cosmonaut/crew", "iss://cosmonaut/spacesuit"])
