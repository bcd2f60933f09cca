import AsyncHTTPClient
public import Foundation
import NIOCore
import NIOFoundationCompat
import NIOHTTP1

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Where an S3-compatible bucket is and how to address it: what `--storage s3://…` names.
public struct S3Location: Sendable, Equatable {
    /// Path style (`endpoint/bucket/key`: MinIO, Ceph, moto and most self-hosted stores) or
    /// virtual-host style (`bucket.endpoint/key`: AWS's default).
    public enum Style: String, Sendable {
        case path
        case virtual
    }

    public var bucket: String
    /// Prepended to every key, ending in `/` unless empty.
    public var prefix: String
    public var endpoint: URL
    public var region: String
    public var style: Style
    /// Archives larger than this are sent as a multipart upload.
    public var multipartThreshold: Int
    /// The size of each part but the last (S3 requires at least 5 MiB).
    public var partSize: Int

    public static let minimumPartSize = 5 << 20

    public init(
        bucket: String, prefix: String = "", endpoint: URL, region: String, style: Style, multipartThreshold: Int = 16 << 20,
        partSize: Int = 8 << 20
    ) {
        self.bucket = bucket
        self.prefix = prefix.isEmpty || prefix.hasSuffix("/") ? prefix : prefix + "/"
        self.endpoint = endpoint
        self.region = region
        self.style = style
        self.multipartThreshold = multipartThreshold
        self.partSize = partSize
    }

    /// Parses `s3://bucket[/prefix][?endpoint=URL&region=R&style=path|virtual&multipart-threshold=B&part-size=B]`.
    /// Without an endpoint it is AWS (`https://s3.REGION.amazonaws.com`, virtual-host style); with
    /// one, path style unless `style=virtual`.
    public static func parse(_ text: String) throws(StorageURLError) -> S3Location {
        guard let components = URLComponents(string: text), components.scheme == "s3", let bucket = components.host, !bucket.isEmpty else {
            throw StorageURLError(text, "expected s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION")
        }
        guard bucket.count >= 3, bucket.count <= 63, bucket.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" || $0 == "." }) else {
            throw StorageURLError(text, "'\(bucket)' is not a valid bucket name (3 to 63 lowercase letters, digits, '-' and '.')")
        }
        var parameters: [String: String] = [:]
        for item in components.queryItems ?? [] {
            guard ["endpoint", "region", "style", "multipart-threshold", "part-size"].contains(item.name) else {
                throw StorageURLError(text, "unknown parameter '\(item.name)' (known: endpoint, region, style, multipart-threshold, part-size)")
            }
            parameters[item.name] = item.value ?? ""
        }
        let region = parameters["region"] ?? "us-east-1"
        let endpoint: URL
        if let given = parameters["endpoint"] {
            guard let url = URL(string: given), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
                throw StorageURLError(text, "endpoint '\(given)' is not an http:// or https:// URL")
            }
            endpoint = url
        } else {
            endpoint = URL(string: "https://s3.\(region).amazonaws.com")!
        }
        let style: Style
        if let given = parameters["style"] {
            guard let parsed = Style(rawValue: given) else { throw StorageURLError(text, "style must be 'path' or 'virtual', not '\(given)'") }
            style = parsed
        } else {
            style = parameters["endpoint"] == nil ? .virtual : .path
        }
        var location = S3Location(
            bucket: bucket, prefix: String(components.path.drop { $0 == "/" }), endpoint: endpoint, region: region, style: style)
        for (name, keyPath) in [("multipart-threshold", \S3Location.multipartThreshold), ("part-size", \S3Location.partSize)] {
            guard let given = parameters[name] else { continue }
            guard let bytes = Int(given), bytes >= minimumPartSize else {
                throw StorageURLError(text, "\(name) must be a number of bytes of at least \(minimumPartSize) (5 MiB, S3's smallest part)")
            }
            location[keyPath: keyPath] = bytes
        }
        return location
    }

    /// `s3://bucket/prefix` and the endpoint, for logs.
    public var description: String { "s3://\(bucket)/\(prefix) at \(endpoint.absoluteString) (\(style.rawValue) style)" }
}

/// A bad `--database` or `--storage` URL.
public struct StorageURLError: Error, CustomStringConvertible {
    public var url: String
    public var problem: String

    public init(_ url: String, _ problem: String) {
        self.url = url
        self.problem = problem
    }

    public var description: String { "\(url.redactingPassword): \(problem)" }
}

extension String {
    /// The URL with any password replaced by `***`, for messages.
    var redactingPassword: String {
        guard var components = URLComponents(string: self), components.password != nil else { return self }
        components.password = "***"
        return components.string ?? self
    }
}

/// An S3 error reply: its HTTP status and the `Code` and `Message` of its XML body.
public struct S3Error: Error, CustomStringConvertible {
    public var status: Int
    public var code: String
    public var message: String
    public var request: String

