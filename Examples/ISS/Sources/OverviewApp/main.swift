// Overview: the flight controllers' app. Station structure, peripheries and spacesuits.
import DockingPortService
import DockingPortServiceCore
import Foundation
import HeatRadiatorService
import HeatRadiatorServiceCore
import Logging
import Network
import NetworkCore
import Peripheries
import Radio
import RadioCore
import Scaffold
import SolarArrayService
import SolarArrayServiceCore
import Spacesuit
import SpacesuitService
import SpacesuitServiceCore
import StationSimulator
import UIComponents

let options = SimulationOptions.fromCommandLine(app: "Overview")

let scenario = options.scenario
let logger = Logger(subsystem: "overview-app", minimumLevel: options.verbose ? .debug : .warning, sinks: [ConsoleLogSink()])
let network: any NetworkClient = GroundStationClient(transport: SimulatedGroundStation(scenario: scenario, logger: logger), logger: logger)
let radio: any RadioChannel = RadioLink(transceiver: SimulatedDevices(scenario: scenario, logger: logger), logger: logger)
let heat: any HeatRadiatorServicing = HeatRadiatorService(radio: radio, logger: logger)
let solar: any SolarArrayServicing = SolarArrayService(radio: radio, logger: logger)
let docking: any DockingPortServicing = DockingPortService(network: network, logger: logger)
let suits: any SpacesuitServicing = SpacesuitService(radio: radio, logger: logger)

print("ISS · Overview — scenario '\(scenario.name)': \(scenario.summary)\n")
print(await ScaffoldFlow(solar: solar, docking: docking).render())
print(await PeripheriesFlow(heat: heat, solar: solar, docking: docking).render())
print()
print(await SpacesuitFlow(service: suits, logger: logger).render())
print()
print(Panel(title: "Station", lines: ["\(scenario.crew.count) crew on board", "scenario: \(scenario.summary)"]).render())
