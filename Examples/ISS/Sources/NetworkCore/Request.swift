import Foundation

/// The HTTP methods the ground link speaks.
public enum HTTPMethod: String, Sendable {
    case get = "GET"
    case post = "POST"
}

/// A request to the ground station.
public struct Request: Sendable, Equatable {
    public var method: HTTPMethod
    public var path: String
    public var headers: [String: String]
    public var body: Data?

    public init(method: HTTPMethod = .get, path: String, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.path = path
        self.headers = headers
        self.body = body
    }
}

/// The ground station's answer.
public struct Response: Sendable, Equatable {
    public var status: Int
    public var body: Data

    public init(status: Int, body: Data = Data()) {
        self.status = status
        self.body = body
    }

    /// A JSON response with status 200.
    public static func json(_ text: String) -> Response {
        Response(status: 200, body: Data(text.utf8))
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// What can go wrong talking to the ground.
public enum NetworkError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The link is down (loss of signal); worth retrying.
    case unreachable(String)
    /// The ground answered with a non-2xx status.
    case status(Int, path: String)
    /// The body was not what the caller expected.
    case decoding(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "ground station unreachable: \(reason)"
        case .status(let status, let path): "ground station answered \(status) for \(path)"
        case .decoding(let path, let reason): "unexpected data from \(path): \(reason)"
        }
    }
}
