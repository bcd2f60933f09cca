public import Foundation
public import HTTPTypes
public import Hummingbird
public import NIOCore

/// An error answer as the spec requires: a status and an RFC 7807 problem document
/// (`application/problem+json`, `Content-Language: en`) whose `detail` says what to do.
public struct Problem: Error, Sendable {
    public var status: HTTPResponse.Status
    public var detail: String
    /// Extra headers (`WWW-Authenticate`, `Location`, `Retry-After`).
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, _ detail: String, headers: HTTPFields = [:]) {
        self.status = status
        self.detail = detail
        self.headers = headers
    }

    public var response: Response {
        var fields = headers
        fields[.contentType] = "application/problem+json"
        fields[.contentLanguage] = "en"
        let data = (try? Documents.encode(Documents.ProblemDetails(status: status.code, title: status.reasonPhrase, detail: detail))) ?? Data()
        return Response(status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}

extension HTTPField.Name {
    static let contentVersion = HTTPField.Name("Content-Version")!
    static let digest = HTTPField.Name("Digest")!
    static let link = HTTPField.Name("Link")!
    static let signatureFormat = HTTPField.Name("X-Swift-Package-Signature-Format")!
    static let signature = HTTPField.Name("X-Swift-Package-Signature")!
}
