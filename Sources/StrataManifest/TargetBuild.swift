public import StrataDiagnostics

/// What a module target's Package.swift declaration says beyond its folder and dependencies
/// (generate mode): which files are its sources, which are resources, what it links from the
/// system and which Swift language mode it builds in. Written in strata.yml on the module (for
/// its implementation) or on a companion target, and passed through to the target's
/// declaration as SwiftPM's `sources:`, `exclude:`, `resources:`, `linkerSettings:` and
/// `swiftSettings:`. Pods moved by `strata migrate` need them: a pod's sources are globs over a
/// folder that holds other files too.
public struct TargetBuild: Sendable, Hashable {
    /// Files and folders, relative to the target's folder, that hold its sources; all of it when empty.
    public var sources: [Located<String>] = []
    /// Files and folders, relative to the target's folder, that are neither sources nor resources.
    public var exclude: [Located<String>] = []
    /// Files and folders, relative to the target's folder, processed as resources (`.process`).
    public var resources: [Located<String>] = []
    /// System frameworks and libraries it links (`.linkedFramework`, `.linkedLibrary`).
    public var frameworks: [PlatformScoped] = []
    public var libraries: [PlatformScoped] = []
    /// `swiftLanguageMode`: "4", "4.2", "5" or "6"; nil for the tools version's default.
    public var swiftLanguageMode: Located<String>?
    /// Prebuilt XCFrameworks (or artifact bundles) it links, relative to the workspace folder:
    /// each a `.binaryTarget(name:path:)` named after its file, which the target depends on.
    public var binaries: [Located<String>] = []

    public init() {}

    public var isEmpty: Bool {
        sources.isEmpty && exclude.isEmpty && resources.isEmpty && frameworks.isEmpty && libraries.isEmpty && swiftLanguageMode == nil
            && binaries.isEmpty
    }

    /// The strata.yml keys that say these, on a module or a companion target.
    public static let keys = ["sources", "exclude", "resources", "frameworks", "libraries", "swift-language-mode", "binaries"]

    /// The binary target a `binaries:` path declares: its file's name without the extension.
    public static func binaryName(_ path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return file.firstIndex(of: ".").map { String(file[..<$0]) } ?? file
    }

    /// The Swift language modes SwiftPM 6 takes.
    public static let languageModes = ["4", "4.2", "5", "6"]
}

/// A name that applies on some platforms only (`{ name: UIKit, platforms: [iOS, tvOS] }`), or
/// on all of them (no platforms).
public struct PlatformScoped: Sendable, Hashable {
    public var name: Located<String>
    /// SwiftPM's platform names (`iOS`, `macOS`, `linux`…); empty for every platform.
    public var platforms: [Located<String>]

    public init(name: Located<String>, platforms: [Located<String>] = []) {
        self.name = name
        self.platforms = platforms
    }

    /// The platforms `.when(platforms:)` can name, as SwiftPM spells them.
    public static let knownPlatforms = [
        "macOS", "macCatalyst", "iOS", "tvOS", "watchOS", "visionOS", "driverKit", "linux", "windows", "android", "wasi", "openbsd",
    ]
}
