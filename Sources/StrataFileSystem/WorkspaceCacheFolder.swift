public import Foundation

/// Where Strata keeps what it caches about one workspace (the check, scan, manifest and graph
/// caches): `<workspace>/.build/strata`, which SwiftPM projects already keep out of version
/// control.
///
/// `STRATA_WORKSPACE_CACHE_DIR` moves them elsewhere, for runs that may not write into the
/// workspace (a SwiftPM build-tool plugin in its sandbox). Workspaces share that folder, each in
/// a subfolder named after its path.
public enum WorkspaceCacheFolder {
    /// The folder for the workspace at `root` (absolute).
    public static func path(forWorkspace root: String) -> String {
        guard let override else { return root + "/.build/strata" }
        var hash = FNV1a()
        hash.add(root)
        let name = (root as NSString).lastPathComponent
        return override + "/" + (name.isEmpty ? "root" : name) + "-" + String(hash.value, radix: 16)
    }

    /// `STRATA_WORKSPACE_CACHE_DIR`, read once.
    private static let override: String? = {
        let value = ProcessInfo.processInfo.environment["STRATA_WORKSPACE_CACHE_DIR"] ?? ""
        return value.isEmpty ? nil : value
    }()
}
