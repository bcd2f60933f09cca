public import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataPackageIdentity
import Yams

/// `strata.versions.yml`, beside strata.yml: the released version of each module other packages
/// get from the registry, and the version of each module it uses that it requires at least.
///
/// `strata release` writes it and `strata generate` reads it (a dependency on a registry module
/// is `.package(id:…, from: <required version>)`). It is kept apart from strata.yml because it
/// changes on every release and is written by a tool: strata.yml stays the architecture people
/// write and review, and a release commit touches only this file, changelogs and generated files.
public struct VersionRecord: Sendable, Hashable {
    /// The file's name, beside strata.yml.
    public static let fileName = "strata.versions.yml"

    /// One module's released version and what it requires of the modules it uses.
    public struct Entry: Sendable, Hashable {
        public var version: SemanticVersion
        /// Dependency module → the version required at least (within its major, or its minor
        /// below 1.0.0, as SemVer allows breaking changes there).
        public var requires: [String: SemanticVersion]
        /// Where the module's line is, for diagnostics (nil for an entry made in memory).
        public var location: SourceLocation?

        public init(version: SemanticVersion, requires: [String: SemanticVersion] = [:], location: SourceLocation? = nil) {
            self.version = version
            self.requires = requires
            self.location = location
        }
    }

    /// Module name → entry.
    public var entries: [String: Entry]
    /// The file's path (it may not exist yet).
    public var path: String

    public init(path: String, entries: [String: Entry] = [:]) {
        self.path = path
        self.entries = entries
    }

    /// The version of `dependency` that `module` requires: its recorded requirement, else the
    /// dependency's released version; nil before the dependency's first release.
    public func requirement(of dependency: String, by module: String) -> SemanticVersion? {
        entries[module]?.requires[dependency] ?? entries[dependency]?.version
    }

    /// The record of the workspace whose strata.yml is `manifestPath`: empty when the file does
    /// not exist; every problem in it is an input error at its line.
    public static func load(besideManifest manifestPath: String) throws(InputErrors) -> VersionRecord {
        let path = (manifestPath as NSString).deletingLastPathComponent + "/" + fileName
        switch FileContents.read(path) {
        case .success(let bytes): return try parse(data: Data(bytes), path: path)
        case .failure(.missing): return VersionRecord(path: path)
        case .failure(let failure): throw InputErrors(InputFile.problem(path, failure))
        }
    }

