import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataPackageIdentity

/// The contents of a `strata.yml`, as written, with the location of every value.
///
/// A manifest is either in **generate mode** (it lists `modules` and `apps`; build files are
/// derived from it) or in **adopt mode** (it has an `adopt` section; modules are read from
/// existing `Package.swift` files and the manifest only maps them to layers and sets rules).
public struct Manifest: Sendable, Hashable {
    /// Absolute path of the strata.yml file.
    public var path: String
    /// The workspace's name, if given.
    public var name: Located<String>?
    /// Layers from top to bottom.
    public var layers: [LayerDeclaration]
    /// How interface, mocks, tests and app targets are named.
    public var naming: Naming
    /// How the packages that use `module` get it: its own `distribution:`, else the workspace's.
    public func distribution(of module: ModuleDeclaration) -> Distribution {
        module.distribution?.value ?? generate.distribution?.value ?? .path
    }

    /// The modules other packages get from the registry, by name. Computed from every module
    /// each time: keep it rather than ask again in a loop.
    public var registryModules: Set<String> {
        Set(modules.filter { distribution(of: $0) == .registry }.map(\.name.value))
    }

    /// External packages declared once for the whole workspace (generate mode).
    public var packages: [ExternalPackageDeclaration]
    /// Modules (generate mode), in file order.
    public var modules: [ModuleDeclaration] {
        didSet { packageFolders = Self.packageFolders(of: modules) }
    }
    /// Module → its `package-folder:` as a plain relative path (`./Pods/A/` is `Pods/A`), for the
    /// modules that give one; kept with `modules` (set after the manifest is made), so that
    /// finding a module's package folder costs no scan.
    public internal(set) var packageFolders: [String: String] = [:]
    /// Apps (generate mode), in file order.
    public var apps: [AppDeclaration]
    /// Code owners and the modules (or module name patterns) they own.
    public var owners: [OwnerDeclaration]
    /// Severity overrides per rule id.
    public var rules: [RuleSetting]
    /// Present in adopt mode.
    public var adopt: AdoptSettings?
    /// How `strata generate` writes the build files (generate mode).
    public var generate: GenerateSettings = GenerateSettings()
    /// Folders outside the workspace that packages may live in (`outside-workspace:`); every
    /// other path strata.yml gives must stay inside the workspace folder.
    public var outsideWorkspace: [Located<String>] = []
    /// `optional-imports:` workspace modules (or patterns) that sources may import under
    /// `#if canImport(Module)` without declaring them: optional integrations.
    public var optionalImports: [Located<String>] = []
    /// `affected:` which changed files `strata affected` ignores and which affect everything.
    public var affected = AffectedSettings()
    /// `registry:` where `strata publish` publishes, and each layer's scope there.
    public var registry: RegistrySettings?
    /// `constraints:` what the layers cannot say: targets that must never reach others, and how
    /// deep the graph may grow.
    public var constraints: [Constraint] = []

    /// Which way the workspace's modules are found.
    public var mode: WorkspaceMode { adopt == nil ? .generate : .adopt }
}

/// How a workspace's modules are found.
public enum WorkspaceMode: String, Sendable, Codable {
    /// strata.yml lists the modules; build files are generated from it.
    case generate
    /// Existing Package.swift files list the modules; strata.yml maps them to layers.
    case adopt
}

/// One layer: a name and, in adopt mode, the name patterns of the modules it holds.
public struct LayerDeclaration: Sendable, Hashable {
    public var name: Located<String>
    /// Glob patterns (`*Service`, `Network*`) matched against module and target names (adopt mode).
    public var patterns: [Located<String>]
    /// Free text for humans and graph legends.
    public var description: String?
    /// `same-layer: allowed`: its modules may link each other directly.
    public var allowsSameLayerLinks = false
}

/// A naming template such as `{module}Core`: one placeholder with a fixed prefix and suffix.
public struct NamingTemplate: Sendable, Hashable, CustomStringConvertible {
    public let prefix: String
    public let suffix: String
    public let placeholder: String

    /// Parses `template`, which must contain `{placeholder}` exactly once.
    public init?(_ template: String, placeholder: String) {
        let token = "{\(placeholder)}"
        let parts = template.components(separatedBy: token)
        guard parts.count == 2 else { return nil }
        self.prefix = parts[0]
        self.suffix = parts[1]
        self.placeholder = placeholder
    }

