public import Foundation
public import StrataDiagnostics
import StrataFileSystem
import Yams

/// `pods.yml`, beside strata.yml: where each external pod of a CocoaPods workspace comes from
/// once the workspace builds with SwiftPM. `strata migrate` writes it, filled in where it can
/// tell (a pod whose sources hold a Package.swift), and the team edits it:
///
/// ```yaml
/// pods:
///   Alamofire: { url: https://github.com/Alamofire/Alamofire.git, from: 5.8.0, product: Alamofire }
///   Firebase/Analytics: { url: https://github.com/firebase/firebase-ios-sdk.git, from: 10.0.0, product: FirebaseAnalytics }
///   Network: { id: core.Network, up-to-next-minor-from: 1.2.0, product: Network }   # from a package registry
///   GoogleCast: ~            # no SwiftPM home yet
/// ```
///
/// A key is a pod, or a pod with a subspec (which wins over the pod's own entry). An entry of
/// `~` has no home yet: `strata migrate` lists it and writes nothing until it has one.
public struct PodHomes: Sendable, Equatable {
    public static let fileName = "pods.yml"

    /// Where a pod's code comes from under SwiftPM: a package by URL or by registry identity,
    /// with a requirement as strata.yml's `packages:` say them, and the product with its module.
    public struct Home: Sendable, Equatable {
        /// `.url` or `.registry` (a registry identity, `scope.Name`).
        public var source: ExternalPackageDeclaration.Source
        public var requirement: ExternalPackageDeclaration.Requirement
        /// The library product that has the pod's module.
        public var product: String
        public var location: SourceLocation

        public init(
            source: ExternalPackageDeclaration.Source, requirement: ExternalPackageDeclaration.Requirement, product: String,
            location: SourceLocation
        ) {
            self.source = source
            self.requirement = requirement
            self.product = product
            self.location = location
        }

        /// Its fields under strata.yml's `packages:`, as written there.
        public var packageFields: [String] {
            var fields: [String]
            switch source {
            case .url(let url), .path(let url): fields = ["url: \(ManifestEditor.scalar(url))"]
            case .registry(let id): fields = ["id: \(ManifestEditor.scalar(id))"]
            }
            switch requirement {
            case .from(let version): fields.append("from: \(ManifestEditor.scalar(version))")
            case .exact(let version): fields.append("exact: \(ManifestEditor.scalar(version))")
            case .upToNextMinor(let version): fields.append("up-to-next-minor-from: \(ManifestEditor.scalar(version))")
            case .range(let lower, let upper): fields.append("range: \"\(lower)..<\(upper)\"")
            case .branch(let branch): fields.append("branch: \(ManifestEditor.scalar(branch))")
            case .revision(let revision): fields.append("revision: \(ManifestEditor.scalar(revision))")
            case .none: break
            }
            return fields
        }
    }

    public var path: String
    /// Each pod (or `Pod/Sub`) with its home; nil for `~`.
    public var entries: [String: Home?] = [:]

    public init(path: String) { self.path = path }

    /// The home of `pod` (written `Pod/Sub` when a subspec is named): the subspec's entry, else
    /// the pod's; `.some(nil)` when the file says it has none yet, nil when it is not listed.
    public func home(of pod: String) -> Home?? {
        if let entry = entries[pod] { return entry }
        guard let slash = pod.firstIndex(of: "/") else { return nil }
        return entries[String(pod[..<slash])]
    }

    /// The file beside `manifestPath`; nil when there is none.
    public static func load(besideManifest manifestPath: String) throws(InputErrors) -> PodHomes? {
        let path = (manifestPath as NSString).deletingLastPathComponent + "/" + fileName
        switch FileContents.read(path) {
        case .success(let bytes): return try parse(data: Data(bytes), path: path)
        case .failure(.missing): return nil
        case .failure(let failure): throw InputErrors(InputFile.problem(path, failure))
        }
    }

    private static let hint = "the file is 'pods: { Alamofire: { url: https://…/Alamofire.git, from: 5.8.0, product: Alamofire } }'"
    private static let keys = ["url", "id", "product", "from", "exact", "up-to-next-minor-from", "range", "branch", "revision"]

    public static func parse(data: Data, path: String) throws(InputErrors) -> PodHomes {
        guard let text = String(data: data, encoding: .utf8) else {
            throw InputErrors(.inputError("invalid-encoding", "\(fileName) is not UTF-8 text", at: .file(path)))
        }
        var homes = PodHomes(path: path)
        guard let root = try YAMLDocument.compose(text, path: path), !(root.scalar?.isNull ?? false) else { return homes }
        var reader = YAMLReader(path: path)
        if let sections = reader.mapping(root, fileName, hint: hint) {
            reader.checkKeys(sections, allowed: ["pods"], in: fileName)
            for (_, pods) in sections.filter({ $0.key.value == "pods" }) {
                for (pod, value) in reader.section(pods, "'pods'", hint: hint) ?? [] {
                    if case .scalar(let scalar) = value, scalar.isNull {
                        homes.entries[pod.value] = .some(nil)
                    } else if let home = Self.home(pod, value, reader: &reader) {
                        homes.entries[pod.value] = home
                    }
                }
            }
        }
        if !reader.diagnostics.isEmpty { throw InputErrors(reader.diagnostics) }
        return homes
    }

    private static func home(_ pod: Located<String>, _ value: Node, reader: inout YAMLReader) -> Home? {
        let what = "pod '\(pod.value)'"
        guard let fields = reader.mapping(value, what, hint: hint) else { return nil }
        reader.checkKeys(fields, allowed: keys, in: what)
        let field = Dictionary(fields.map { ($0.key.value, $0.value) }, uniquingKeysWith: { first, _ in first })
        let url = field["url"].flatMap { reader.string($0, "'url' of \(what)") }
        let id = field["id"].flatMap { reader.string($0, "'id' of \(what)") }
        let source: ExternalPackageDeclaration.Source
        switch (url, id) {
        case let (url?, nil): source = .url(url.value)
        case let (nil, id?): source = .registry(id.value)
        default:
            if field["url"] == nil && field["id"] == nil || field["url"] != nil && field["id"] != nil {
                reader.report(
                    "missing-key", "\(what) needs a 'url' or a registry 'id' (one of them)", at: pod.location,
                    hint: "give its package's URL or registry identity, or write '~' for no home yet")
            }
            return nil
        }
        guard let given = reader.packageRequirements(field, of: what) else { return nil }
        guard given.count == 1, id == nil || given[0].selectsVersions else {
            reader.report(
                "invalid-value",
                id == nil
                    ? "\(what) needs exactly one of 'from', 'exact', 'up-to-next-minor-from', 'range', 'branch' or 'revision'"
                    : "\(what) has a registry 'id', which needs exactly one of 'from', 'exact', 'up-to-next-minor-from' or 'range'",
                at: pod.location, hint: "for example 'from: 5.8.0'")
            return nil
        }
        let product = field["product"].flatMap { reader.string($0, "'product' of \(what)") }?.value ?? pod.value
        return Home(source: source, requirement: given[0], product: product, location: pod.location)
    }
}
