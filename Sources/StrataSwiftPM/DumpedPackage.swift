import Foundation
import StrataProjectFormat

/// `swift package dump-package`'s JSON, as far as Strata reads it, decoded with `Codable`.
///
/// Every shape that decides the graph is closed: a product type, a target type, a package
/// dependency kind, a target dependency kind or a version requirement Strata does not know is a
/// decoding error (reported as an input error at the manifest) rather than a silently missing
/// edge. Fields Strata does not read (platforms, traits, most build settings) are not decoded.
struct DumpedPackage: Decodable {
    var name: String
    var toolsVersion: ToolsVersionField?
    var products: [DumpedProduct]
    var dependencies: [DumpedDependency]
    var targets: [DumpedTarget]

    struct ToolsVersionField: Decodable {
        var version: String
        enum CodingKeys: String, CodingKey { case version = "_version" }
    }

    /// Decodes `data`; a shape Strata does not know is a `DecodingError`, described by
    /// `describe(_:)` with where it is.
    static func decode(_ data: Data) throws -> DumpedPackage {
        try JSONDecoder().decode(DumpedPackage.self, from: data)
    }

    /// `targets[2].dependencies[0]: unknown target dependency kind 'weak'`.
    static func describe(_ error: any Error) -> String {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case .dataCorrupted(let found), .keyNotFound(_, let found), .typeMismatch(_, let found), .valueNotFound(_, let found):
            context = found
        case nil:
            return "\(error)"
        @unknown default:
            return "\(error)"
        }
        var path = ""
        for key in context.codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
        var message = context.debugDescription
        if case .keyNotFound(let key, _) = error as? DecodingError { message = "'\(key.stringValue)' is missing" }
        return path.isEmpty ? message : "\(path): \(message)"
    }
}

struct DumpedProduct: Decodable {
    var name: String
    var targets: [String]
    var type: Kind

    /// `{"library": ["automatic"]}`, `{"executable": null}`, `{"plugin": null}`, …
    enum Kind: Decodable {
        case library(String)
        case executable, plugin, snippet, test, macro

        init(from decoder: any Decoder) throws {
            let (key, container) = try SingleKey.open(decoder, kind: "product type")
            switch key.stringValue {
            case "library": self = .library(try container.decode([String].self, forKey: key).first ?? "automatic")
            case "executable": self = .executable
            case "plugin": self = .plugin
            case "snippet": self = .snippet
            case "test": self = .test
            case "macro": self = .macro
            default: throw SingleKey.unknown(key, kind: "product type", in: container)
            }
        }
    }
}

/// A package dependency: `{"fileSystem": [{…}]}`, `{"sourceControl": [{…}]}` or `{"registry": [{…}]}`.
enum DumpedDependency: Decodable {
    case fileSystem(FileSystem)
    case sourceControl(SourceControl)
    case registry(Registry)

    struct FileSystem: Decodable {
        var identity: String
        var path: String
        var nameForTargetDependencyResolutionOnly: String?
    }

    struct SourceControl: Decodable {
        var identity: String
        var location: Location
        var requirement: DumpedRequirement
        var nameForTargetDependencyResolutionOnly: String?

        /// `{"remote": [{"urlString": …}]}` or `{"local": [path]}`.
        enum Location: Decodable {
            case remote(String)
            case local(String)

            struct Remote: Decodable { var urlString: String }

            init(from decoder: any Decoder) throws {
                let (key, container) = try SingleKey.open(decoder, kind: "source control location")
                switch key.stringValue {
                case "remote": self = .remote(try SingleKey.first(Remote.self, of: key, in: container).urlString)
                case "local": self = .local(try SingleKey.first(String.self, of: key, in: container))
                default: throw SingleKey.unknown(key, kind: "source control location", in: container)
                }
            }
        }
    }

    struct Registry: Decodable {
        var identity: String
        var requirement: DumpedRequirement
    }

    init(from decoder: any Decoder) throws {
        let (key, container) = try SingleKey.open(decoder, kind: "package dependency kind")
        switch key.stringValue {
        case "fileSystem": self = .fileSystem(try SingleKey.first(FileSystem.self, of: key, in: container))
        case "sourceControl": self = .sourceControl(try SingleKey.first(SourceControl.self, of: key, in: container))
        case "registry": self = .registry(try SingleKey.first(Registry.self, of: key, in: container))
        default: throw SingleKey.unknown(key, kind: "package dependency kind", in: container)
        }
    }
}

/// A version requirement: `{"exact": [v]}`, `{"range": [{"lowerBound", "upperBound"}]}`,
/// `{"branch": [name]}` or `{"revision": [id]}`.
enum DumpedRequirement: Decodable {
    case exact(String)
    case range(lower: String, upper: String)
    case branch(String)
    case revision(String)

    struct Range: Decodable {
        var lowerBound: String
        var upperBound: String
    }

    init(from decoder: any Decoder) throws {
        let (key, container) = try SingleKey.open(decoder, kind: "version requirement")
        switch key.stringValue {
        case "exact": self = .exact(try SingleKey.first(String.self, of: key, in: container))
        case "range":
            let range = try SingleKey.first(Range.self, of: key, in: container)
            self = .range(lower: range.lowerBound, upper: range.upperBound)
        case "branch": self = .branch(try SingleKey.first(String.self, of: key, in: container))
        case "revision": self = .revision(try SingleKey.first(String.self, of: key, in: container))
        default: throw SingleKey.unknown(key, kind: "version requirement", in: container)
        }
    }
}