    public var description: String { "\(request): HTTP \(status) \(code)\(message.isEmpty ? "" : ": \(message)")" }
}

/// The few S3 requests the registry makes, signed with ``SigV4Signer`` and sent with
/// AsyncHTTPClient: put, get, delete and list objects, multipart uploads, and the
/// bucket's own head and create. (Foundation's URLSession on Linux left concurrent requests
/// waiting forever: twenty concurrent publishes hung a test run for good.)
public final class S3Client: Sendable {
    public let location: S3Location
    let signer: SigV4Signer

    /// How long one request may take, from connecting to the last byte of the reply.
    static let requestTimeout: TimeAmount = .seconds(120)

    /// One client for every bucket, for the life of the process. A store that cannot be reached
    /// fails a request within ten seconds, as readiness and a 503 need, rather than when the
    /// request's own time is up (the pool retries connecting until then).
    static let http: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout.connect = .seconds(10)
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()
    /// The largest reply read: an archive (the registry refuses larger uploads long before).
    static let replyLimit = 1 << 32

    public init(location: S3Location, credentials: SigV4Signer.Credentials) {
        self.location = location
        self.signer = SigV4Signer(credentials: credentials, region: location.region)
    }

    /// Credentials from the environment, as every S3 tool reads them.
    public static func environmentCredentials(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> SigV4Signer.Credentials? {
        guard let id = environment["AWS_ACCESS_KEY_ID"], !id.isEmpty, let secret = environment["AWS_SECRET_ACCESS_KEY"], !secret.isEmpty else {
            return nil
        }
        return SigV4Signer.Credentials(accessKeyID: id, secretAccessKey: secret, sessionToken: environment["AWS_SESSION_TOKEN"])
    }

    // MARK: Objects

    public func putObject(_ key: String, _ body: Data, sha256: String? = nil) async throws {
        _ = try await send("PUT", key: key, body: body, payloadHash: sha256)
    }

    /// The object's bytes, or `nil` when there is no such key.
    public func getObject(_ key: String) async throws -> Data? {
        let reply = try await send("GET", key: key, accepting: [200, 404])
        return reply.status == 404 ? nil : reply.body
    }

    public func deleteObject(_ key: String) async throws {
        _ = try await send("DELETE", key: key, accepting: [200, 204, 404])
    }

    /// Every object under `prefix`, with its last-modified date, following continuation tokens.
    public func listObjects(prefix: String) async throws -> [(key: String, modified: Date)] {
        var found: [(String, Date)] = []
        var token: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", prefix)]
            if let token { query.append(("continuation-token", token)) }
            let reply = try await send("GET", key: nil, query: query)
            let page = try ListPage(reply.body)
            found += page.objects
            token = page.isTruncated ? page.nextToken : nil
        } while token != nil
        return found
    }

    /// Sends `body` in parts of the location's part size, then completes the upload; an upload
    /// that fails part-way is aborted, so the store keeps no parts.
    public func multipartUpload(_ key: String, _ body: Data) async throws {
        let created = try await send("POST", key: key, query: [("uploads", "")])
        guard let uploadID = XMLValues(created.body, element: "UploadId").first else {
            throw S3Error(status: created.status, code: "MissingUploadId", message: "no UploadId in the reply", request: "POST \(key)?uploads")
        }
        do {
            var parts: [(Int, String)] = []
            var offset = 0
            while offset < body.count {
                let end = min(offset + location.partSize, body.count)
                let number = parts.count + 1
                let reply = try await send(
                    "PUT", key: key, query: [("partNumber", String(number)), ("uploadId", uploadID)], body: body.subdata(in: offset..<end))
                guard let etag = reply.headers["etag"] else {
                    throw S3Error(status: reply.status, code: "MissingETag", message: "part \(number) has no ETag", request: "PUT \(key)")
                }
                parts.append((number, etag))
                offset = end
            }
            let manifest =
                "<CompleteMultipartUpload>"
                + parts.map { "<Part><PartNumber>\($0.0)</PartNumber><ETag>\(Self.escapeXML($0.1))</ETag></Part>" }.joined()
                + "</CompleteMultipartUpload>"
            let completed = try await send("POST", key: key, query: [("uploadId", uploadID)], body: Data(manifest.utf8))
            // S3 may answer 200 and put an error in the body when completing fails late.
            if let code = XMLValues(completed.body, element: "Code").first {
                let message = XMLValues(completed.body, element: "Message").first ?? ""
                throw S3Error(status: completed.status, code: code, message: message, request: "POST \(key)?uploadId")
            }
        } catch {
            _ = try? await send("DELETE", key: key, query: [("uploadId", uploadID)], accepting: [200, 204, 404])
            throw error
        }
    }

    // MARK: The bucket

    /// `HEAD` on the bucket: whether it exists and these credentials reach it.
    public func headBucket() async throws {
        _ = try await send("HEAD", key: nil)
    }

