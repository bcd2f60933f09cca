public import StrataDiagnostics
public import StrataManifest
public import StrataProjectFormat
public import StrataSources

/// What part a target plays in the architecture.
public enum TargetRole: String, Sendable, Codable, CaseIterable {
    /// A module's code.
    case implementation
    /// A module's interface target: protocols, plain types, data objects only.
    case interface
    /// Shared test doubles for a module; only tests and host apps may link them.
    case mocks
    /// A module's tests.
    case tests
    /// An executable that assembles modules; apps sit above every layer.
    case app
    /// A product of a package outside the workspace, or a target of the workspace's own
    /// packages that is no module of the architecture (a system library, a binary target, a
    /// plugin: see `Target.native`).
    case external

    /// Tests and externals are outside the production architecture; everything else is in it.
    public var isProduction: Bool {
        switch self {
        case .implementation, .interface, .app: true
        case .mocks, .tests, .external: false
        }
    }
}

/// A node of the workspace's graph: something that can be built and depended on.
public struct Target: Sendable, Hashable {
    /// Unique name in the workspace (for externals: `package/Product`).
    public var name: String
    public var role: TargetRole
    /// The module it belongs to; nil for apps and externals.
    public var module: String?
    /// Its layer; nil for apps, externals and targets no layer pattern matched.
    public var layer: LayerID?
    /// How the target's library is linked into images.
    public var linkage: Linkage
    /// For apps: a test or demo host that may link mocks.
    public var isTestHost: Bool
    /// Where the target is declared.
    public var location: SourceLocation?
    /// For externals: the package's identity.
    public var package: String?
    /// Where the target's Swift sources are; nil for externals.
    public var sources: TargetSources?
    /// A macro target (adopt mode): a compiler plug-in that sources use through
    /// `#externalMacro(module:type:)`, never through `import`.
    public var isMacro = false
    /// For a target of the workspace's own packages that is not a Swift module of the
    /// architecture: which kind it is. Such a target has the `external` role (no layer, no rules
    /// of its own), but it is built from the workspace's files, so it is one of the workspace's
    /// targets: a change to its files affects it and its dependents. Nil for every other target.
    public var native: NativeTarget?
    /// The modules `import` reaches this target by.
    public var modules = ProvidedModules.own
    /// `-module-alias NAME=REAL` in its unsafe flags: its sources `import NAME` to get module `REAL`.
    public var moduleAliases: [String: String] = [:]
    /// The flags its build sets for `#if` (an Xcode target's `SWIFT_ACTIVE_COMPILATION_CONDITIONS`
    /// in the configuration read): its sources' conditions are evaluated with them set.
    public var compilationConditions: [String] = []
    /// What Xcode builds it as, for a target of an Xcode project or XcodeGen spec: an app and
    /// each extension, app clip or tool run as processes of their own.
    public var productRole: XcodeProductRole?
    /// What the target is, in words: its Xcode product ("app extension") where it has one, else
    /// its role ("interface").
    public var roleDescription: String { productRole?.noun ?? role.rawValue }
    /// What its build declares beyond the graph, part by part (`setting OTHER_SWIFT_FLAGS`,
    /// `phase PBXResourcesBuildPhase`): an Xcode target's build settings and build phases, which
    /// `strata affected` compares between revisions. Empty where the declaration is compared
    /// another way (a Package.swift's, a strata.yml's).
    public var buildDeclaration: [String: String] = [:]

    public init(
        name: String, role: TargetRole, module: String?, layer: LayerID?, linkage: Linkage = .static,
        isTestHost: Bool = false, location: SourceLocation?, package: String? = nil, sources: TargetSources? = nil
    ) {
        self.name = name
        self.role = role
        self.module = module
        self.layer = layer
        self.linkage = linkage
        self.isTestHost = isTestHost
        self.location = location
        self.package = package
        self.sources = sources
    }
}

/// A target kind of SwiftPM that is not a Swift module of the architecture.
public enum NativeTarget: String, Sendable, Hashable, CaseIterable {
    /// `.systemLibrary`: a module map over a library of the system.
    case systemLibrary = "system library"
    /// `.binaryTarget`: a prebuilt XCFramework or artifact bundle.
    case binary = "binary target"
    /// `.plugin`: a command or build-tool plugin that targets use through `plugins:`.
    case plugin
}

