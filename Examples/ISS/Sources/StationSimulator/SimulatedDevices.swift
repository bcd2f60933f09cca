import Logging
import RadioCore
import Synchronization

/// The devices of a scenario on the radio: spacesuits (`EMU`), the external thermal control
/// system (`ETCS`) and the solar array wings (`SAW`). Answers frames as the hardware would.
public final class SimulatedDevices: Transceiver {
    private let scenario: StationScenario
    private let logger: Logger
    private let corruptLeft: Mutex<Int>

    public init(scenario: StationScenario, logger: Logger) {
        self.scenario = scenario
        self.logger = logger.scoped("device-simulator")
        self.corruptLeft = Mutex(scenario.corruptRadioFrames)
    }

    public func transmit(_ frame: String) async throws -> String {
        let request = try RadioFrame(decoding: frame)
        guard let command = request.fields.first else { throw RadioError.corruptFrame(frame) }
        guard let fields = answer(device: request.device, command: command) else {
            logger.notice("no device answers \(request.device) \(command)")
            throw RadioError.noResponse(device: request.device)
        }
        let reply = RadioFrame(device: request.device, fields: fields).encoded
        let damage = corruptLeft.withLock { left -> Bool in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
        // A damaged frame keeps its checksum but loses a byte of its body.
        return damage ? String(reply.dropFirst(2)).replacingFirstCharacter(with: "$") : reply
    }

    private func answer(device: String, command: String) -> [String]? {
        func number(_ value: Double) -> String { String(value) }
        switch (device, command) {
        case ("EMU", "LIST"):
            return ["suits=" + scenario.suits.map(\.id).joined(separator: "|")]
        case ("ETCS", "LIST"):
            return ["loops=" + scenario.coolingLoops.map(\.name).joined(separator: "|")]
        case ("SAW", "LIST"):
            return ["wings=" + scenario.solarWings.map(\.name).joined(separator: "|")]
        case (_, "STATUS") where device.hasPrefix("EMU-"):
            guard let suit = scenario.suits.first(where: { $0.id == device }) else { return nil }
            return [
                "o2=\(number(suit.oxygenPercent))", "bat=\(number(suit.batteryPercent))",
                "press=\(number(suit.pressureKPa))", "temp=\(number(suit.temperatureCelsius))",
                "scrub=\(number(suit.scrubberHours))",
            ]
        case (_, "READ") where device.hasPrefix("ETCS-"):
            guard let loop = scenario.coolingLoops.first(where: { "ETCS-\($0.name)" == device }) else { return nil }
            return ["inlet=\(number(loop.inletCelsius))", "outlet=\(number(loop.outletCelsius))", "flow=\(number(loop.flowKgPerHour))"]
        case (_, "READ") where device.hasPrefix("SAW-"):
            guard let wing = scenario.solarWings.first(where: { "SAW-\($0.name)" == device }) else { return nil }
            return ["power=\(number(wing.powerKW))", "angle=\(number(wing.angleDegrees))", "tracking=\(wing.tracking ? 1 : 0)"]
        default:
            return nil
        }
    }
}

private extension String {
    func replacingFirstCharacter(with character: Character) -> String {
        isEmpty ? String(character) : String(character) + dropFirst()
    }
}