    /// Parses the file's bytes; `path` is used for diagnostics.
    public static func parse(data: Data, path: String) throws(InputErrors) -> VersionRecord {
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputErrors(.inputError("invalid-encoding", "\(fileName) is not UTF-8 text", at: .file(path)))
        }
        let root = try YAMLDocument.compose(text, path: path)
        var record = VersionRecord(path: path)
        guard let root, !(root.scalar?.isNull ?? false) else { return record }
        var reader = YAMLReader(path: path)
        let hint = "the file is 'modules: { Network: { version: 1.2.0, requires: { Logging: 1.0.0 } } }'; strata release writes it"
        if let sections = reader.mapping(root, "\(fileName)", hint: hint) {
            reader.checkKeys(sections, allowed: ["modules"], in: fileName)
            for (_, modules) in sections.filter({ $0.key.value == "modules" }) {
                for (name, value) in reader.section(modules, "'modules'", hint: hint) ?? [] {
                    guard let fields = reader.mapping(value, "module '\(name.value)'", hint: hint) else { continue }
                    reader.checkKeys(fields, allowed: ["version", "requires"], in: "module '\(name.value)'")
                    let field = Dictionary(fields.map { ($0.key.value, $0.value) }, uniquingKeysWith: { first, _ in first })
                    guard let versionNode = field["version"] else {
                        reader.report("missing-key", "module '\(name.value)' has no 'version'", at: name.location, hint: hint)
                        continue
                    }
                    let version = semanticVersion(versionNode, "the version of '\(name.value)'", reader: &reader)
                    var requires: [String: SemanticVersion] = [:]
                    if let node = field["requires"] {
                        for (dependency, required) in reader.mapping(node, "'requires' of '\(name.value)'", hint: hint) ?? [] {
                            if let version = semanticVersion(
                                required, "the version '\(name.value)' requires of '\(dependency.value)'", reader: &reader)
                            {
                                requires[dependency.value] = version
                            }
                        }
                    }
                    guard let version else { continue }
                    record.entries[name.value] = Entry(version: version, requires: requires, location: name.location)
                }
            }
        }
        if !reader.diagnostics.isEmpty { throw InputErrors(reader.diagnostics) }
        return record
    }

    private static func semanticVersion(_ node: Node, _ what: String, reader: inout YAMLReader) -> SemanticVersion? {
        guard let text = reader.string(node, what) else { return nil }
        guard let version = SemanticVersion(text.value) else {
            reader.report("invalid-value", "'\(text.value)' is not a semantic version (\(what))", at: text.location, hint: "write it as 1.2.0")
            return nil
        }
        return version
    }

    /// Every module the record names must be a module of strata.yml, and what it requires a
    /// module too.
    public func check(modules: Set<String>) throws(InputErrors) {
        var problems: [Diagnostic] = []
        for (name, entry) in entries.sorted(by: { $0.key < $1.key }) {
            if !modules.contains(name) {
                problems.append(
                    .inputError(
                        "unknown-module", "\(Self.fileName) records '\(name)', which is not a module of strata.yml",
                        at: entry.location ?? .file(path),
                        hint: Suggestions.didYouMean(name, in: Array(modules)) ?? "remove its line: a removed module has no version to keep"))
            }
            for dependency in entry.requires.keys.sorted() where !modules.contains(dependency) {
                problems.append(
                    .inputError(
                        "unknown-module", "'\(name)' requires '\(dependency)', which is not a module of strata.yml",
                        at: entry.location ?? .file(path),
                        hint: "remove '\(dependency)' from its 'requires'"))
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
    }

    /// The file's text: one line per module, in `order` (strata.yml's), so a release's diff
    /// shows one changed line per released module.
    public func rendered(order: [String]) -> String {
        var lines = [
            "# The released version of each module distributed through the registry, and the version of",
            "# each module it uses that it requires at least. Written by 'strata release'; read by",
            "# 'strata generate'. Do not edit by hand (docs/RELEASING.md).",
            "modules:",
        ]
        let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let names = entries.keys.sorted { (position[$0] ?? Int.max, $0) < (position[$1] ?? Int.max, $1) }
        for name in names {
            let entry = entries[name]!
            var fields = ["version: \(entry.version)"]
            if !entry.requires.isEmpty {
                let requires = entry.requires.keys.sorted { (position[$0] ?? Int.max, $0) < (position[$1] ?? Int.max, $1) }
                fields.append("requires: { \(requires.map { "\($0): \(entry.requires[$0]!)" }.joined(separator: ", ")) }")
            }
            lines.append("  \(name): { \(fields.joined(separator: ", ")) }")
        }
        if names.isEmpty { lines[lines.count - 1] = "modules: {}" }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension SemanticVersion {
    /// The versions a dependent that requires at least `self` accepts, as SwiftPM's `from:`
    /// does at 1.0.0 and above (up to the next major), and as SemVer's initial development
    /// allows below it (up to the next minor: 0.y releases may break at every minor).
    public func accepts(_ other: SemanticVersion) -> Bool {
        guard !(other < self), other.prerelease.isEmpty || other == self else { return false }
        return major == 0 ? (other.major == 0 && other.minor == minor) : other.major == major
    }

    /// The end of the range `accepts` describes: `2.0.0` for 1.4.2, `0.5.0` for 0.4.1.
    public var nextBreaking: SemanticVersion {
        major == 0 ? SemanticVersion("0.\(minor + 1).0")! : SemanticVersion("\(major + 1).0.0")!
    }
}
