import Foundation
import StrataFileSystem
import StrataManifest
import StrataSources
import StrataWorkspace

/// A GitHub CODEOWNERS file from strata.yml's `owners`: each module's folders, with the owners
/// who name the module, or else those whose patterns match it. Paths are relative to the
/// repository the workspace is in (anchored with `/`), so the file works at the repository root
/// or in `.github/`; shallower paths come first, because the last matching line wins.
enum CodeOwnersGenerator {
    static func files(for workspace: Workspace) -> [GeneratedFile] {
        let manifest = workspace.manifest
        guard manifest.generate.codeowners, !manifest.owners.isEmpty else { return [] }
        let repository = repositoryRoot(containing: workspace.root) ?? workspace.root
        var entries: [(path: String, owners: [String])] = []
        for module in workspace.modules {
            var owners = manifest.owners.filter { owner in owner.modules.contains { $0.value == module.name } }.map(\.owner.value)
            if owners.isEmpty {
                owners = manifest.owners.filter { owner in
                    owner.modules.contains { Glob.isPattern($0.value) && Glob($0.value).matches(module.name) }
                }.map(\.owner.value)
            }
            guard !owners.isEmpty else { continue }
            for folder in folders(of: module, in: workspace) {
                entries.append((relative(folder, to: repository) + "/", owners))
            }
        }
        entries.sort { ($0.path.split(separator: "/").count, $0.path) < ($1.path.split(separator: "/").count, $1.path) }
        let width = entries.map(\.path.count).max() ?? 0
        var lines = [
            "# Code owners of \(workspace.name), from the 'owners' of strata.yml. GitHub reads this file at the",
            "# repository's root, in .github/ or in docs/; the last line that matches a path wins.",
        ]
        lines += entries.map { entry in
            entry.path.padding(toLength: width, withPad: " ", startingAt: 0) + " " + entry.owners.joined(separator: " ")
        }
        return [GeneratedFile(path: "CODEOWNERS", comment: .hash, lines: lines)]
    }

    /// A module's folders: its package in the packages layout, else each target's source folder.
    private static func folders(of module: Module, in workspace: Workspace) -> [String] {
        if workspace.manifest.generate.layout == .packages {
            return [PathResolution.resolve(workspace.manifest.packageFolder(of: module.name), in: workspace.root)]
        }
        return [TargetRole.implementation, .interface, .mocks, .tests].compactMap { role in
            module.targets[role].flatMap { workspace.targets[$0].sources?.directory }
        }
    }

    /// The nearest folder at or above `folder` holding `.git`.
    static func repositoryRoot(containing folder: String) -> String? {
        var current = PathResolution.standardize(folder)
        while true {
            if FileManager.default.fileExists(atPath: current + "/.git") { return current }
            guard current != "/" else { return nil }
            current = (current as NSString).deletingLastPathComponent
        }
    }

    /// `/Sources/Network` for `<root>/Sources/Network`.
    private static func relative(_ path: String, to root: String) -> String {
        let prefix = root == "/" ? "" : root
        return path.hasPrefix(prefix + "/") ? String(path.dropFirst(prefix.count)) : path
    }
}
