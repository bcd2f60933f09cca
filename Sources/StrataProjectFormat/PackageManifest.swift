public import StrataDiagnostics
public import StrataManifest
public import StrataSources

/// What Strata needs from a Package.swift: its products, package dependencies and targets
/// with their dependencies. Produced by the static reader or by `swift package dump-package`;
/// both must agree (locations aside), which the tests check on every fixture.
public struct PackageManifest: Sendable, Hashable {
    /// Absolute path of the Package.swift.
    public var path: String
    public var name: String
    public var products: [Product]
    public var dependencies: [PackageDependency]
    public var targets: [PackageTarget]
    /// The `// swift-tools-version:` the manifest declares; it decides, among other things,
    /// which folders of a target SwiftPM looks into for sources.
    public var toolsVersion: ToolsVersion?
    /// What was read: a Package.swift, or another build system's project read as a package.
    public var kind: Kind = .swiftPackage

    public enum Kind: Sendable, Hashable {
        /// A Package.swift: other packages depend on it by its path.
        case swiftPackage
        /// An XcodeGen project, or the pods of a Podfile and podspecs.
        case project
    }

    public init(
        path: String, name: String, products: [Product], dependencies: [PackageDependency], targets: [PackageTarget],
        toolsVersion: ToolsVersion? = nil
    ) {
        self.path = path
        self.name = name
        self.products = products
        self.dependencies = dependencies
        self.targets = targets
        self.toolsVersion = toolsVersion
    }

    /// Absolute path of the package's folder.
    public var directory: String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }

    /// The manifest without source locations, for comparing what two readers found.
    public var withoutLocations: PackageManifest {
        var copy = self
        copy.dependencies = copy.dependencies.map {
            var d = $0; d.location = nil; return d
        }
        copy.targets = copy.targets.map { target in
            var t = target
            t.location = nil
            t.dependencies = t.dependencies.map {
                var d = $0; d.location = nil; return d
            }
            t.plugins = t.plugins.map {
                var p = $0; p.location = nil; return p
            }
            return t
        }
        return copy
    }
}

/// A product a package vends.
public struct Product: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case library(LibraryType)
        case executable
        case plugin
        case other
    }
    public enum LibraryType: String, Sendable, Hashable {
        case automatic, `static`, `dynamic`
    }
    public var name: String
    public var kind: Kind
    public var targets: [String]

    public init(name: String, kind: Kind, targets: [String]) {
        self.name = name
        self.kind = kind
        self.targets = targets
    }
}

/// A package another package depends on.
public struct PackageDependency: Sendable, Hashable {
    public enum Source: Sendable, Hashable {
        /// A local package; absolute, standardised path.
        case fileSystem(String)
        case sourceControl(String)
        case registry(String)
    }
    /// SwiftPM's identity: the last path component, lowercased, without `.git`.
    public var identity: String
    /// The name given with `.package(name:…)`, which `.product(package:)` may use instead of the identity.
    public var name: String?
    public var source: Source
    public var location: SourceLocation?
    /// The version requirement, where the manifest says it in a form strata.yml can too
    /// (`from:`, `exact:`, `branch:`, `revision:`, `.upToNextMajor(from:)`); nil for a path or
    /// another form (a range, `.upToNextMinor`).
    public var requirement: ExternalPackageDeclaration.Requirement?

    public init(
        identity: String, name: String?, source: Source, location: SourceLocation?, requirement: ExternalPackageDeclaration.Requirement? = nil
    ) {
        self.identity = identity
        self.name = name
        self.source = source
        self.location = location
        self.requirement = requirement
    }

    /// True if `.product(package: reference)` means this dependency.
    public func isReferenced(by reference: String) -> Bool {
        identity == reference.lowercased() || name == reference
    }

    /// The package's name as its URL or path spells it: the last component without `.git`.
    public static func displayName(for location: String) -> String {
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last
    }

    /// SwiftPM's identity for a URL or path: last component, without `.git`, lowercased.
    public static func identity(for location: String) -> String {
        displayName(for: location).lowercased()
    }
}

