import Foundation
import Logging
import NetworkCore

/// The ground-station client: adds the station's headers, retries when the link drops,
/// turns non-2xx answers into errors and logs every exchange.
public struct GroundStationClient: NetworkClient {
    private let transport: any Transport
    private let logger: Logger
    private let maximumAttempts: Int

    /// - Parameter maximumAttempts: tries per request when the link is down (at least 1).
    public init(transport: any Transport, logger: Logger, maximumAttempts: Int = 3) {
        self.transport = transport
        self.logger = logger.scoped("network")
        self.maximumAttempts = max(1, maximumAttempts)
    }

    /// Headers every request to the ground carries.
    public static let standardHeaders = ["Accept": "application/json", "X-Station": "ISS"]

    public func send(_ request: Request) async throws -> Response {
        var request = request
        request.headers.merge(Self.standardHeaders) { own, _ in own }
        var lastError: NetworkError = .unreachable("no attempt made")
        for attempt in 1...maximumAttempts {
            do {
                let response = try await transport.send(request)
                logger.debug("\(request.method.rawValue) \(request.path) → \(response.status)")
                guard response.isSuccess else {
                    throw NetworkError.status(response.status, path: request.path)
                }
                return response
            } catch NetworkError.unreachable(let reason) {
                lastError = .unreachable(reason)
                logger.warning("\(request.path): link down on attempt \(attempt) of \(maximumAttempts) (\(reason))")
            }
        }
        throw lastError
    }
}
