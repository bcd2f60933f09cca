import Foundation
import NetworkCore
import Synchronization

/// A ground station for tests: answers from stubs and records every request.
public final class MockNetworkClient: NetworkClient {
    private struct State {
        var stubs: [String: Result<Response, NetworkError>] = [:]
        var requests: [Request] = []
    }
    private let state = Mutex(State())

    public init() {}

    /// Answers GET `path` with this JSON.
    public func stub(_ path: String, json: String) {
        state.withLock { $0.stubs[path] = .success(.json(json)) }
    }

    /// Fails requests for `path` with `error`.
    public func stub(_ path: String, failure error: NetworkError) {
        state.withLock { $0.stubs[path] = .failure(error) }
    }

    /// Every request received, in order.
    public var requests: [Request] { state.withLock { $0.requests } }

    public func send(_ request: Request) async throws -> Response {
        let stub = state.withLock { state -> Result<Response, NetworkError>? in
            state.requests.append(request)
            return state.stubs[request.path]
        }
        guard let stub else { throw NetworkError.status(404, path: request.path) }
        return try stub.get()
    }
}
