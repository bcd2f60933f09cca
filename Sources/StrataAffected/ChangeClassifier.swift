import Foundation

/// What kind of file a changed path is, as far as the affected set is concerned.
public enum ChangeClassifier {
    /// The files that pin the toolchain or the resolved dependencies: a change to any of them
    /// can change how every target builds, so it affects everything.
    public static let toolchainPins: Set<String> = [
        "Package.resolved", ".swift-version", ".xcode-version", ".tool-versions", "mise.toml", ".mise.toml",
    ]

    /// True for strata.yml at the workspace root and for any package manifest
    /// (`Package.swift`, `Package@swift-6.0.swift`); `path` is relative to the workspace root.
    public static func isManifest(_ path: String) -> Bool {
        path == "strata.yml" || isPackageManifest(path)
    }

    /// True for `Package.swift` and the version-specific `Package@swift-….swift` in any folder.
    public static func isPackageManifest(_ path: String) -> Bool {
        let name = fileName(path)
        return name == "Package.swift" || (name.hasPrefix("Package@swift-") && name.hasSuffix(".swift"))
    }

    /// True for a file that may be another build system's project spec or one of its includes
    /// (XcodeGen's YAML or JSON, a podspec, a Podfile, an Xcode project file, workspace or
    /// `.xcconfig`): in a workspace that reads such specs, a change to one makes the graphs of
    /// both revisions worth comparing.
    public static func mayBeProjectSpec(_ path: String) -> Bool {
        path.hasSuffix(".yml") || path.hasSuffix(".yaml") || path.hasSuffix(".json") || path.hasSuffix(".podspec")
            || path.hasSuffix(".pbxproj") || path.hasSuffix(".xcconfig") || path.hasSuffix(".xcworkspacedata")
            || fileName(path) == "Podfile"
    }

    /// True for a toolchain or dependency pin in any folder, and for SwiftPM's own
    /// configuration (`.swiftpm/configuration/…`: mirrors, registries).
    public static func isToolchainPin(_ path: String) -> Bool {
        toolchainPins.contains(String(fileName(path))) || path.hasPrefix(".swiftpm/configuration/")
            || path.range(of: "/.swiftpm/configuration/") != nil
    }

    static func fileName(_ path: String) -> Substring {
        path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
    }

    /// The folder part of a relative path (`""` for a file at the root).
    static func folder(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    }
}
