import Logging
import SpacesuitServiceCore
import UIComponents

/// The spacesuit screen: every suit's consumables and whether it is go for a spacewalk.
public struct SpacesuitFlow: Sendable {
    private let service: any SpacesuitServicing
    private let logger: Logger
    private let only: SuitID?

    /// The screen for every suit, or for `only` that one.
    public init(service: any SpacesuitServicing, logger: Logger, only: SuitID? = nil) {
        self.service = service
        self.logger = logger.scoped("spacesuit")
        self.only = only
    }

    /// The screen's text; a suit whose telemetry cannot be read is shown as such.
    public func render() async -> String {
        let suits: [SuitID]
        do {
            if let only { suits = [only] } else { suits = try await service.suits() }
        } catch {
            logger.error("cannot list suits: \(error)")
            return Panel(title: "Spacesuits", lines: ["suit telemetry unavailable: \(error)"]).render()
        }
        var rows: [[String]] = []
        var notes: [String] = []
        for suit in suits {
            do {
                let status = try await service.status(of: suit)
                rows.append([
                    suit.rawValue, "\(Int(status.oxygenPercent))%", "\(Int(status.batteryPercent))%",
                    "\(status.pressureKPa) kPa", "\(status.scrubberHours) h",
                    status.isReadyForSpacewalk ? Badge.ok.symbol : Badge.failure.symbol,
                ])
                notes += status.issues.map { "\(suit): \($0)" }
            } catch {
                rows.append([suit.rawValue, "?", "?", "?", "?", Badge.warning.symbol])
                notes.append("\(suit): no telemetry (\(error))")
            }
        }
        let table = Table(
            columns: ["Suit", "O₂", "Battery", "Pressure", "Scrubber", "EVA"], rows: rows,
            alignments: [.left, .right, .right, .right, .right, .left])
        let ready = rows.filter { $0.last == Badge.ok.symbol }.count
        var text = "Spacesuits: \(ready) of \(suits.count) go for a spacewalk\n" + table.render()
        if !notes.isEmpty { text += "\n" + notes.map { "  • " + $0 }.joined(separator: "\n") }
        return text
    }
}
