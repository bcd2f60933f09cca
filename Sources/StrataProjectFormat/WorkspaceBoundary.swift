import Foundation
package import StrataDiagnostics
import StrataFileSystem
package import StrataManifest

/// The folders a workspace may reach: its own folder and the ones strata.yml lists under
/// `outside-workspace`, all with symbolic links resolved.
///
/// Every path strata.yml gives (a module's or app's `path:`, a package's `path:`, the folders of
/// `adopt.packages`) must resolve inside the workspace; a package may also lie in a listed
/// outside folder. Target sources never may (SwiftPM refuses target paths outside a package
/// too), and the file walk does not follow a link out of the workspace. Without this, a
/// `path: /proc/self` sends the walk over the whole file system.
public struct WorkspaceBoundary: Sendable, Hashable {
    /// The workspace folder, links resolved.
    public var root: String
    /// The folders outside it that strata.yml allows packages in, links resolved.
    public var allowed: [String]

    package init(root: String, manifest: Manifest) {
        self.root = PathResolution.resolvingLinks(root) ?? PathResolution.standardize(root)
        self.allowed = manifest.outsideWorkspace.map {
            let path = PathResolution.resolve($0.value, in: root)
            return PathResolution.resolvingLinks(path) ?? path
        }
    }

    /// What a path of strata.yml is, for the rule's message.
    package enum Use {
        /// Where a target's sources are: only inside the workspace.
        case sources(of: String)
        /// A package folder: inside the workspace or a listed outside folder.
        case package(String)
        /// A file read as part of the workspace's build files (an XcodeGen include), as written:
        /// inside the workspace or a listed outside folder.
        case file(String)
    }

    /// Nil if `value` (relative to `base`, as written at its location) stays inside the
    /// boundary, else the input error that says where it leads.
    package func problem(_ value: Located<String>, relativeTo base: String, use: Use) -> Diagnostic? {
        let written = PathResolution.resolve(value.value, in: base)
        guard let resolved = PathResolution.resolvingLinks(written) else {
            return .inputError(
                "path-outside-workspace", "'\(value.value)' cannot be resolved (a symbolic link loop, or a folder that cannot be read)",
                at: value.location, hint: "point it at a folder inside the workspace")
        }
        if PathResolution.isInside(resolved, root) { return nil }
        let through = resolved == written ? "" : " (through a symbolic link)"
        switch use {
        case .sources(let target):
            return .inputError(
                "path-outside-workspace",
                "the sources of '\(target)' at '\(value.value)' lead to '\(resolved)'\(through), outside the workspace folder '\(root)'",
                at: value.location,
                hint: "a target's sources must be inside the workspace (SwiftPM refuses target paths outside the package too); move them there")
        case .file(let written):
            if allowed.contains(where: { PathResolution.isInside(resolved, $0) }) { return nil }
            let folder = PathResolution.relative(PathResolution.parent(of: resolved), from: root)
            return .inputError(
                "path-outside-workspace", "'\(written)' leads to '\(resolved)'\(through), outside the workspace folder '\(root)'; it was not read",
                at: value.location, hint: "if the workspace is meant to read it, allow its folder in strata.yml: 'outside-workspace: [\(folder)]'")
        case .package(let name):
            if allowed.contains(where: { PathResolution.isInside(resolved, $0) }) { return nil }
            let relative = PathResolution.relative(resolved, from: root)
            return .inputError(
                "path-outside-workspace",
                "package '\(name)' at '\(value.value)' leads to '\(resolved)'\(through), outside the workspace folder '\(root)'",
                at: value.location,
                hint: "if the workspace is meant to use it, allow the folder in strata.yml: 'outside-workspace: [\(relative)]'")
        }
    }
}