extension NativeTarget {
    /// The kind of a package's target, or nil for a Swift module (regular, executable, test, macro).
    init?(_ kind: PackageTarget.Kind) {
        switch kind {
        case .system: self = .systemLibrary
        case .binary: self = .binary
        case .plugin: self = .plugin
        case .regular, .executable, .test, .macro: return nil
        }
    }
}

extension Target {
    /// True for a product of a package outside the workspace: nothing of it is built or tested
    /// here (a native target of the workspace's own packages is inside).
    public var isOutsideWorkspace: Bool { role == .external && native == nil }
}

/// An edge of the graph: a target's dependency on another.
public struct Dependency: Sendable, Hashable {
    /// The target depended on.
    public var target: TargetID
    /// The manifest line that declared the edge.
    public var location: SourceLocation?
    /// True for edges Strata adds by convention (a module on its interface, tests on mocks).
    public var isAutomatic: Bool
    /// `.when(platforms:traits:)` in the manifest; nil when the edge always applies.
    public var condition: DependencyCondition?
    /// `moduleAliases:` of a product dependency: module name → the name the dependent imports it by.
    public var moduleAliases: [String: String] = [:]
    /// False for a dependency the dependent builds after and may import but does not link
    /// (XcodeGen's `link: false`, and its default for a static library under a framework): it
    /// embeds nothing (`static-linked-once`).
    public var isLinked = true
    /// The dynamic library through which the dependent links the target, by the name the build
    /// gives it: a framework (XcodeGen, CocoaPods' `use_frameworks!`), or a `.dynamic` library
    /// product of another package (in one package SwiftPM links its own targets statically,
    /// whatever products contain them). The dependent loads that library at launch and embeds
    /// none of it. Nil for a static link.
    public var dynamicLibrary: String?
    /// The product of another package of the workspace that the entry named, when the edge
    /// is one of that product's targets: the entry is one declaration, used when any of the
    /// product's modules is imported (`unused-dependency`). Nil for an entry that names a target.
    public var product: String?
    /// True for an entry of the dependent's `plugins:`: the plugin runs when the dependent
    /// builds (and a change to it reaches the dependent), but nothing of it is imported or linked.
    public var isPluginUsage = false

    public init(target: TargetID, location: SourceLocation?, isAutomatic: Bool = false) {
        self.target = target
        self.location = location
        self.isAutomatic = isAutomatic
    }

    /// Every field at once (decoding builds 100,000s of edges: no copy on the way).
    init(
        target: TargetID, location: SourceLocation?, isAutomatic: Bool, condition: DependencyCondition?, moduleAliases: [String: String],
        isLinked: Bool, dynamicLibrary: String?, product: String?, isPluginUsage: Bool
    ) {
        self.target = target
        self.location = location
        self.isAutomatic = isAutomatic
        self.condition = condition
        self.moduleAliases = moduleAliases
        self.isLinked = isLinked
        self.dynamicLibrary = dynamicLibrary
        self.product = product
        self.isPluginUsage = isPluginUsage
    }
}

/// A layer of the workspace.
public struct Layer: Sendable, Hashable {
    public var name: String
    public var location: SourceLocation
    public var description: String?
    /// `same-layer: allowed` in strata.yml: its modules may link each other directly.
    public var allowsSameLayerLinks = false

    public init(name: String, location: SourceLocation, description: String?, allowsSameLayerLinks: Bool = false) {
        self.name = name
        self.location = location
        self.description = description
        self.allowsSameLayerLinks = allowsSameLayerLinks
    }

    /// The layer strata.yml declares.
    init(_ declaration: LayerDeclaration) {
        self.init(
            name: declaration.name.value, location: declaration.name.location, description: declaration.description,
            allowsSameLayerLinks: declaration.allowsSameLayerLinks)
    }
}

/// A module: the targets that belong together under one name.
public struct Module: Sendable, Hashable {
    public var name: String
    public var layer: LayerID?
    public var location: SourceLocation?
    /// Its targets by role (implementation, interface, mocks, tests), where present.
    public var targets: [TargetRole: TargetID]
}
