import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat

/// What Strata needs of one XcodeGen project: its targets (type, platform, linkage, sources and
/// dependencies) and the Swift packages it declares. Read from the project dictionary
/// ``XcodeGenSpecLoader`` builds; paths are absolute.
struct XcodeGenProject: Sendable {
    /// The root spec (`project.yml`).
    var path: String
    var name: String
    package var location: SourceLocation
    var targets: [XcodeGenTarget]
    /// `packages:` by name, each where it is named (for what is said about it: a package not resolved).
    var packages: [String: Located<XcodeGenPackage>]
    /// `projectReferences:` by name: the `.xcodeproj` each points at.
    var projectReferences: [String: String]
    /// `options.transitivelyLinkDependencies`: targets link their target dependencies'
    /// dependencies too (XcodeGen's default: false).
    var transitivelyLinks = false

    /// The folder XcodeGen writes the project into by default, and its paths are relative to.
    package var folder: String { PathResolution.parent(of: path) }
}

/// A target of an XcodeGen project.
struct XcodeGenTarget: Sendable {
    var name: String
    package var location: SourceLocation
    /// For a library, its linkage: its type's, or for a framework, `MACH_O_TYPE`'s.
    var type: XcodeProductKind
    /// `type:` as XcodeGen's short name (`framework`, `library.static`…).
    var typeName: String
    /// `iOS`, `macOS`… or `auto` with `supportedDestinations`.
    var platform: String
    /// `PRODUCT_NAME` (`$(TARGET_NAME)` replaced), else the target's name: the name of the
    /// `.framework` that `framework:` dependencies refer to.
    var productName: String
    /// The module `import` reaches it by: `PRODUCT_MODULE_NAME`, else the product name.
    var moduleName: String
    var sources: [XcodeGenSource]
    var dependencies: [XcodeGenDependency]
    /// `transitivelyLinkDependencies:` of the target, overriding the project's option.
    var transitivelyLinks: Bool?
    /// `MERGEABLE_LIBRARY` (or `MAKE_MERGEABLE`) in the configuration read.
    var isMergeable = false
    /// Which dynamic libraries it links that it merges into its own image, in the configuration read.
    var merging = MergedBinaryType.none
}

/// One entry of a target's `sources:` whose files are compiled.
struct XcodeGenSource: Sendable {
    var path: String
    /// Globs relative to `path` (Bash's, with `**`).
    var excludes: [String]
    var includes: [String]
}

/// One entry of a target's `dependencies:`.
struct XcodeGenDependency: Sendable {
    enum Kind: Sendable, Equatable {
        /// `target: Name`, or `target: Project/Name` through `projectReferences`.
        case target(String)
        /// `framework: path/Name.framework` (or `.xcframework`).
        case framework(String)
        /// `carthage: Name`, with `linkType: static`.
        case carthage(String, isStatic: Bool)
        case sdk(String)
        /// `package: Name` with its `product:` or `products:` (the package's name if none).
        case package(String, products: [String])
        case bundle(String)
    }
    var kind: Kind
    package var location: SourceLocation
    /// `destinationFilters:` or `platformFilter:`, as SwiftPM's platform names.
    var condition: DependencyCondition?
    /// `link:`, when given; XcodeGen's default depends on both targets' types.
    var link: Bool?
}

/// A `packages:` entry.
enum XcodeGenPackage: Sendable, Hashable {
    /// `path:` (absolute).
    case local(String)
    /// `url:` or `github:`.
    case remote(String)
}

// MARK: - Reading the project dictionary

extension XcodeGenProject {
    /// The newest XcodeGen whose spec format this reader follows.
    static let knownXcodeGenVersion = (2, 45, 4)

    /// The platforms a target may name.
    static let platforms = ["iOS", "tvOS", "macOS", "watchOS", "visionOS"]
    /// `supportedDestinations` and `destinationFilters` names, with SwiftPM's names for them.
    static let destinations = [
        "iOS": "ios", "tvOS": "tvos", "macOS": "macos", "macCatalyst": "maccatalyst", "visionOS": "visionos", "watchOS": "watchos",
    ]

