import Crypto
public import Foundation

/// AWS Signature Version 4 for S3 requests (the `Authorization` header form), with swift-crypto's
/// SHA-256 and HMAC: what every S3-compatible store (AWS, MinIO, Ceph, R2, moto) checks.
///
/// The steps are the specification's: a canonical request (method, URI, sorted query, the signed
/// headers, the payload's hash), a string to sign naming the date, region and service, and an
/// HMAC chain from the secret key through date, region, service and `aws4_request`.
public struct SigV4Signer: Sendable {
    public struct Credentials: Sendable, Equatable {
        public var accessKeyID: String
        public var secretAccessKey: String
        /// Temporary credentials' session token, sent as `x-amz-security-token`.
        public var sessionToken: String?

        public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
            self.accessKeyID = accessKeyID
            self.secretAccessKey = secretAccessKey
            self.sessionToken = sessionToken
        }
    }

    public var credentials: Credentials
    public var region: String
    public var service = "s3"

    public init(credentials: Credentials, region: String) {
        self.credentials = credentials
        self.region = region
    }

    /// The SHA-256 of no bytes, the payload hash of a request without a body.
    public static let emptyPayloadHash = Checksum.sha256Hex(Data())

    /// The headers to add to a request so that it is signed: `x-amz-date`,
    /// `x-amz-content-sha256`, the session token if any, and `Authorization`.
    ///
    /// - Parameters:
    ///   - method: `GET`, `PUT`, …
    ///   - host: the `Host` header's value as the client sends it (with `:port` unless the default).
    ///   - path: the URI path, already percent-encoded as it goes on the wire.
    ///   - query: the query's parameters, unencoded (encoded here, as the specification says).
    ///   - headers: other headers to sign (lowercase names), such as `range` or `content-type`.
    ///   - payloadHash: the body's SHA-256 in hex.
    public func signedHeaders(
        method: String, host: String, path: String, query: [(String, String)] = [], headers: [String: String] = [:],
        payloadHash: String, date: Date = Date()
    ) -> [String: String] {
        let (stamp, day) = Self.timestamps(date)
        var signed = headers.reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value.trimmingCharacters(in: .whitespaces) }
        signed["host"] = host
        signed["x-amz-date"] = stamp
        signed["x-amz-content-sha256"] = payloadHash
        if let token = credentials.sessionToken { signed["x-amz-security-token"] = token }
        let names = signed.keys.sorted()
        let canonical = [
            method,
            path.isEmpty ? "/" : path,
            Self.canonicalQuery(query),
            names.map { "\($0):\(signed[$0]!)\n" }.joined(),
            names.joined(separator: ";"),
            payloadHash,
        ].joined(separator: "\n")
        let scope = "\(day)/\(region)/\(service)/aws4_request"
        let stringToSign = ["AWS4-HMAC-SHA256", stamp, scope, Checksum.sha256Hex(Data(canonical.utf8))].joined(separator: "\n")
        let signature = Checksum.hex(HMAC<SHA256>.authenticationCode(for: Data(stringToSign.utf8), using: signingKey(day: day)))
        var result = signed
        result["host"] = nil
        result["authorization"] =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(names.joined(separator: ";")), Signature=\(signature)"
        return result
    }

    /// The key for one day, region and service: HMACs chained from `AWS4` + the secret key.
    func signingKey(day: String) -> SymmetricKey {
        var key = SymmetricKey(data: Data("AWS4\(credentials.secretAccessKey)".utf8))
        for part in [day, region, service, "aws4_request"] {
            key = SymmetricKey(data: Data(HMAC<SHA256>.authenticationCode(for: Data(part.utf8), using: key)))
        }
        return key
    }

    /// Parameters sorted by name, then value, each name and value percent-encoded.
    static func canonicalQuery(_ query: [(String, String)]) -> String {
        let encoded: [(name: String, value: String)] = query.map { (encode($0.0), encode($0.1)) }
        let sorted = encoded.sorted { (a, b) -> Bool in a.name == b.name ? a.value < b.value : a.name < b.name }
        return sorted.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    }

    /// Percent-encodes all but the unreserved characters (`A-Z a-z 0-9 - . _ ~`); with
    /// `keepingSlashes`, `/` too (an object key's path).
    public static func encode(_ text: String, keepingSlashes: Bool = false) -> String {
        var result = ""
        for byte in text.utf8 {
            if unreserved.contains(byte) || (keepingSlashes && byte == UInt8(ascii: "/")) {
                result.append(Character(Unicode.Scalar(byte)))
            } else {
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    private static let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~".utf8)

    /// `20130524T000000Z` and `20130524`, in UTC.
    static func timestamps(_ date: Date) -> (String, String) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let day = String(format: "%04d%02d%02d", parts.year!, parts.month!, parts.day!)
        return (day + String(format: "T%02d%02d%02dZ", parts.hour!, parts.minute!, parts.second!), day)
    }

}
