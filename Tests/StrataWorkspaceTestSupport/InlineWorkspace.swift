import Foundation
public import StrataDiagnostics
import StrataManifest
public import StrataWorkspace

/// Workspaces written inline in a test, as strata.yml text.
public enum InlineWorkspace {
    /// The path diagnostics name for inline manifests.
    public static let manifestPath = "/inline/strata.yml"

    /// Parses and builds a generate-mode manifest given as text.
    public static func load(_ yaml: String) async throws(InputErrors) -> LoadedWorkspace {
        let manifest = try ManifestLoader.parse(data: Data(yaml.utf8), path: manifestPath)
        return try await WorkspaceLoader().load(manifest: manifest)
    }

    /// The input errors the text produces; fails the caller's expectation by returning [] if it loads.
    public static func inputErrors(_ yaml: String) async -> [Diagnostic] {
        do {
            _ = try await load(yaml)
            return []
        } catch {
            return error.diagnostics
        }
    }
}
