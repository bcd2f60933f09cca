import HeatRadiatorServiceCore
import Logging
import RadioCore

/// Reads the cooling loops over the radio (`ETCS LIST`, `ETCS-x READ`).
public struct HeatRadiatorService: HeatRadiatorServicing {
    private let radio: any RadioChannel
    private let logger: Logger

    public init(radio: any RadioChannel, logger: Logger) {
        self.radio = radio
        self.logger = logger.scoped("heat-radiator-service")
    }

    public func loops() async throws -> [CoolingLoop] {
        var loops: [CoolingLoop] = []
        for name in try await radio.query(device: "ETCS", command: "LIST").list("loops") {
            let telemetry = try await radio.query(device: "ETCS-\(name)", command: "READ")
            let loop = CoolingLoop(
                name: name,
                inletCelsius: try telemetry.double("inlet", in: -60...60),
                outletCelsius: try telemetry.double("outlet", in: -60...60),
                flowKgPerHour: try telemetry.double("flow", in: 0...5_000))
            if !loop.isNominal { logger.warning("loop \(name) off-nominal: outlet \(loop.outletCelsius) °C") }
            loops.append(loop)
        }
        return loops
    }
}
