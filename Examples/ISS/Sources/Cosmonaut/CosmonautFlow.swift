import CosmonautServiceCore
import Logging
import SpacesuitCore
import UIComponents

/// The crew screen: who is on board, their supplies, and their suits' readiness (asked of the
/// Spacesuit domain through its interface, so this domain never imports it).
public struct CosmonautFlow: Sendable {
    private let crewService: any CosmonautServicing
    private let suits: any SuitReadinessProviding
    private let logger: Logger

    public init(crewService: any CosmonautServicing, suits: any SuitReadinessProviding, logger: Logger) {
        self.crewService = crewService
        self.suits = suits
        self.logger = logger.scoped("cosmonaut")
    }

    public func render() async -> String {
        let crew: [Cosmonaut]
        do {
            crew = try await crewService.crew()
        } catch {
            logger.error("cannot load the crew: \(error)")
            return Panel(title: "Crew", lines: ["crew roster unavailable: \(error)"]).render()
        }
        var rows: [[String]] = []
        var alerts: [String] = []
        for member in crew {
            var row = [member.name, member.role, member.agency]
            do {
                let supplies = try await crewService.supplies(for: member.id)
                row += ["\(supplies.foodDays) d", "\(Int(supplies.waterLiters)) l"]
                if supplies.needsResupply {
                    alerts.append(
                        "\(member.name): resupply needed (\(supplies.foodDays) days of food\(supplies.medicalKitOK ? "" : ", medical kit incomplete"))"
                    )
                }
            } catch {
                row += ["?", "?"]
                alerts.append("\(member.name): supplies unknown (\(error))")
            }
            if let suit = member.suit {
                let readiness = await suits.readiness(ofSuit: suit)
                row.append("\(suit) \(readiness.isReady ? Badge.ok.symbol : Badge.failure.symbol)")
                if !readiness.isReady { alerts.append("\(member.name)'s suit \(suit): \(readiness.summary)") }
            } else {
                row.append("—")
            }
            rows.append(row)
        }
        let table = Table(
            columns: ["Crew member", "Role", "Agency", "Food", "Water", "Suit"], rows: rows,
            alignments: [.left, .left, .left, .right, .right, .left])
        var text = "Crew on board: \(crew.count)\n" + table.render()
        if !alerts.isEmpty { text += "\n" + alerts.map { "  ! " + $0 }.joined(separator: "\n") }
        return text
    }
}