    /// Reads the project at `path` from its resolved dictionary, as XcodeGen's `Project` and
    /// `SpecValidation` do for what shapes the graph: every problem XcodeGen would refuse the
    /// spec for is reported where it was written; `warnings` gets what XcodeGen would accept.
    init(path: String, spec: SpecNode, configuration: String, files: any WorkspaceFiles, warnings: inout [Diagnostic]) throws(InputErrors) {
        var problems: [Diagnostic] = []
        func report(_ message: String, at location: SourceLocation, hint: String? = nil) {
            problems.append(.inputError("invalid-xcodegen-spec", message, at: location, hint: hint))
        }
        guard spec.entries != nil else {
            throw InputErrors([
                .inputError(
                    "invalid-xcodegen-spec", "an XcodeGen spec must be a mapping, found \(spec.kindDescription)", at: spec.location,
                    hint: "start the spec with 'name: MyProject' and 'targets:'")
            ])
        }
        self.path = path
        location = spec.location
        if let name = spec["name"]?.string {
            self.name = name
        } else {
            self.name = ""
            report(
                "the spec has no 'name'", at: spec["name"]?.location ?? spec.location,
                hint: "XcodeGen needs 'name:', the project's name (the .xcodeproj is called after it)")
        }
        if let options = spec["options"], let minimum = options["minimumXcodeGenVersion"] {
            Self.checkMinimumVersion(minimum, problems: &problems, warnings: &warnings)
        }
        transitivelyLinks = spec["options"]?["transitivelyLinkDependencies"]?.bool ?? false

        // Packages first: targets' `package:` dependencies name them.
        packages = Self.packages(of: spec, files: files, problems: &problems)
        projectReferences = Self.projectReferences(of: spec, in: path, problems: &problems)

        var targets: [XcodeGenTarget] = []
        let templates = Set(spec["targetTemplates"]?.entries?.map(\.key) ?? [])
        let settings = XcodeGenSettings(projectSpec: spec, configuration: configuration)
        for entry in spec["targets"].map({ Self.mapping($0, "'targets'", &problems) }) ?? [] {
            if let target = Self.target(
                entry, in: path, templates: templates, packages: packages, settings: settings, files: files, problems: &problems)
            {
                targets.append(target)
            }
        }
        // XcodeGen keeps targets sorted by name.
        self.targets = targets.sorted { $0.name < $1.name }

        checkTargetDependencies(&problems)
        if !problems.isEmpty { throw InputErrors(problems) }
    }

    /// The `packages:` (and legacy `localPackages:`) by name; a local package without a
    /// Package.swift, or one with neither path nor URL, is a problem. Each with where it is named.
    private static func packages(
        of spec: SpecNode, files: any WorkspaceFiles, problems: inout [Diagnostic]
    ) -> [String: Located<XcodeGenPackage>] {
        func report(_ message: String, at location: SourceLocation, hint: String? = nil) {
            problems.append(.inputError("invalid-xcodegen-spec", message, at: location, hint: hint))
        }
        var packages: [String: Located<XcodeGenPackage>] = [:]
        for entry in spec["packages"].map({ Self.mapping($0, "'packages'", &problems) }) ?? [] {
            if let path = entry.value["path"]?.string {
                if !files.exists(PathResolution.resolve("Package.swift", in: path)) {
                    report(
                        "local package '\(entry.key)' has no Package.swift at '\(path)'", at: entry.value["path"]!.location,
                        hint: "XcodeGen refuses a local package without a manifest; fix 'path:'")
                }
                packages[entry.key] = Located(.local(path), at: entry.keyLocation)
            } else if let url = entry.value["url"]?.string {
                packages[entry.key] = Located(.remote(url), at: entry.keyLocation)
            } else if let github = entry.value["github"]?.string {
                packages[entry.key] = Located(.remote("https://github.com/\(github)"), at: entry.keyLocation)
            } else {
                report(
                    "package '\(entry.key)' has neither 'path:' nor 'url:'", at: entry.keyLocation,
                    hint: "a remote package needs 'url:' (or 'github: owner/name') and a version; a local one 'path:'")
            }
        }
        for item in spec["localPackages"]?.items ?? [] {
            guard let path = item.string else { continue }
            packages[lastComponent(path)] = Located(.local(path), at: item.location)
        }
        return packages
    }

