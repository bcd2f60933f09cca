public import Foundation

/// A `multipart/form-data` body (RFC 7578) as the registry's publish endpoint takes it: named
/// parts, each with its content type.
public struct MultipartBody: Sendable {
    public let boundary = "strata-\(UUID().uuidString)"
    public private(set) var data = Data()

    public init() {}

    /// The request's `Content-Type`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    public mutating func append(_ name: String, type: String, _ body: Data) {
        data.append(Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\nContent-Type: \(type)\r\n\r\n".utf8))
        data.append(body)
        data.append(Data("\r\n".utf8))
    }

    /// The body with its closing boundary.
    public var finished: Data { data + Data("--\(boundary)--\r\n".utf8) }

    /// A release: its `source-archive` and, when given, its `metadata`.
    public static func release(archive: Data, metadata: Data?) -> MultipartBody {
        var body = MultipartBody()
        body.append("source-archive", type: "application/zip", archive)
        if let metadata { body.append("metadata", type: "application/json", metadata) }
        return body
    }
}
