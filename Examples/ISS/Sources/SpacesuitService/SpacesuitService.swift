import Logging
import RadioCore
import SpacesuitServiceCore

/// Reads suit telemetry over the radio (`EMU LIST`, `EMU-nnnn STATUS`) and checks that every
/// value is physically plausible before a domain sees it.
public struct SpacesuitService: SpacesuitServicing {
    private let radio: any RadioChannel
    private let logger: Logger

    public init(radio: any RadioChannel, logger: Logger) {
        self.radio = radio
        self.logger = logger.scoped("spacesuit-service")
    }

    public func suits() async throws -> [SuitID] {
        let telemetry = try await radio.query(device: "EMU", command: "LIST")
        return try telemetry.list("suits").map(SuitID.init).sorted()
    }

    public func status(of suit: SuitID) async throws -> SpacesuitStatus {
        let telemetry = try await radio.query(device: suit.rawValue, command: "STATUS")
        let status = SpacesuitStatus(
            suit: suit,
            oxygenPercent: try telemetry.double("o2", in: 0...100),
            batteryPercent: try telemetry.double("bat", in: 0...100),
            pressureKPa: try telemetry.double("press", in: 0...110),
            temperatureCelsius: try telemetry.double("temp", in: -150...150),
            scrubberHours: try telemetry.double("scrub", in: 0...24))
        if !status.isReadyForSpacewalk {
            logger.notice("\(suit) not ready: \(status.issues.map(\.description).joined(separator: "; "))")
        }
        return status
    }
}