    /// The name this template gives `base`.
    public func name(for base: String) -> String { prefix + base + suffix }

    /// The base name if `name` fits the template, e.g. `Network` for `NetworkCore` and `{module}Core`.
    public func base(of name: String) -> String? {
        guard name.count > prefix.count + suffix.count, name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        return String(name.dropFirst(prefix.count).dropLast(suffix.count))
    }

    public var description: String { prefix + "{\(placeholder)}" + suffix }
}

/// How the targets that belong to a module, and apps' targets, are named.
public struct Naming: Sendable, Hashable {
    public var interface: NamingTemplate
    public var mocks: NamingTemplate
    public var tests: NamingTemplate
    public var app: NamingTemplate
    /// A module's host app (`host-app: true`).
    public var host: NamingTemplate
    /// Further templates for mocks and other test-only libraries (`naming: { mocks:
    /// ["{module}Mocks", "{module}TestSupport", "{module}Testing"] }`): adopt mode recognises a
    /// target by any of them; generate mode names new targets by the first (`mocks`).
    public var otherMocks: [NamingTemplate] = []
    /// Further templates for test targets, likewise.
    public var otherTests: [NamingTemplate] = []

    /// The modules a mocks or test-support target may belong to, one per mocks template it fits, first template first.
    public func mocksBases(of name: String) -> [String] {
        ([mocks] + otherMocks).compactMap { $0.base(of: name) }
    }

    /// The modules a test target may belong to, one per tests template it fits.
    public func testsBases(of name: String) -> [String] {
        ([tests] + otherTests).compactMap { $0.base(of: name) }
    }

    /// The defaults: `{module}Interface`, `{module}Mocks`, `{module}Tests`, and apps named as themselves.
    public static let `default` = Naming(
        interface: NamingTemplate("{module}Interface", placeholder: "module")!,
        mocks: NamingTemplate("{module}Mocks", placeholder: "module")!,
        tests: NamingTemplate("{module}Tests", placeholder: "module")!,
        app: NamingTemplate("{app}", placeholder: "app")!,
        host: NamingTemplate("{module}Host", placeholder: "module")!
    )

    public init(
        interface: NamingTemplate, mocks: NamingTemplate, tests: NamingTemplate, app: NamingTemplate, host: NamingTemplate
    ) {
        self.interface = interface
        self.mocks = mocks
        self.tests = tests
        self.app = app
        self.host = host
    }
}

/// Whether a library is linked statically or dynamically into the images that use it.
public enum Linkage: String, Sendable, Codable, CaseIterable {
    case `static`
    case `dynamic`
    /// A dynamic library built mergeable (Xcode 15+): the apps that link it merge it into their
    /// own image in optimised builds, and load it as a dynamic library in debug builds. Strata's
    /// graph, and every Package.swift, take it as dynamic; the XcodeGen specs build it mergeable
    /// and have the apps merge it.
    case mergeable

    /// Loaded as a dynamic library of its own (in debug builds, for a mergeable one).
    public var isDynamic: Bool { self != .static }
}

/// An external Swift package, declared once with one pinned requirement.
public struct ExternalPackageDeclaration: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        case url(String)
        case path(String)
        /// Only a registry identity (`id: scope.Name`): `.package(id:)` everywhere.
        case registry(String)
    }
    public enum Requirement: Sendable, Hashable {
        case from(String)
        case exact(String)
        case branch(String)
        case revision(String)
        /// `up-to-next-minor-from: 1.2.3`: SwiftPM's `.upToNextMinor(from:)`.
        case upToNextMinor(String)
        /// `range: "1.0.0..<1.5.0"`: at least the first, below the second.
        case range(String, String)
        case none

        /// The versions from `lower` up to but not including `upper`, as simply as strata.yml says
        /// them: `from:` up to the next major, `up-to-next-minor-from:`, else a `range`; nil when
        /// either is not a semantic version or the range is empty.
        public static func versions(from lower: String, below upper: String) -> Requirement? {
            guard let low = SemanticVersion(lower), let high = SemanticVersion(upper), low < high else { return nil }
            if high == low.nextMajor { return .from(lower) }
            if high == low.nextMinor { return .upToNextMinor(lower) }
            return .range(lower, upper)
        }

        /// Whether a registry release can be selected by it: a version or versions, not a branch
        /// or a revision.
        public var selectsVersions: Bool {
            switch self {
            case .from, .exact, .upToNextMinor, .range: true
            case .branch, .revision, .none: false
            }
        }
    }
    /// The package's identity as the manifest names it (`swift-log`).
    public var name: Located<String>
    public var source: Source
    public var requirement: Requirement
    /// Its identity in a package registry (`scope.Name`), when it has one. A module published to
    /// the registry depends on it by this identity, with `requirement`; a package with only a
    /// `path` cannot be depended on from a registry.
    public var id: Located<String>? = nil

    /// The registry identity a package depending on this one names it by: always for a
    /// registry-only package, and for one with an `id` when the dependent is published
    /// (`viaRegistry`); nil when it is depended on by URL or path.
    public func registryIdentity(viaRegistry: Bool) -> String? {
        if case .registry(let id) = source { return id }
        return viaRegistry ? id?.value : nil
    }

    /// How a target dependency names the package (`.product(name:package:)`): SwiftPM names a
    /// registry dependency by its identity, any other by its last path component, the key.
    public func productPackageName(viaRegistry: Bool) -> String {
        registryIdentity(viaRegistry: viaRegistry) ?? name.value
    }
}