/// A target as a Package.swift declares it.
public struct PackageTarget: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case regular, executable, test, macro, plugin, system, binary
    }
    public var name: String
    public var kind: Kind
    public var dependencies: [PackageTargetDependency]
    /// The explicit `path:`, relative to the package folder.
    public var path: String?
    public var exclude: [String]
    public var sources: [String]?
    /// The paths of its `resources:` (`.process`, `.copy`, `.embedInCode`), relative to its folder:
    /// SwiftPM compiles nothing under them.
    public var resources: [String] = []
    /// A binary target's `url:`; SwiftPM downloads the artifact into `.build/artifacts`.
    public var url: String?
    /// `-module-alias NAME=REAL` in its `unsafeFlags`: its sources `import NAME` to get module `REAL`.
    public var moduleAliases: [String: String] = [:]
    public var location: SourceLocation?
    /// Where its sources are, for a target another build system declares (an XcodeGen target, a
    /// pod): already resolved by that system's rules, so SwiftPM's folder rules do not apply.
    public var declaredSources: TargetSources?
    /// The module `import` reaches it by, when it is not the target's name (XcodeGen's
    /// `PRODUCT_MODULE_NAME`, the one module of `Foo_iOS` and `Foo_tvOS`).
    public var moduleName: String?
    /// The module of the architecture it belongs to, when its build system says so rather than
    /// the naming templates (a pod's test spec, `Profile-Unit-Tests`, belongs to `Profile`).
    public var owningModule: String?
    /// `plugins:`: the plugins that run when it builds.
    public var plugins: [PluginUsage] = []
    /// The flags its build sets for `#if` (an Xcode target's `SWIFT_ACTIVE_COMPILATION_CONDITIONS`).
    public var compilationConditions: [String] = []
    /// What Xcode builds it as (an app, an app extension, a framework…), for a target of an Xcode
    /// project or XcodeGen spec.
    public var productRole: XcodeProductRole?
    /// What its build declares beyond the graph, part by part, for `strata affected` to compare
    /// between revisions: an Xcode target's build settings and phases. Empty for a package's target.
    public var buildDeclaration: [String: String] = [:]

    /// `.plugin(name:package:)` in a target's `plugins:`.
    public struct PluginUsage: Sendable, Hashable {
        public var name: String
        /// The package that vends it; nil for a plugin target of the same package.
        public var package: String?
        public var location: SourceLocation?

        public init(name: String, package: String?, location: SourceLocation?) {
            self.name = name
            self.package = package
            self.location = location
        }
    }

    public init(
        name: String, kind: Kind, dependencies: [PackageTargetDependency], path: String?, exclude: [String],
        sources: [String]?, location: SourceLocation?
    ) {
        self.name = name
        self.kind = kind
        self.dependencies = dependencies
        self.path = path
        self.exclude = exclude
        self.sources = sources
        self.location = location
    }
}

/// One entry of a target's `dependencies:`.
public struct PackageTargetDependency: Sendable, Hashable {
    public enum Reference: Sendable, Hashable {
        /// `.target(name:)`: a target of the same package.
        case target(String)
        /// `.product(name:package:)`.
        case product(String, package: String?)
        /// `"Name"` or `.byName(name:)`: a target of the same package, else a product of a dependency.
        case byName(String)
        /// A target of another project of the workspace, by its name (unique in the workspace):
        /// what XcodeGen's `Project/Target` and `framework: Name.framework` resolve to.
        case workspaceTarget(String)
        /// A framework built outside the workspace: a `carthage:` dependency, a `framework:` no
        /// target of the workspace builds, an external pod.
        case prebuilt(Prebuilt)
        /// A package product an Xcode project names without its package (an
        /// `XCSwiftPackageProductDependency` with no `package`, as a product of a package that
        /// was local when it was added): Xcode finds it by name among every package the
        /// workspace uses. A local package that vends it, or is named like it, is that package;
        /// otherwise it is an external node of ``anyPackage``, which one of the remote packages vends.
        case anyPackageProduct(String)

