import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataManifest

/// What the path patterns of strata.yml find: spec files (`Modules/**/project.yml`) and package
/// folders (`Packages/*`). Every format finds its files here, so a pattern means the same wherever it is.
public enum PathPatterns {
    /// What a format's patterns look for, and how a pattern that finds none is reported.
    public struct Sought: Sendable {
        /// The error's id, and what is sought as the message names it ("podspec").
        let errorID: String
        let noun: String
        let hint: String
        let accepts: @Sendable (String) -> Bool

        public init(errorID: String, noun: String, hint: String, accepts: @escaping @Sendable (String) -> Bool = { _ in true }) {
            (self.errorID, self.noun, self.hint, self.accepts) = (errorID, noun, hint, accepts)
        }
    }

    /// The paths of what `sought` looks for that `pattern` finds, the folders it listed added to
    /// `read`'s inputs; a pattern that finds none is an error at the pattern, in `problems`.
    public static func expand(
        _ pattern: Located<String>, seeking sought: Sought, root: String, files: any WorkspaceFiles, into read: inout ProjectsRead,
        problems: inout [Diagnostic]
    ) -> [String] {
        let found = expand(pattern.value, root: root, files: files)
        read.inputs += found.folders
        let paths = found.paths.filter(sought.accepts)
        if paths.isEmpty {
            problems.append(.inputError(sought.errorID, "'\(pattern.value)' finds no \(sought.noun)", at: pattern.location, hint: sought.hint))
        }
        return paths
    }

    /// The files a path pattern names under a folder: `*`, `?` and `[…]` within a component,
    /// `**` for any number of folders. Hidden folders, `.build` and Xcode's bundles are not
    /// searched. The files found, sorted, and the folders whose entries were listed.
    public static func expand(_ pattern: String, root: String, files: any WorkspaceFiles) -> (paths: [String], folders: [String]) {
        let components = pattern.split(separator: "/").map(String.init).filter { $0 != "." }
        var found: Set<String> = []
        var folders: Set<String> = []
        func walk(_ folder: String, _ index: Int) {
            guard index < components.count else {
                if files.exists(folder) { found.insert(folder) }
                return
            }
            let component = components[index]
            if component == "**" {
                walk(folder, index + 1)
                // Each entry is listed once; a file lists nothing and is no folder to stamp.
                let children = files.children(of: folder)
                guard !children.isEmpty else { return }
                folders.insert(folder)
                for child in children where isSearchable(child) { walk(folder + "/" + child, index) }
            } else if Glob.isPattern(component) {
                folders.insert(folder)
                let glob = Glob(component)
                for child in files.children(of: folder) where !child.hasPrefix(".") && glob.matches(child) {
                    walk(folder + "/" + child, index + 1)
                }
            } else {
                walk(PathResolution.resolve(component, in: folder), index + 1)
            }
        }
        walk(PathResolution.standardize(root), 0)
        return (found.sorted(), folders.sorted())
    }

    /// Expands a folder pattern such as `Packages/*` relative to `root`, sorted. Folders it
    /// could not list go into `unreadable`, with the reason.
    public static func folders(matching pattern: String, root: String, files: any WorkspaceFiles, unreadable: inout [String: String]) -> [String] {
        var current = [root]
        for component in pattern.split(separator: "/").map(String.init) where component != "." && !component.isEmpty {
            if component == ".." || !Glob.isPattern(component) {
                current = current.map { ($0 as NSString).appendingPathComponent(component) }
                continue
            }
            let glob = Glob(component)
            var listed: [String] = []
            for folder in current {
                if let reason = files.unreadable(folder) {
                    unreadable[PathResolution.standardize(folder)] = reason
                    continue
                }
                listed += files.children(of: folder).filter { !$0.hasPrefix(".") && glob.matches($0) }.sorted()
                    .map { (folder as NSString).appendingPathComponent($0) }
            }
            current = listed
        }
        return current.map(PathResolution.standardize)
    }

    private static func isSearchable(_ name: String) -> Bool {
        !name.hasPrefix(".") && !name.hasSuffix(".xcodeproj") && !name.hasSuffix(".xcworkspace") && name != "DerivedData"
    }
}
