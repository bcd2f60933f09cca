import Foundation

/// Moves raw requests to the ground and back (a radio link, a socket, a simulator).
public protocol Transport: Sendable {
    func send(_ request: Request) async throws -> Response
}

/// The ground station as services see it.
public protocol NetworkClient: Sendable {
    /// Sends `request`; throws `NetworkError` for failures, including non-2xx answers.
    func send(_ request: Request) async throws -> Response
}

extension NetworkClient {
    /// GETs `path` and decodes its JSON body.
    public func get<Value: Decodable>(_ path: String, as type: Value.Type = Value.self) async throws -> Value {
        let response = try await send(Request(method: .get, path: path))
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch let error as DecodingError {
            throw NetworkError.decoding(path: path, reason: Self.describe(error))
        }
    }

    private static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "missing '\(key.stringValue)'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            context.debugDescription
        @unknown default: "\(error)"
        }
    }
}