/// Options for a module's interface, mocks or tests target: whether it exists and what extra
/// dependencies it has beyond the automatic ones.
public struct CompanionTarget: Sendable, Hashable {
    /// Where it was switched on.
    public var location: SourceLocation
    public var dependencies: [Located<String>]
    public var packages: [Located<String>]
    /// Its folder relative to the workspace root, if not the default.
    public var path: Located<String>? = nil
    /// Its sources, resources and settings beyond the folder.
    public var build = TargetBuild()
}

/// A module in generate mode.
public struct ModuleDeclaration: Sendable, Hashable {
    public var name: Located<String>
    public var layer: Located<String>
    public var interface: CompanionTarget?
    public var mocks: CompanionTarget?
    public var tests: CompanionTarget?
    public var linkage: Linkage
    /// Workspace targets the implementation depends on: modules, interface or mocks targets.
    public var dependencies: [Located<String>]
    /// External products, as `package/Product`.
    public var packages: [Located<String>]
    /// Source folder relative to the workspace root, if not the default.
    public var path: Located<String>?
    /// `package-folder:` where the module's package is in the `packages` layout, relative to the
    /// workspace root, if not `Packages/<Module>` (a pod's folder, migrated where it is).
    public var packageFolder: Located<String>? = nil
    /// Where `host-app: true` is written: the module has a host app, an executable that runs
    /// its flow in isolation, against the mocks of the modules it uses.
    public var hostApp: SourceLocation?
    /// `distribution:` how other packages get the module, if not the workspace's way.
    public var distribution: Located<Distribution>? = nil
    /// The implementation's sources, resources and settings beyond its folder.
    public var build = TargetBuild()

    /// The companion targets strata.yml switches on: interface, mocks, tests.
    public var companions: [CompanionTarget] { [interface, mocks, tests].compactMap { $0 } }
    /// What strata.yml says of each of its targets' files and settings: the implementation's first.
    public var builds: [TargetBuild] { [build] + companions.map(\.build) }
    /// The `path:`s its targets give.
    public var paths: [Located<String>] { ([path] + companions.map(\.path)).compactMap { $0 } }
}

/// How the packages that use a module get it (generate mode, `packages` layout).
public enum Distribution: String, Sendable, Hashable, CaseIterable {
    /// From its folder: `.package(path: "../Network")`.
    case path
    /// From the package registry, at a released version: `.package(id: "iss-core.Network", from: "1.2.0")`.
    /// `strata release` makes the versions.
    case registry
}

/// An app (generate mode): an executable that assembles modules. Apps sit above every layer.
public struct AppDeclaration: Sendable, Hashable {
    public var name: Located<String>
    public var dependencies: [Located<String>]
    public var packages: [Located<String>]
    /// A test or demo host app, which may link mocks targets.
    public var isTestHost: Bool
    public var path: Located<String>?
}

/// A code owner (`@org/team` or an e-mail) and what they own.
public struct OwnerDeclaration: Sendable, Hashable {
    public var owner: Located<String>
    /// Module names or glob patterns.
    public var modules: [Located<String>]
}

/// How seriously a rule's findings are taken.
public enum RuleSeverity: String, Sendable, Codable, CaseIterable {
    case error
    case warning
    case off

