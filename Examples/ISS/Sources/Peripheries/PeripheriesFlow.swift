import DockingPortServiceCore
import HeatRadiatorServiceCore
import SolarArrayServiceCore
import UIComponents

/// The peripheries screen: heat radiators, solar arrays and docking ports at a glance.
public struct PeripheriesFlow: Sendable {
    private let heat: any HeatRadiatorServicing
    private let solar: any SolarArrayServicing
    private let docking: any DockingPortServicing

    public init(heat: any HeatRadiatorServicing, solar: any SolarArrayServicing, docking: any DockingPortServicing) {
        self.heat = heat
        self.solar = solar
        self.docking = docking
    }

    public func render() async -> String {
        [await coolingPanel(), await powerPanel(), await dockingPanel()].joined(separator: "\n")
    }

    func coolingPanel() async -> String {
        do {
            let loops = try await heat.loops()
            let lines = loops.map { loop in
                "Loop \(loop.name): \(loop.inletCelsius) → \(loop.outletCelsius) °C, \(Int(loop.flowKgPerHour)) kg/h  \(loop.isNominal ? Badge.ok.symbol : Badge.warning.symbol)"
            }
            return Panel(title: "Heat radiators", lines: lines.isEmpty ? ["no cooling loops reported"] : lines).render()
        } catch {
            return Panel(title: "Heat radiators", lines: ["telemetry unavailable: \(error)"]).render()
        }
    }

    func powerPanel() async -> String {
        do {
            let wings = try await solar.wings()
            let total = wings.reduce(0) { $0 + $1.powerKW }
            var lines = wings.map { Gauge(label: "Wing \($0.name)", value: $0.powerKW, range: 0...35, width: 16, unit: " kW").render(labelWidth: 9) }
            lines.append("Total: \(Int(total.rounded())) kW from \(wings.count) wings")
            return Panel(title: "Solar arrays", lines: lines).render()
        } catch {
            return Panel(title: "Solar arrays", lines: ["telemetry unavailable: \(error)"]).render()
        }
    }

    func dockingPanel() async -> String {
        do {
            let ports = try await docking.ports()
            let lines = ports.map { port -> String in
                switch port.state {
                case .free: "\(port.name): free"
                case .occupied: "\(port.name): \(port.vehicle ?? "?")"
                case .approaching: "\(port.name): \(port.vehicle ?? "?") approaching"
                }
            }
            return Panel(title: "Docking ports", lines: lines).render()
        } catch {
            return Panel(title: "Docking ports", lines: ["schedule unavailable: \(error)"]).render()
        }
    }
}
