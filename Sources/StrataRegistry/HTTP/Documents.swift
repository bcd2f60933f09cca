import Foundation

/// The JSON documents the registry answers with, as Codable types: one per response, so each
/// field's name and type is written down once (SE-0292's shapes, and the browse page's).
enum Documents {
    /// `GET /{scope}/{name}`: each release's URL by version.
    struct ReleaseList: Encodable {
        struct Link: Encodable {
            var url: String
        }
        var releases: [String: Link]
    }

    /// `GET /{scope}/{name}/{version}`: a release, its source archive and the metadata it was
    /// published with.
    struct ReleaseInfo: Encodable {
        struct Resource: Encodable {
            struct Signing: Encodable {
                var signatureBase64Encoded: String
                var signatureFormat: String
            }
            var name = "source-archive"
            var type = "application/zip"
            var checksum: String
            /// Absent for an unsigned release.
            var signing: Signing?
        }
        var id: String
        var version: String
        var resources: [Resource]
        var metadata: JSONValue
        var publishedAt: String
    }

    /// `GET /identifiers?url=…`.
    struct Identifiers: Encodable {
        var identifiers: [String]
    }

    /// `GET /-/packages`: what the browse page shows.
    struct PackageListing: Encodable {
        struct Scope: Encodable {
            var scope: String
            var packages: [Package]
        }
        struct Package: Encodable {
            var id: String
            var name: String
            var releases: [Release]
        }
        struct Release: Encodable {
            var version: String
            var publishedAt: String
            var checksum: String
            var dependencies: [String]
            var size: Int
        }
        var scopes: [Scope]
    }

    /// A problem document (RFC 9457).
    struct ProblemDetails: Encodable {
        var status: Int
        var title: String
        var detail: String
    }

    /// The body of every JSON answer: keys sorted, slashes as they are.
    static func encode(_ document: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(document)
    }
}

/// Any JSON value, for the part of a document the registry does not define: the metadata a
/// release was published with, stored as the publisher sent it and served back as a value.
enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The string this value is; nil for any other kind of value.
    var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The JSON object in `data`; nil for anything else (not JSON, or not an object).
    static func object(in data: Data) -> [String: JSONValue]? {
        guard case .object(let object)? = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
        return object
    }
}