    /// The severity the rule's findings get; nil for a rule that is off.
    public var findingSeverity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .off: nil
        }
    }
}

/// A severity override for one rule.
public struct RuleSetting: Sendable, Hashable {
    public var rule: Located<String>
    public var severity: Located<RuleSeverity>
}

/// How `strata generate` lays out and writes the build files (generate mode).
public struct GenerateSettings: Sendable, Hashable {
    /// Where the targets' Package.swift declarations go.
    public enum Layout: String, Sendable, Hashable, CaseIterable {
        /// One root Package.swift with every target; sources in `Sources/<Target>`, tests in `Tests/<Target>`.
        case single
        /// One package per module under `Packages/<Module>/`, depending on each other by path;
        /// the root Package.swift holds the apps (and the umbrella).
        case packages
    }

    /// A platform the packages support, as written: `macOS: "15"`.
    public struct Platform: Sendable, Hashable {
        public var name: Located<String>
        public var version: Located<String>
    }

    public var layout: Layout = .single

    /// Whether a module's dependents in the workspace link it by its product, as `linkage:`
    /// says: in the packages layout (each module a package) and in the XcodeGen projects (its
    /// implementation a framework). In the single layout SwiftPM links every module statically.
    public var linksModulesByProduct: Bool { layout == .packages || xcodegen != nil }
    /// `distribution:` how modules reach each other unless a module says otherwise (`path` when absent).
    public var distribution: Located<Distribution>?
    /// The `swift-tools-version` of every generated Package.swift.
    public var toolsVersion = "6.0"
    public var platforms: [Platform] = []
    /// An executable target that depends on every module, so that one build proves the whole
    /// framework compiles and links.
    public var umbrella: Located<String>?
    /// Write a CODEOWNERS file from `owners` (when there are any).
    public var codeowners = true
    /// Write XcodeGen project specs, when set.
    public var xcodegen: XcodeGen?
    /// Where the section is, if present.
    public var location: SourceLocation?

    public init() {}

    /// XcodeGen project specs: one `project.yml` per module (its targets as frameworks linking
    /// the other modules' projects) and one for the apps, all including one shared settings file.
    public struct XcodeGen: Sendable, Hashable {
        public var platform: Located<String>
        public var deploymentTarget: Located<String>?
        public var bundleIDPrefix: Located<String>?
        /// Give each app target (each module's implementation target when there are no apps) a
        /// build phase that runs `strata check --format xcode` (docs/XCODE.md).
        public var checkPhase = false

        /// The platforms XcodeGen builds for, as its specs name them.
        public static let platforms = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]
    }

    /// The platform names PackageDescription knows, as they are written in strata.yml and in Swift.
    public static let platformNames = ["macOS", "iOS", "tvOS", "watchOS", "visionOS", "macCatalyst", "driverKit"]

    /// The folder of a module's package in the `packages` layout unless it says otherwise
    /// (`package-folder:`), relative to the workspace root.
    public static func defaultPackageFolder(of module: String) -> String { "Packages/\(module)" }
}

/// Adopt mode: where the existing Package.swift files are.
/// `affected: { ignore: [...], always: [...] }`: path patterns (see `PathPattern`) for files
/// whose change `strata affected` ignores although they sit in a target's folder
/// (`**/*.md`), and for files outside every target whose change affects every target
/// (`Scripts/build-settings.sh`, `ci/*.xcconfig`). Manifests are compared whatever `ignore` says.
public struct AffectedSettings: Sendable, Hashable {
    public var ignore: [Located<String>] = []
    public var always: [Located<String>] = []

    public init(ignore: [Located<String>] = [], always: [Located<String>] = []) {
        self.ignore = ignore
        self.always = always
    }
}

/// One entry of `constraints:`, with the reason its findings print. Either
/// `{ from: [...], never: [...], reason: … }` — targets whose names match `from` never depend on
/// one matching `never`, directly or through others (an external package's product counts) — or
/// `{ max-depth: N, reason: … }` — no chain of the workspace's own targets is longer than N.
public struct Constraint: Sendable, Hashable {
    public var from: [Located<String>]
    public var never: [Located<String>]
    /// `max-depth`: the longest chain of targets allowed, counting both ends (`A → B → C` is 3).
    public var depthLimit: Int?
    public var reason: Located<String>
    /// The entry's first key: where a finding's note points.
    public var location: SourceLocation