        /// The external package a product of ``anyPackageProduct(_:)`` is put in when no local
        /// package vends it.
        public static let anyPackage = "any-package"
    }

    /// A framework from outside the workspace: an external node named `provider/name`.
    public struct Prebuilt: Sendable, Hashable {
        public var name: String
        /// `carthage`, `frameworks`, `pods`, or a referenced Xcode project's name.
        public var provider: String
        /// The modules it provides to `import`: its own name's unless said, unknown when no
        /// spec says (a pod without a podspec to read).
        public var modules: ProvidedModules
        public var linkage: Linkage

        public init(name: String, provider: String, module: String? = nil, linkage: Linkage) {
            self.init(name: name, provider: provider, modules: .named([module ?? name]), linkage: linkage)
        }

        public init(name: String, provider: String, modules: ProvidedModules, linkage: Linkage) {
            self.name = name
            self.provider = provider
            self.modules = modules
            self.linkage = linkage
        }
    }
    public var reference: Reference
    /// `.product(…, moduleAliases: ["Utils": "FooUtils"])`: the product's module `Utils` is
    /// renamed, and the dependent imports it as `FooUtils`.
    public var moduleAliases: [String: String] = [:]
    /// `condition: .when(platforms:traits:)`; nil when the dependency always applies.
    public var condition: DependencyCondition?
    public var location: SourceLocation?
    /// False when the dependent does not link it (see `Dependency.isLinked` in StrataWorkspace); SwiftPM links
    /// every dependency.
    public var isLinked = true
    /// The dependent merges this dynamic library into its own image as it links (Xcode's
    /// mergeable libraries, in an optimised build): for what an image embeds, it is linked
    /// statically.
    public var isMerged = false

    public init(_ reference: Reference, location: SourceLocation?) {
        self.reference = reference
        self.location = location
    }
}

/// When a target dependency applies: `.when(platforms: [.iOS], traits: ["Fast"])`.
public struct DependencyCondition: Sendable, Hashable, Codable {
    /// SwiftPM's platform names (`ios`, `macos`, `maccatalyst`, `linux`…), sorted; empty for every platform.
    public var platforms: [String]
    /// Package traits, sorted, of which one must be enabled; empty when no trait is needed.
    public var traits: [String]

    public init(platforms: [String], traits: [String]) {
        self.platforms = platforms.sorted()
        self.traits = traits.sorted()
    }

    /// True if the dependency applies when building for `platform` (SwiftPM's name for it).
    public func applies(toPlatform platform: String) -> Bool {
        platforms.isEmpty || platforms.contains(platform)
    }

    /// The condition under which one of two declarations of the same edge applies.
    public static func either(_ a: DependencyCondition?, _ b: DependencyCondition?) -> DependencyCondition? {
        guard let a, let b else { return nil }
        let platforms = a.platforms.isEmpty || b.platforms.isEmpty ? [] : Array(Set(a.platforms + b.platforms))
        let traits = a.traits.isEmpty || b.traits.isEmpty ? [] : Array(Set(a.traits + b.traits))
        return platforms.isEmpty && traits.isEmpty ? nil : DependencyCondition(platforms: platforms, traits: traits)
    }
}

/// A `swift-tools-version`: major, minor and patch.
public struct ToolsVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `5.9`, `5.9.1`; nil for anything else.
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard (2...3).contains(parts.count), let major = parts[0], let minor = parts[1], parts.allSatisfy({ $0 != nil }) else { return nil }
        self.init(major, minor, parts.count == 3 ? parts[2]! : 0)
    }

    public static func < (a: ToolsVersion, b: ToolsVersion) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}

extension PackageTarget {
    /// The `-module-alias NAME=REAL` pairs among compiler flags, as NAME → REAL.
    package static func moduleAliases(inFlags flags: [String]) -> [String: String] {
        var aliases: [String: String] = [:]
        for (index, flag) in flags.enumerated() where flag == "-module-alias" && index + 1 < flags.count {
            let pair = flags[index + 1].split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { aliases[pair[0]] = pair[1] }
        }
        return aliases
    }
}