    /// Creates the bucket (for tests and first set-up; an existing bucket of ours is no error).
    public func createBucket() async throws {
        let body =
            location.region == "us-east-1"
            ? Data()
            : Data(
                "<CreateBucketConfiguration><LocationConstraint>\(location.region)</LocationConstraint></CreateBucketConfiguration>".utf8)
        _ = try await send("PUT", key: nil, body: body, accepting: [200, 409])
    }

    // MARK: Requests

    struct Reply {
        var status: Int
        var headers: [String: String]
        var body: Data
    }

    /// The URL of `key` (or of the bucket when `nil`) and the `Host` header that goes with it.
    func address(key: String?, query: [(String, String)]) -> (url: URL, host: String, path: String) {
        let endpoint = location.endpoint
        let port = endpoint.port.map { ":\($0)" } ?? ""
        let keyPath = key.map { "/" + SigV4Signer.encode($0, keepingSlashes: true) } ?? ""
        let host: String
        var path: String
        switch location.style {
        case .path:
            host = endpoint.host! + port
            path = "/\(location.bucket)" + keyPath
        case .virtual:
            host = "\(location.bucket).\(endpoint.host!)" + port
            path = keyPath.isEmpty ? "/" : keyPath
        }
        if path.isEmpty { path = "/" }
        let queryText = query.isEmpty ? "" : "?" + SigV4Signer.canonicalQuery(query)
        return (URL(string: "\(endpoint.scheme!)://\(host)\(path)\(queryText)")!, host, path)
    }

    func send(
        _ method: String, key: String?, query: [(String, String)] = [], body: Data? = nil, payloadHash: String? = nil,
        accepting: Set<Int> = [200, 204]
    ) async throws -> Reply {
        let (url, host, path) = address(key: key, query: query)
        let hash = payloadHash ?? body.map(Checksum.sha256Hex) ?? SigV4Signer.emptyPayloadHash
        var request = HTTPClientRequest(url: url.absoluteString)
        request.method = HTTPMethod(rawValue: method)
        if let body {
            request.body = .bytes(ByteBuffer(data: body))
            request.headers.add(name: "Content-Type", value: method == "POST" ? "application/xml" : "application/octet-stream")
        }
        for (name, value) in signer.signedHeaders(method: method, host: host, path: path, query: query, payloadHash: hash) {
            request.headers.replaceOrAdd(name: name, value: value)
        }
        let deadline = NIODeadline.now() + Self.requestTimeout
        let response = try await Self.http.execute(request, deadline: deadline)
        let data = Data(buffer: try await response.body.collect(upTo: Self.replyLimit))
        var headers: [String: String] = [:]
        for (name, value) in response.headers { headers[name.lowercased()] = value }
        let status = Int(response.status.code)
        guard accepting.contains(status) else {
            throw S3Error(
                status: status, code: XMLValues(data, element: "Code").first ?? "",
                message: XMLValues(data, element: "Message").first ?? "", request: "\(method) \(path)")
        }
        return Reply(status: status, headers: headers, body: data)
    }

    static func escapeXML(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// The text of every `element` in an XML reply (`UploadId`, `Code`, `Message`).
func XMLValues(_ data: Data, element: String) -> [String] {
    let reader = XMLTextReader(elements: [element])
    reader.read(data)
    return reader.values.map(\.text)
}

/// A page of ListObjectsV2.
struct ListPage {
    var objects: [(String, Date)] = []
    var isTruncated = false
    var nextToken: String?

    init(_ data: Data) throws {
        let reader = XMLTextReader(elements: ["Key", "LastModified", "IsTruncated", "NextContinuationToken"])
        guard reader.read(data) else {
            throw S3Error(status: 200, code: "MalformedXML", message: "the object list could not be read", request: "GET ?list-type=2")
        }
        let dates = ISO8601DateFormatter()
        dates.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let plainDates = ISO8601DateFormatter()
        var key: String?
        for (element, text) in reader.values {
            switch element {
            case "Key": key = text
            case "LastModified":
                if let current = key { objects.append((current, dates.date(from: text) ?? plainDates.date(from: text) ?? .distantPast)) }
                key = nil
            case "IsTruncated": isTruncated = text == "true"
            default: nextToken = text
            }
        }
    }
}

/// Collects the text of chosen elements, in document order.
final class XMLTextReader: NSObject, XMLParserDelegate {
    let elements: Set<String>
    private(set) var values: [(element: String, text: String)] = []
    private var current: String?
    private var text = ""

    init(elements: Set<String>) { self.elements = elements }

    @discardableResult
    func read(_ data: Data) -> Bool {
        guard !data.isEmpty else { return true }
        let parser = XMLParser(data: data)
        parser.delegate = self
        return parser.parse()
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if elements.contains(name) {
            current = name
            text = ""
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == current {
            values.append((name, text))
            current = nil
        }
    }
}