    public init(
        from: [Located<String>] = [], never: [Located<String>] = [], depthLimit: Int? = nil, reason: Located<String>,
        location: SourceLocation
    ) {
        self.from = from
        self.never = never
        self.depthLimit = depthLimit
        self.reason = reason
        self.location = location
    }
}

/// `registry: { url: https://registry.example.com, scopes: { core: iss-core, service: iss-service } }`:
/// the package registry `strata publish` publishes to, and the scope each layer's modules go to.
public struct RegistrySettings: Sendable, Hashable {
    /// A layer and the registry scope its modules are published to.
    public struct LayerScope: Sendable, Hashable {
        public var layer: Located<String>
        public var scope: Located<String>

        public init(layer: Located<String>, scope: Located<String>) {
            self.layer = layer
            self.scope = scope
        }
    }

    public var url: Located<String>
    /// In the manifest's order.
    public var scopes: [LayerScope]
    public var location: SourceLocation

    public init(url: Located<String>, scopes: [LayerScope], location: SourceLocation) {
        self.url = url
        self.scopes = scopes
        self.location = location
    }

    /// The scope of `layer`, if the manifest gives one.
    public func scope(ofLayer layer: String) -> Located<String>? {
        scopes.first { $0.layer.value == layer }?.scope
    }
}

public struct AdoptSettings: Sendable, Hashable {
    /// Folders holding a Package.swift, relative to the workspace root; globs allowed (`Packages/*`).
    public var packages: [Located<String>]
    /// Folders left out of the workspace, as path patterns from the workspace folder
    /// (`Examples/**`, `Fixtures`): a package there is not read, whether `packages` matches it or
    /// another package depends on it by path; its products stay unknown, as an unresolved
    /// remote package's do.
    public var exclude: [Located<String>] = []
    /// Executable targets matching these patterns are test or demo host apps (may link mocks).
    public var hosts: [Located<String>]
    /// XcodeGen specs, as path patterns from the workspace folder (`Modules/**/project.yml`):
    /// their targets join the graph (`XcodeGenWorkspace`).
    public var xcodegen: [Located<String>] = []
    /// Xcode projects (`.xcodeproj` folders), as path patterns from the workspace folder
    /// (`*.xcodeproj`, `Apps/*/*.xcodeproj`): their targets join the graph (`XcodeProjectFormat`).
    public var xcode: [Located<String>] = []
    /// The workspace's podspecs, as path patterns (`Pods/*/*.podspec`), the Podfile, and spec
    /// repos (folders) external pods are found in (`CocoaPodsWorkspace`).
    public var podspecs: [Located<String>] = []
    public var podfile: Located<String>?
    public var specRepos: [Located<String>] = []

    /// Whether modules come from Xcode projects, XcodeGen specs or pods too (files `strata affected` reads at each revision).
    public var readsProjectSpecs: Bool { !xcode.isEmpty || !xcodegen.isEmpty || !podspecs.isEmpty || podfile != nil }
    /// Where the section is.
    public var location: SourceLocation
}

extension AdoptSettings {
    /// The `exclude` pattern that leaves out `folder` (absolute), if any.
    public func exclusion(of folder: String, root: String) -> Located<String>? {
        guard !exclude.isEmpty, let relative = PathResolution.path(folder, inside: root), !relative.isEmpty else { return nil }
        return exclude.first { PathPattern($0.value).matches(relative) }
    }
}

extension Diagnostic {
    /// `rules:` names `rule`, which is none of `known`.
    public static func unknownRule(_ rule: Located<String>, known: [String]) -> Diagnostic {
        .inputError(
            "unknown-rule", "unknown rule '\(rule.value)' in 'rules'", at: rule.location,
            hint: Suggestions.didYouMean(rule.value, in: known) ?? "rules are: \(known.joined(separator: ", "))")
    }
}

extension Manifest {
    /// The folder of `module`'s package in the `packages` layout, relative to the workspace root:
    /// its `package-folder:`, else `Packages/<Module>`.
    public func packageFolder(of module: String) -> String {
        packageFolders[module] ?? GenerateSettings.defaultPackageFolder(of: module)
    }

    static func packageFolders(of modules: [ModuleDeclaration]) -> [String: String] {
        let given = modules.compactMap { module in
            module.packageFolder.map { (module.name.value, $0.value.split(separator: "/").filter { $0 != "." }.joined(separator: "/")) }
        }
        return Dictionary(given) { first, _ in first }
    }
}
