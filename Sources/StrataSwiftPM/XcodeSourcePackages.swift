import Foundation
import StrataFileSystem
package import StrataProjectFormat

/// The packages Xcode resolved for a project or workspace of this folder: Xcode keeps them under
/// DerivedData (`<DerivedData>/<Name>-<hash>/SourcePackages`, with a `workspace-state.json` and
/// `checkouts/` as SwiftPM's `.build` has), and says in the folder's `info.plist` which project
/// or workspace (`WorkspacePath`) it belongs to. DerivedData is `$STRATA_DERIVED_DATA`, else
/// Xcode's default, `~/Library/Developer/Xcode/DerivedData`. Where several folders belong to
/// the workspace, the most recently resolved one is read.
package enum XcodeSourcePackages {
    static var derivedData: String {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["STRATA_DERIVED_DATA"], !folder.isEmpty { return folder }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/Library/Developer/Xcode/DerivedData"
    }

    /// What Xcode resolved for a project or workspace inside `root`, and the files consulted.
    package static func resolved(for root: String, files: any WorkspaceFiles) -> (state: ResolvedPackages?, consulted: [String]) {
        let folder = derivedData
        var consulted: [String] = []
        var found: [(state: ResolvedPackages, modified: Date)] = []
        for entry in files.children(of: folder).sorted() {
            let info = "\(folder)/\(entry)/info.plist"
            guard let bytes = files.contents(of: info),
                let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any],
                let workspacePath = plist["WorkspacePath"] as? String, PathResolution.path(workspacePath, inside: root) != nil
            else { continue }
            let sourcePackages = "\(folder)/\(entry)/SourcePackages"
            consulted += [info, sourcePackages + "/workspace-state.json"]
            guard let state = ResolvedPackages.read(buildFolder: sourcePackages, packageFolder: root, files: files) else { continue }
            let modified =
                (try? FileManager.default.attributesOfItem(atPath: sourcePackages + "/workspace-state.json")[.modificationDate] as? Date)
                ?? .distantPast
            found.append((state, modified))
        }
        return (found.max { $0.modified < $1.modified }?.state, consulted)
    }
}
