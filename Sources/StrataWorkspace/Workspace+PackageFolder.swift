import StrataFileSystem
public import StrataProjectFormat
import StrataSources

extension Workspace {
    /// The folder (relative to the root, `""` for the root itself) of the package that declares
    /// `target`: the nearest folder at or above its sources that holds a Package.swift in `files`.
    public func packageFolder(of target: Target, files: any WorkspaceFiles = LocalFiles()) -> String? {
        guard let directory = target.sources?.directory, var folder = PathResolution.path(directory, inside: root) else {
            return nil
        }
        while true {
            let absolute = folder.isEmpty ? root : root + "/" + folder
            if files.exists(absolute + "/Package.swift") { return folder }
            if folder.isEmpty { return nil }
            folder = folder.lastIndex(of: "/").map { String(folder[..<$0]) } ?? ""
        }
    }
}
