import DockingPortServiceCore
import SolarArrayServiceCore
import UIComponents

/// The station's structure: power on each side of the integrated truss, and how many of the
/// pressurised modules' docking ports are in use.
public struct ScaffoldFlow: Sendable {
    private let solar: any SolarArrayServicing
    private let docking: any DockingPortServicing

    public init(solar: any SolarArrayServicing, docking: any DockingPortServicing) {
        self.solar = solar
        self.docking = docking
    }

    /// Power per truss side; a side without wings reports 0.
    public func powerBySide() async throws -> [TrussSide: Double] {
        var power = Dictionary(uniqueKeysWithValues: TrussSide.allCases.map { ($0, 0.0) })
        for wing in try await solar.wings() { power[wing.side, default: 0] += wing.powerKW }
        return power
    }

    /// The share of power from the port side; far from one half means the truss is unbalanced.
    public static func portShare(_ power: [TrussSide: Double]) -> Double {
        let total = power.values.reduce(0, +)
        return total > 0 ? (power[.port] ?? 0) / total : 0.5
    }

    public func render() async -> String {
        var lines: [String] = []
        do {
            let power = try await powerBySide()
            let share = Self.portShare(power)
            lines.append("Port truss   P4/P6: \(Int((power[.port] ?? 0).rounded())) kW")
            lines.append("Starboard    S4/S6: \(Int((power[.starboard] ?? 0).rounded())) kW")
            lines.append(
                abs(share - 0.5) > 0.15
                    ? "Truss power unbalanced (\(Int(share * 100))% port) \(Badge.warning.symbol)"
                    : "Truss power balanced \(Badge.ok.symbol)")
        } catch {
            lines.append("power unknown: \(error)")
        }
        do {
            let ports = try await docking.ports()
            let used = ports.filter { $0.state != .free }.count
            lines.append("Docking ports in use: \(used) of \(ports.count)")
        } catch {
            lines.append("docking ports unknown: \(error)")
        }
        return Panel(title: "Station structure", lines: lines).render()
    }
}
