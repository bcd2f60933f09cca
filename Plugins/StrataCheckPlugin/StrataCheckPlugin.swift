import Foundation
import PackagePlugin

/// A build step per target that reports the target's findings while it builds, in `swift
/// build` and in Xcode, each at its line:
///
/// ```swift
/// .target(name: "Network", plugins: [.plugin(name: "StrataCheckPlugin", package: "Strata")])
/// ```
///
/// The step runs `strata check --format xcode --target <Target>` on the workspace whose
/// strata.yml is the nearest one above the package, so a package of a layered workspace is
/// checked against the whole workspace's rules, and only this target's findings are shown. An
/// error fails the build. The step's inputs are the target's Swift files, its package's
/// Package.swift and strata.yml, so an unchanged target is not checked again; when one is,
/// strata's check cache answers for the rest of the workspace. Caches go to the plugin's own
/// folder, the one the build sandbox lets it write.
@main
struct StrataCheckPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let package = context.package.directoryURL
        guard let manifest = Self.nearestManifest(above: package) else {
            Diagnostics.warning("StrataCheckPlugin: no strata.yml in \(package.path) or a folder above it, so '\(target.name)' is not checked")
            return []
        }
        let work = context.pluginWorkDirectoryURL
        let stamp = work.appendingPathComponent("StrataCheck-\(target.name).swift")
        let sources = module.sourceFiles.filter { $0.url.pathExtension == "swift" }.map(\.url)
        return [
            .buildCommand(
                displayName: "strata check \(target.name)",
                executable: try context.tool(named: "strata").url,
                arguments: ["check", "--format", "xcode", "--target", target.name, "--stamp", stamp.path, manifest.path],
                environment: [
                    "STRATA_WORKSPACE_CACHE_DIR": work.appendingPathComponent("workspaces").path,
                    "STRATA_CACHE_DIR": work.appendingPathComponent("cache").path,
                    "NO_COLOR": "1",
                ],
                inputFiles: sources + [manifest, package.appendingPathComponent("Package.swift")],
                outputFiles: [stamp])
        ]
    }

    /// The strata.yml in `folder` or the nearest folder above it.
    static func nearestManifest(above folder: URL) -> URL? {
        var current = folder.standardizedFileURL
        while true {
            let candidate = current.appendingPathComponent("strata.yml")
            if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return nil }
            current = parent
        }
    }
}