    /// The `projectReferences:`, each name to the .xcodeproj's path.
    private static func projectReferences(of spec: SpecNode, in projectPath: String, problems: inout [Diagnostic]) -> [String: String] {
        var references: [String: String] = [:]
        for entry in spec["projectReferences"].map({ Self.mapping($0, "'projectReferences'", &problems) }) ?? [] {
            guard let path = entry.value["path"]?.string else {
                problems.append(
                    .inputError(
                        "invalid-xcodegen-spec", "project reference '\(entry.key)' has no 'path:'", at: entry.keyLocation,
                        hint: "give the path of the .xcodeproj it refers to"))
                continue
            }
            references[entry.key] = PathResolution.resolve(path, in: PathResolution.parent(of: projectPath))
        }
        return references
    }

    /// `target:` dependencies name a target of this project, or `Project/Target` a referenced one.
    private func checkTargetDependencies(_ problems: inout [Diagnostic]) {
        func report(_ message: String, at location: SourceLocation, hint: String? = nil) {
            problems.append(.inputError("invalid-xcodegen-spec", message, at: location, hint: hint))
        }
        let names = Set(self.targets.map(\.name))
        for target in self.targets {
            for dependency in target.dependencies {
                guard case .target(let name) = dependency.kind else { continue }
                if let slash = name.firstIndex(of: "/") {
                    let project = String(name[..<slash])
                    if projectReferences[project] == nil {
                        report(
                            "'\(target.name)' depends on '\(name)', but the spec has no project reference '\(project)'", at: dependency.location,
                            hint: "add 'projectReferences: { \(project): { path: path/to/\(project).xcodeproj } }'")
                    }
                } else if !names.contains(name) {
                    report(
                        "'\(target.name)' depends on target '\(name)', which this project does not declare", at: dependency.location,
                        hint: Suggestions.didYouMean(name, in: names)
                            ?? "a target of another project is 'ProjectName/Target' with a 'projectReferences' entry, or 'framework: \(name).framework'"
                    )
                }
            }
        }
    }

    private static func mapping(_ node: SpecNode, _ what: String, _ problems: inout [Diagnostic]) -> [SpecEntry] {
        guard let entries = node.entries else {
            problems.append(.inputError("invalid-xcodegen-spec", "expected a mapping for \(what), found \(node.kindDescription)", at: node.location))
            return []
        }
        return entries
    }

