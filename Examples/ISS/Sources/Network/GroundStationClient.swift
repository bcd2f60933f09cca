import Foundation
import Logging
import NetworkCore
import SecretsPlaceholder

/// The ground-station client: adds the station's headers and its API key, retries when the link
/// drops, turns non-2xx answers into errors and logs every exchange.
///
/// The API key comes from the team's secrets (`strata secrets`, docs/SECRETS.md): exported into
/// `Secrets.swift` in this module, it hides the empty placeholder `SecretsPlaceholder` gives.
public struct GroundStationClient: NetworkClient {
    private let transport: any Transport
    private let logger: Logger
    private let maximumAttempts: Int
    private let apiKey: String

    /// - Parameters:
    ///   - maximumAttempts: tries per request when the link is down (at least 1).
    ///   - apiKey: sent as `X-API-Key` (default: the exported secret); none is sent when it is empty.
    public init(transport: any Transport, logger: Logger, maximumAttempts: Int = 3, apiKey: String? = nil) {
        self.transport = transport
        self.logger = logger.scoped("network")
        self.maximumAttempts = max(1, maximumAttempts)
        self.apiKey = apiKey ?? Secrets.groundStationAPIKey
    }

    /// Headers every request to the ground carries.
    public static let standardHeaders = ["Accept": "application/json", "X-Station": "ISS"]

    /// Whether this build has the ground station's API key, for the apps' banner (never the key).
    public static var apiKeyStatus: String {
        let key = Secrets.groundStationAPIKey
        return key.isEmpty
            ? "ground-station API key: none (this build has no exported secrets; see docs/SECRETS.md)"
            : "ground-station API key: set (\(key.utf8.count) bytes)"
    }

    public func send(_ request: Request) async throws -> Response {
        var request = request
        request.headers.merge(Self.standardHeaders) { own, _ in own }
        if !apiKey.isEmpty { request.headers["X-API-Key"] = apiKey }
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
