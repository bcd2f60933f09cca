// Overview: the flight controllers' app. Station structure, peripheries and spacesuits.
import DockingPortService
import HeatRadiatorService
import Logging
import Network
import Peripheries
import Radio
import Scaffold
import SolarArrayService
import Spacesuit
import SpacesuitService
import StationSimulator
import StrataDI
import UIComponents

let options = SimulationOptions.fromCommandLine(app: "Overview")
let logger = Logger(subsystem: "overview-app", minimumLevel: options.verbose ? .debug : .warning, sinks: [ConsoleLogSink()])

let container = Container(assemblies: [
    StationSimulatorAssembly(scenario: options.scenario), NetworkAssembly(), RadioAssembly(), HeatRadiatorServiceAssembly(),
    SolarArrayServiceAssembly(), DockingPortServiceAssembly(), SpacesuitServiceAssembly(),
])
container.register(Logger.self, scope: .singleton) { _ in logger }

print("ISS · Overview — scenario '\(options.scenario.name)': \(options.scenario.summary)")
print(GroundStationClient.apiKeyStatus + "\n")
await TerminalApp.run(
    "Overview", container: container,
    routes: [ScaffoldRoutes(host: "overview"), PeripheriesRoutes(host: "overview"), SpacesuitRoutes(host: "overview")],
    links: options.links, defaultLinks: ["iss://overview/structure", "iss://overview/peripheries", "iss://overview/spacesuit"])
if options.links.isEmpty {
    print(Panel(title: "Station", lines: ["\(options.scenario.crew.count) crew on board", "scenario: \(options.scenario.summary)"]).render())
}
