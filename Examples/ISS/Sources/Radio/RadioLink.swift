import Logging
import RadioCore

/// The on-board radio: frames commands, verifies replies and retries corrupt ones.
public struct RadioLink: RadioChannel {
    private let transceiver: any Transceiver
    private let logger: Logger
    private let maximumAttempts: Int

    public init(transceiver: any Transceiver, logger: Logger, maximumAttempts: Int = 3) {
        self.transceiver = transceiver
        self.logger = logger.scoped("radio")
        self.maximumAttempts = max(1, maximumAttempts)
    }

    public func query(device: String, command: String) async throws -> Telemetry {
        let request = RadioFrame(device: device, fields: [command]).encoded
        var lastError: RadioError = .noResponse(device: device)
        for attempt in 1...maximumAttempts {
            let reply = try await transceiver.transmit(request)
            do {
                let frame = try RadioFrame(decoding: reply)
                guard frame.device == device else {
                    throw RadioError.corruptFrame(reply)
                }
                logger.debug("\(device) \(command): \(frame.fields.count) values")
                return Telemetry(device: device, values: frame.values)
            } catch let error as RadioError {
                lastError = error
                logger.warning("\(device): \(error) (attempt \(attempt) of \(maximumAttempts))")
            }
        }
        throw lastError
    }
}