    /// `options.minimumXcodeGenVersion`: a version XcodeGen can read, not newer than the spec
    /// format Strata follows (a warning: the spec may use what Strata does not read yet).
    private static func checkMinimumVersion(_ node: SpecNode, problems: inout [Diagnostic], warnings: inout [Diagnostic]) {
        let text = node.string ?? ""
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (1...3).contains(parts.count), parts.allSatisfy({ $0 != nil }) else {
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "'minimumXcodeGenVersion' must be a version such as 2.38.0, found \(node.kindDescription)",
                    at: node.location))
            return
        }
        let version = (parts[0]!, parts.count > 1 ? parts[1]! : 0, parts.count > 2 ? parts[2]! : 0)
        if version > knownXcodeGenVersion {
            let known = knownXcodeGenVersion
            warnings.append(
                .warning(
                    "xcodegen-version", "this spec needs XcodeGen \(text); Strata reads specs as XcodeGen \(known.0).\(known.1).\(known.2) does",
                    at: node.location, hint: "newer spec keys are ignored; check that 'strata graph' shows the targets and dependencies you expect"))
        }
    }

    /// One target, or nil (with problems) if XcodeGen would refuse it or it is not code.
    private static func target(
        _ entry: SpecEntry, in projectPath: String, templates known: Set<String>, packages: [String: Located<XcodeGenPackage>],
        settings projectSettings: XcodeGenSettings, files: any WorkspaceFiles, problems: inout [Diagnostic]
    ) -> XcodeGenTarget? {
        let spec = entry.value
        guard spec.entries != nil else {
            problems.append(
                .inputError("invalid-xcodegen-spec", "target '\(entry.key)' must be a mapping, found \(spec.kindDescription)", at: spec.location))
            return nil
        }
        let name = spec["name"]?.string ?? entry.key
        // A legacy (external build system) target has no sources of its own to check.
        if spec["legacy"] != nil { return nil }
        guard let (declaredType, typeName) = productType(of: entry, named: name, templates: known, problems: &problems),
            let platform = platform(of: entry, named: name, problems: &problems)
        else { return nil }
        var type = declaredType
        checkDestinations(of: spec, named: name, problems: &problems)

        // Settings: only what decides linkage, merging and the product's name.
        func setting(_ key: String) -> String? { projectSettings.value(key, target: spec["settings"], named: name) }
        // XcodeGen reads MACH_O_TYPE for frameworks only (a static framework made by setting).
        if type == .library(isStatic: false), typeName.hasSuffix("framework"), let machO = setting("MACH_O_TYPE") {
            type = .library(isStatic: machO == "staticlib")
        }
        let productName = setting("PRODUCT_NAME") ?? name
        let moduleName = setting("PRODUCT_MODULE_NAME") ?? SwiftIdentifier.moduleName(ofTarget: productName)

        let sources = (spec["sources"].map { $0.items ?? [$0] } ?? []).compactMap { item in
            Self.source(item, target: name, projectPath: projectPath, files: files, problems: &problems)
        }
        guard let dependencies = dependencies(of: spec, named: name, platform: platform, packages: packages, problems: &problems) else { return nil }
        return XcodeGenTarget(
            name: name, location: entry.keyLocation, type: type,
            typeName: typeName.hasPrefix(XcodeProductRole.prefix) ? String(typeName.dropFirst(XcodeProductRole.prefix.count)) : typeName,
            platform: platform, productName: productName,
            moduleName: moduleName, sources: sources, dependencies: dependencies,
            transitivelyLinks: spec["transitivelyLinkDependencies"]?.bool,
            isMergeable: MergedBinaryType.isMergeable(mergeableLibrary: setting("MERGEABLE_LIBRARY"), makeMergeable: setting("MAKE_MERGEABLE")),
            merging: MergedBinaryType(
                mergedBinaryType: setting("MERGED_BINARY_TYPE"), swiftOptimization: setting("SWIFT_OPTIMIZATION_LEVEL"),
                cOptimization: setting("GCC_OPTIMIZATION_LEVEL")))
    }

    /// The target's product type and its name as written; nil (with a problem) when it has none
    /// (a template it uses is not defined) or one XcodeGen does not know.
    private static func productType(
        of entry: SpecEntry, named name: String, templates known: Set<String>, problems: inout [Diagnostic]
    ) -> (XcodeProductKind, String)? {
        let spec = entry.value
        guard let typeNode = spec["type"], let typeName = typeNode.string else {
            // XcodeGen skips a template it does not know; the type it was to give is then missing.
            if let unknown = spec["templates"]?.items?.first(where: { !known.contains($0.string ?? "") }) {
                problems.append(
                    .inputError(
                        "invalid-xcodegen-spec",
                        "target '\(name)' uses template \(unknown.kindDescription), which 'targetTemplates' does not define, so it has no 'type'",
                        at: unknown.location,
                        hint: Suggestions.didYouMean(unknown.string ?? "", in: known) ?? "define the template, or give the target 'type:' itself"))
                return nil
            }
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "target '\(name)' has no 'type'", at: entry.keyLocation,
                    hint: "add 'type:' (framework, framework.static, application, bundle.unit-test, …)"))
            return nil
        }
        guard let type = XcodeProductRole(productType: typeName)?.kind else {
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "target '\(name)' has an unknown type '\(typeName)'", at: typeNode.location,
                    hint: Suggestions.didYouMean(typeName, in: XcodeProductRole.known.keys)
                        ?? "types are framework, framework.static, library.static, library.dynamic, application, bundle.unit-test, bundle.ui-testing, …"
                ))
            return nil
        }
        return (type, typeName)
    }

    /// The target's platform as written (`auto` with `supportedDestinations` alone); nil (with a
    /// problem) when it has neither. An unknown platform is a problem, the platform still returned.
    private static func platform(of entry: SpecEntry, named name: String, problems: inout [Diagnostic]) -> String? {
        let spec = entry.value
        let destinations = spec["supportedDestinations"]?.items?.compactMap(\.string)
        guard let platformNode = spec["platform"], let written = platformNode.string else {
            if destinations != nil { return "auto" }
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "target '\(name)' has no 'platform'", at: entry.keyLocation,
                    hint: "add 'platform: iOS' (or a list, one target per platform), or 'supportedDestinations: [iOS, macOS]'"))
            return nil
        }
        if !(platforms + ["auto"]).contains(written) {
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "target '\(name)' has an unknown platform '\(written)'", at: platformNode.location,
                    hint: Suggestions.didYouMean(written, in: platforms) ?? "platforms are \(platforms.joined(separator: ", "))"))
        } else if written == "auto" && destinations == nil {
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "target '\(name)' has 'platform: auto' without 'supportedDestinations'", at: platformNode.location))
        }
        return written
    }

    /// Each of `supportedDestinations` must be one XcodeGen knows.
    private static func checkDestinations(of spec: SpecNode, named name: String, problems: inout [Diagnostic]) {
        for destination in spec["supportedDestinations"]?.items ?? [] {
            if let value = destination.string, Self.destinations[value] == nil {
                problems.append(
                    .inputError(
                        "invalid-xcodegen-spec", "target '\(name)' has an unknown destination '\(value)'", at: destination.location,
                        hint: Suggestions.didYouMean(value, in: Self.destinations.keys)
                            ?? "destinations are iOS, tvOS, macOS, macCatalyst, visionOS, watchOS"))
            }
        }
    }

    /// The target's `dependencies:`, those XcodeGen accepts; nil (with a problem) when it is not a list.
    private static func dependencies(
        of spec: SpecNode, named name: String, platform: String, packages: [String: Located<XcodeGenPackage>], problems: inout [Diagnostic]
    ) -> [XcodeGenDependency]? {
        guard let node = spec["dependencies"] else { return [] }
        guard let items = node.items else {
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "'dependencies' of target '\(name)' must be a list, found \(node.kindDescription)", at: node.location))
            return nil
        }
        return items.compactMap { item in Self.dependency(item, target: name, platform: platform, packages: packages, problems: &problems) }
    }

    /// A `sources:` entry whose files are compiled; nil for one that is not (a folder reference,
    /// `buildPhase: none`, resources) or that XcodeGen refuses (a missing path, unless `optional`).
    private static func source(
        _ item: SpecNode, target: String, projectPath: String, files: any WorkspaceFiles, problems: inout [Diagnostic]
    ) -> XcodeGenSource? {
        let pathNode = item.entries == nil ? item : item["path"]
        guard let pathNode, let path = pathNode.string, !path.isEmpty else {
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "a source of target '\(target)' has no path", at: item.location,
                    hint: "write the folder ('- Sources') or '- path: Sources'"))
            return nil
        }
        if !files.exists(path) && item["optional"]?.bool != true {
            let writer = pathNode.location.path
            problems.append(
                .inputError(
                    "invalid-xcodegen-spec", "target '\(target)' has sources at '\(path)', which does not exist", at: pathNode.location,
                    hint: writer == projectPath
                        ? "fix the path, or add 'optional: true' to a source made by a build step"
                        : "a path in an included spec is relative to that spec ('\(lastComponent(writer))'); include it with 'relativePaths: false' to make its paths relative to the including project"
                ))
            return nil
        }
        if item["type"]?.string == "folder" { return nil }
        if let phase = item["buildPhase"] {
            // `buildPhase: sources` compiles; none, resources, headers or copyFiles do not.
            guard phase.string == "sources" else { return nil }
        }
        func globs(_ key: String) -> [String] {
            guard let node = item[key] else { return [] }
            return (node.items ?? [node]).compactMap(\.string)
        }
        return XcodeGenSource(path: path, excludes: globs("excludes"), includes: globs("includes"))
    }

    /// A `dependencies:` entry; nil for one XcodeGen refuses or that applies to other platforms
    /// only (`platforms:` without the target's).
    private static func dependency(
        _ item: SpecNode, target: String, platform: String, packages: [String: Located<XcodeGenPackage>], problems: inout [Diagnostic]
    ) -> XcodeGenDependency? {
        func report(_ message: String, at location: SourceLocation, hint: String? = nil) {
            problems.append(.inputError("invalid-xcodegen-spec", message, at: location, hint: hint))
        }
        guard item.entries != nil else {
            report(
                "a dependency of target '\(target)' must be a mapping, found \(item.kindDescription)", at: item.location,
                hint: "write '- target: Name', '- framework: Name.framework', '- package: Name', '- sdk: Name.framework' or '- carthage: Name'")
            return nil
        }
        let kind: XcodeGenDependency.Kind
        let location: SourceLocation
        if let value = item["target"]?.string {
            kind = .target(value)
            location = item["target"]!.location
        } else if let value = item["framework"]?.string {
            kind = .framework(value)
            location = item["framework"]!.location
        } else if let value = item["carthage"]?.string {
            kind = .carthage(value, isStatic: item["linkType"]?.string == "static")
            location = item["carthage"]!.location
        } else if let value = item["sdk"]?.string {
            kind = .sdk(value)
            location = item["sdk"]!.location
        } else if let value = item["package"]?.string {
            var products = item["products"]?.items?.compactMap(\.string) ?? []
            if products.isEmpty, let product = item["product"]?.string { products = [product] }
            kind = .package(value, products: products.isEmpty ? [value] : products)
            location = item["package"]!.location
            if packages[value] == nil {
                report(
                    "target '\(target)' depends on package '\(value)', which the spec's 'packages:' does not declare", at: location,
                    hint: Suggestions.didYouMean(value, in: packages.keys) ?? "declare it under 'packages:' with 'path:' or 'url:'")
                return nil
            }
        } else if let value = item["bundle"]?.string {
            kind = .bundle(value)
            location = item["bundle"]!.location
        } else {
            report(
                "a dependency of target '\(target)' names nothing to depend on", at: item.location,
                hint: "a dependency needs one of 'target:', 'framework:', 'carthage:', 'sdk:', 'package:' or 'bundle:'")
            return nil
        }
        if let platforms = item["platforms"]?.items?.compactMap(\.string), !platforms.contains(platform), platform != "auto" {
            return nil
        }
        var condition: DependencyCondition?
        if let filters = item["destinationFilters"]?.items {
            var names: [String] = []
            for filter in filters {
                guard let value = filter.string, let name = destinations[value] else {
                    report(
                        "unknown destination \(filter.kindDescription) in 'destinationFilters'", at: filter.location,
                        hint: "destinations are iOS, tvOS, macOS, macCatalyst, visionOS, watchOS")
                    continue
                }
                names.append(name)
            }
            if !names.isEmpty { condition = DependencyCondition(platforms: names, traits: []) }
        } else if let filter = item["platformFilter"]?.string {
            switch filter {
            case "iOS": condition = DependencyCondition(platforms: ["ios"], traits: [])
            case "macOS": condition = DependencyCondition(platforms: ["maccatalyst"], traits: [])
            case "all": break
            default:
                report("unknown 'platformFilter' '\(filter)'", at: item["platformFilter"]!.location, hint: "it is iOS, macOS or all (Mac Catalyst)")
            }
        }
        return XcodeGenDependency(kind: kind, location: location, condition: condition, link: item["link"]?.bool)
    }
}

/// The last component of a path, without a trailing slash.
private func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}