struct DumpedTarget: Decodable {
    var name: String
    var type: PackageTarget.Kind
    var dependencies: [DumpedTargetDependency]
    var path: String?
    var exclude: [String]
    var sources: [String]?
    var resources: [Resource]
    var url: String?
    var settings: [DumpedSetting]
    var pluginUsages: [DumpedPluginUsage]

    struct Resource: Decodable { var path: String }

    enum CodingKeys: String, CodingKey { case name, type, dependencies, path, exclude, sources, resources, url, settings, pluginUsages }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let type = try container.decode(String.self, forKey: .type)
        guard let kind = PackageTarget.Kind(rawValue: type) else {
            throw DecodingError.dataCorruptedError(forKey: .type, in: container, debugDescription: "unknown target type '\(type)'")
        }
        self.type = kind
        dependencies = try container.decodeIfPresent([DumpedTargetDependency].self, forKey: .dependencies) ?? []
        path = try container.decodeIfPresent(String.self, forKey: .path)
        exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
        sources = try container.decodeIfPresent([String].self, forKey: .sources)
        resources = try container.decodeIfPresent([Resource].self, forKey: .resources) ?? []
        url = try container.decodeIfPresent(String.self, forKey: .url)
        settings = try container.decodeIfPresent([DumpedSetting].self, forKey: .settings) ?? []
        pluginUsages = try container.decodeIfPresent([DumpedPluginUsage].self, forKey: .pluginUsages) ?? []
    }
}

/// `{"plugin": [name, package]}` (null for a plugin of the target's own package).
struct DumpedPluginUsage: Decodable {
    var name: String
    var package: String?

    init(from decoder: any Decoder) throws {
        let (key, container) = try SingleKey.open(decoder, kind: "plugin usage")
        guard key.stringValue == "plugin" else { throw SingleKey.unknown(key, kind: "plugin usage", in: container) }
        var fields = try container.nestedUnkeyedContainer(forKey: key)
        name = try fields.decode(String.self)
        package = try fields.isAtEnd ? nil : fields.decodeIfPresent(String.self)
    }
}

/// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or
/// `{"product": [name, package, moduleAliases, condition]}` (nulls where absent).
struct DumpedTargetDependency: Decodable {
    enum Kind {
        case byName, target
        case product(package: String?)
    }
    var kind: Kind
    var name: String
    var moduleAliases: [String: String]
    var condition: DumpedCondition?

    init(from decoder: any Decoder) throws {
        let (key, container) = try SingleKey.open(decoder, kind: "target dependency kind")
        var fields = try container.nestedUnkeyedContainer(forKey: key)
        name = try fields.decode(String.self)
        moduleAliases = [:]
        switch key.stringValue {
        case "byName": kind = .byName
        case "target": kind = .target
        case "product":
            kind = .product(package: try fields.isAtEnd ? nil : fields.decodeIfPresent(String.self))
            moduleAliases = try fields.isAtEnd ? [:] : fields.decodeIfPresent([String: String].self) ?? [:]
        default: throw SingleKey.unknown(key, kind: "target dependency kind", in: container)
        }
        condition = try fields.isAtEnd ? nil : fields.decodeIfPresent(DumpedCondition.self)
    }
}

/// `.when(platforms:traits:)`; `config` is not read (a dependency is in the graph in both).
struct DumpedCondition: Decodable {
    var platformNames: [String]?
    var traits: [String]?
}

/// A build setting. Only unconditional `unsafeFlags` for swift are read (for `-module-alias`);
/// every other kind is accepted without being decoded, as they change no edge of the graph.
struct DumpedSetting: Decodable {
    var tool: String
    var unsafeFlags: [String]?
    var isConditional: Bool

    private enum CodingKeys: String, CodingKey { case tool, kind, condition }
    private enum KindKeys: String, CodingKey { case unsafeFlags }
    private enum FlagsKeys: String, CodingKey { case flags = "_0" }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        tool = try container.decode(String.self, forKey: .tool)
        isConditional = try container.contains(.condition) && !container.decodeNil(forKey: .condition)
        let kind = try container.nestedContainer(keyedBy: KindKeys.self, forKey: .kind)
        unsafeFlags =
            kind.contains(.unsafeFlags)
            ? try kind.nestedContainer(keyedBy: FlagsKeys.self, forKey: .unsafeFlags).decode([String].self, forKey: .flags) : nil
    }
}

/// SwiftPM writes an enum case as an object with exactly one key, the case's name.
enum SingleKey {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func open(_ decoder: any Decoder, kind: String) throws -> (Key, KeyedDecodingContainer<Key>) {
        let container = try decoder.container(keyedBy: Key.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "a \(kind) must be an object with one key, not \(container.allKeys.map(\.stringValue).sorted())"))
        }
        return (key, container)
    }

    /// The case's value when SwiftPM writes it as an array of one (`{"exact": ["1.0.0"]}`).
    static func first<T: Decodable>(_ type: T.Type, of key: Key, in container: KeyedDecodingContainer<Key>) throws -> T {
        guard let value = try container.decode([T].self, forKey: key).first else {
            throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "an empty '\(key.stringValue)'")
        }
        return value
    }

    static func unknown(_ key: Key, kind: String, in container: KeyedDecodingContainer<Key>) -> DecodingError {
        .dataCorruptedError(forKey: key, in: container, debugDescription: "unknown \(kind) '\(key.stringValue)'")
    }
}
