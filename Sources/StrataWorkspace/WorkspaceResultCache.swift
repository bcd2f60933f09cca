import StrataFileSystem
import StrataManifest

/// Results that follow from a generate-mode workspace alone — the findings of the graph rules,
/// say — kept the way its graph is (`GraphCache`): by the strata.yml's path and exact bytes and
/// the stamp of the `strata` executable, in `<workspace>/.build/strata/<kind>/`. At 5,000 modules
/// computing such a result again costs a warm command more than loading the workspace.
///
/// Only workspaces whose graph is itself a function of those bytes qualify: generate mode, a
/// manifest large enough to be kept, loaded without warnings (a warning may come from the file
/// system, such as a `path:` whose link leads out of the workspace).
public struct WorkspaceResultCache: Sendable {
    private let entry: ManifestCacheEntry

    /// The cache of results of `kind` for `loaded`, in `format` (bump it when the result's form
    /// changes); nil if the workspace does not qualify. `dependsOn` names whatever else the
    /// result depends on (the rules run, say).
    public init?(_ loaded: LoadedWorkspace, kind: String, format: UInt32, dependsOn: String) {
        guard let bytes = loaded.sourceBytes else { return nil }
        entry = ManifestCacheEntry(kind: kind, format: format, manifest: bytes, dependsOn: FileStamp.currentExecutable + "|" + dependsOn)
    }

    /// The result kept for exactly this workspace, if there is one.
    public func read() -> [UInt8]? {
        guard var reader = entry.body() else { return nil }
        return try? reader.bytes(reader.remaining)
    }

    /// Keeps `result`; failing to write only costs time next run.
    public func write(_ result: [UInt8]) {
        entry.write(body: result)
    }
}
