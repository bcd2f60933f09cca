import Logging
import RadioCore
import SolarArrayServiceCore

/// Reads the solar array wings over the radio (`SAW LIST`, `SAW-xx READ`).
public struct SolarArrayService: SolarArrayServicing {
    private let radio: any RadioChannel
    private let logger: Logger

    public init(radio: any RadioChannel, logger: Logger) {
        self.radio = radio
        self.logger = logger.scoped("solar-array-service")
    }

    public func wings() async throws -> [SolarArrayWing] {
        var wings: [SolarArrayWing] = []
        for name in try await radio.query(device: "SAW", command: "LIST").list("wings") {
            let telemetry = try await radio.query(device: "SAW-\(name)", command: "READ")
            let wing = SolarArrayWing(
                name: name,
                powerKW: try telemetry.double("power", in: 0...40),
                angleDegrees: try telemetry.double("angle", in: 0...360),
                isTracking: try telemetry.double("tracking", in: 0...1) == 1)
            if !wing.isTracking { logger.notice("wing \(name) is parked") }
            wings.append(wing)
        }
        return wings.sorted { $0.name < $1.name }
    }
}
