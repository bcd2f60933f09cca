public import StrataDiagnostics

/// Apple's product types (`com.apple.product-type.…`), as Xcode projects write them in full and
/// XcodeGen specs in short (`framework.static`), with what each is: the role a target plays in
/// the workspace (an app, an extension, a framework, a test bundle) and what it is to the graph.
public enum XcodeProductRole: String, Sendable, Hashable, CaseIterable {
    case application
    /// An App Clip (`application.on-demand-install-capable`).
    case appClip
    case watchApp
    /// An app extension or ExtensionKit extension: a process of its own, started by the system.
    case appExtension
    /// An XPC service, system or driver extension.
    case service
    /// A command-line tool.
    case tool
    /// A dynamic framework (static when `MACH_O_TYPE` says so).
    case framework
    case staticFramework
    case staticLibrary
    case dynamicLibrary
    case unitTests
    case uiTests
    /// A bundle of resources or loadable code without a module others import.
    case bundle
    /// A metal library or an Instruments package.
    case other

    /// The prefix Xcode writes before every product type.
    public static let prefix = "com.apple.product-type."

    /// The role of the product type named `name`, in full or short; nil for one not known.
    public init?(productType name: String) {
        let short = name.hasPrefix(Self.prefix) ? String(name.dropFirst(Self.prefix.count)) : name
        guard let role = Self.known[short] else { return nil }
        self = role
    }

    /// Every short product type name, with its role.
    public static let known: [String: XcodeProductRole] = [
        "application": .application, "application.messages": .application, "application.on-demand-install-capable": .appClip,
        "application.watchapp": .watchApp, "application.watchapp2": .watchApp, "application.watchapp2-container": .watchApp,
        "app-extension": .appExtension, "app-extension.intents-service": .appExtension, "app-extension.messages": .appExtension,
        "app-extension.messages-sticker-pack": .appExtension, "extensionkit-extension": .appExtension, "tv-app-extension": .appExtension,
        "watchkit-extension": .appExtension, "watchkit2-extension": .appExtension, "xcode-extension": .appExtension,
        "driver-extension": .service, "system-extension": .service, "xpc-service": .service,
        "tool": .tool,
        "framework": .framework, "xcframework": .framework, "framework.static": .staticFramework,
        "library.static": .staticLibrary, "library.dynamic": .dynamicLibrary,
        "bundle.unit-test": .unitTests, "bundle.ocunit-test": .unitTests, "bundle.ui-testing": .uiTests,
        "bundle": .bundle, "metal-library": .other, "instruments-package": .other,
    ]

    /// What a product of this role is to the graph.
    public var kind: XcodeProductKind {
        switch self {
        case .application, .appClip, .watchApp, .appExtension, .service, .tool: .app
        case .framework, .dynamicLibrary: .library(isStatic: false)
        case .staticFramework, .staticLibrary: .library(isStatic: true)
        case .unitTests, .uiTests: .tests
        case .bundle, .other: .other
        }
    }

    /// What a user calls a product of this role: "app extension", "static framework".
    public var noun: String {
        switch self {
        case .application: "app"
        case .appClip: "app clip"
        case .watchApp: "watch app"
        case .appExtension: "app extension"
        case .service: "service"
        case .tool: "command-line tool"
        case .framework: "framework"
        case .staticFramework: "static framework"
        case .staticLibrary: "static library"
        case .dynamicLibrary: "dynamic library"
        case .unitTests: "unit-test bundle"
        case .uiTests: "UI-test bundle"
        case .bundle: "bundle"
        case .other: "product"
        }
    }

    /// What a user calls a product of this role that runs as a process: "app extension"; "app"
    /// for a role that is no process.
    public var processNoun: String { kind == .app ? noun : "app" }

    /// Whether the product is a framework bundle, whose linkage `MACH_O_TYPE` may change.
    public var isFramework: Bool { self == .framework || self == .staticFramework }
}

/// What a product is to the graph.
public enum XcodeProductKind: Sendable, Hashable {
    /// A framework or library: a module other targets link.
    case library(isStatic: Bool)
    /// An application, extension, tool or service: an image that assembles modules.
    case app
    /// A unit or UI test bundle.
    case tests
    /// A resource bundle, metal library or instruments package: no Swift module.
    case other

    /// A target `name` of this kind as a package manifest declares it: its kind, and for a
    /// library the product of its own whose type is its linkage; nil for one without a module.
    public func packageTarget(
        named name: String, location: SourceLocation?
    ) -> (target: PackageTarget, product: Product?)? {
        let kind: PackageTarget.Kind
        var product: Product?
        switch self {
        case .library(let isStatic):
            kind = .regular
            product = Product(name: name, kind: .library(isStatic ? .static : .dynamic), targets: [name])
        case .app: kind = .executable
        case .tests: kind = .test
        case .other: return nil
        }
        return (PackageTarget(name: name, kind: kind, dependencies: [], path: nil, exclude: [], sources: nil, location: location), product)
    }
}
