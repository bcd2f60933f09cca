import Foundation
import StrataFileSystem

/// Finds what an adopt-mode strata.yml should read: SwiftPM packages, XcodeGen specs, podspecs
/// and a Podfile, as patterns relative to the workspace folder (`Packages/*` where a folder holds
/// several packages).
///
/// Build products, hidden folders, dependency checkouts (`Pods` with a `Manifest.lock`, `Carthage`, `node_modules`) and
/// folders that hold other projects' packages for tests or show (`Tests`, `Fixtures`, `Examples`,
/// `Benchmarks`) are not searched, nor the folders inside a package other than the workspace's
/// own: a package's sub-packages are its fixtures, and its local dependencies are found through
/// its `.package(path:)` lines anyway.
public struct WorkspaceDiscovery: Sendable {
    public var packages: [String] = []
    public var xcodegen: [String] = []
    public var podspecs: [String] = []
    public var podfile: String?
    /// The package folders found (relative; `.` for the workspace's own), before they became patterns.
    public var packageFolders: [String] = []
    /// The XcodeGen specs found, before they became patterns.
    public var specFiles: [String] = []
    /// Build files left out, and why (for a comment in strata.yml).
    public var leftOut: [(file: String, reason: String)] = []
    /// Spec repositories (folders of `Specs/<Name>/<version>/<Name>.podspec`) for version requirements.
    public var specRepos: [String] = []
    /// Folders outside the workspace folder that its packages use by path.
    public var outsideWorkspace: [String] = []

    /// How deep below the workspace folder to look.
    static let depth = 5
    static let skipped: Set<String> = [
        "Carthage", "node_modules", "DerivedData", "vendor", "build", "Build",
        "Tests", "Fixtures", "Examples", "Example", "Benchmarks", "Samples",
    ]

    public var isEmpty: Bool { packages.isEmpty && xcodegen.isEmpty && podspecs.isEmpty && podfile == nil }

    public init(packages: [String] = [], xcodegen: [String] = [], podspecs: [String] = [], podfile: String? = nil) {
        self.packages = packages
        self.xcodegen = xcodegen
        self.podspecs = podspecs
        self.podfile = podfile
    }

    /// Looks through `root`, following symbolic links that stay inside it (each folder once),
    /// never one that leads out.
    public init(root: String) {
        let files = FileManager.default
        var packageFolders: [String] = []
        var specs: [String] = []
        var podspecFiles: [String] = []
        let realRoot = PathResolution.resolvingLinks(root) ?? PathResolution.standardize(root)
        var visited: Set<String> = []
        func visit(_ relative: String, depth: Int) {
            let real = PathResolution.resolvingLinks(relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative))
            guard let real, PathResolution.isInside(real, realRoot), visited.insert(real).inserted else { return }
            let folder = relative.isEmpty ? root : (root as NSString).appendingPathComponent(relative)
            guard let entries = try? files.contentsOfDirectory(atPath: folder) else { return }
            let isPackage = entries.contains("Package.swift")
            if isPackage { packageFolders.append(relative.isEmpty ? "." : relative) }
            for entry in entries.sorted() {
                let path = relative.isEmpty ? entry : "\(relative)/\(entry)"
                if entry == "project.yml" || entry == "project.yaml" { specs.append(path) }
                if entry.hasSuffix(".podspec") || entry.hasSuffix(".podspec.json") { podspecFiles.append(path) }
                if entry == "Podfile" && relative.isEmpty { podfile = entry }
            }
            // Below a package other than the workspace's own lie only its fixtures.
            guard depth < Self.depth, !(isPackage && !relative.isEmpty) else { return }
            for entry in entries.sorted() where !entry.hasPrefix(".") && !Self.skipped.contains(entry) {
                var isDirectory: ObjCBool = false
                let path = relative.isEmpty ? entry : "\(relative)/\(entry)"
                // `pod install`'s folder of checkouts (a folder of local pods may be named Pods too).
                if entry == "Pods", files.fileExists(atPath: (root as NSString).appendingPathComponent(path + "/Manifest.lock")) { continue }
                guard files.fileExists(atPath: (root as NSString).appendingPathComponent(path), isDirectory: &isDirectory), isDirectory.boolValue,
                    !entry.hasSuffix(".xcodeproj"), !entry.hasSuffix(".xcworkspace"), !entry.hasSuffix(".bundle")
                else { continue }
                visit(path, depth: depth + 1)
            }
        }
        visit("", depth: 0)
        self.packageFolders = packageFolders
        packages = Self.patterns(packageFolders, leaf: nil)
        specFiles = specs
        xcodegen = Self.patterns(specs, leaf: true)
        // Podspecs at Specs/<Name>/<version>/ belong to a spec repository: its versions, not modules.
        var repos: [String] = []
        var modulePodspecs: [String] = []
        for file in podspecFiles {
            let parts = file.split(separator: "/").map(String.init)
            if parts.count >= 4, parts[parts.count - 4] == "Specs" {
                let repo = parts.dropLast(4).joined(separator: "/")
                if !repos.contains(repo) { repos.append(repo.isEmpty ? "." : repo) }
            } else {
                modulePodspecs.append(file)
            }
        }
        specRepos = repos
        podspecs = Self.patterns(modulePodspecs, leaf: true)
    }

    /// The discovery without the build files at `files` (relative paths of Package.swift files or
    /// specs), for `reason`; nil if one of them is not among those found (or is the workspace's own package).
    public func leavingOut(files: Set<String>, because reason: String) -> WorkspaceDiscovery? {
        var copy = self
        for file in files.sorted() {
            let folder = (file as NSString).deletingLastPathComponent
            if (file as NSString).lastPathComponent == "Package.swift", !folder.isEmpty, let index = copy.packageFolders.firstIndex(of: folder) {
                copy.packageFolders.remove(at: index)
            } else if let index = copy.specFiles.firstIndex(of: file) {
                copy.specFiles.remove(at: index)
            } else {
                return nil
            }
            copy.leftOut.append((file, reason))
        }
        copy.packages = Self.patterns(copy.packageFolders, leaf: nil)
        copy.xcodegen = Self.patterns(copy.specFiles, leaf: true)
        return copy
    }

    /// Paths as patterns: where two or more siblings share a parent (and, for files, a name or an
    /// extension), `Parent/*` (`Modules/*/project.yml`, `Pods/*.podspec`) stands for them.
    static func patterns(_ paths: [String], leaf isFile: Bool?) -> [String] {
        var result: [String] = []
        var byParent: [String: [String]] = [:]
        var parents: [String] = []
        for path in paths {
            guard path != "." else {
                result.append(path)
                continue
            }
            let parent: String
            if isFile == true {
                // Modules/Login/project.yml → Modules/*/project.yml; Specs/Login.podspec → Specs/*.podspec
                let folder = (path as NSString).deletingLastPathComponent
                let file = (path as NSString).lastPathComponent
                if file.hasSuffix(".podspec") || file.hasSuffix(".podspec.json") {
                    let suffix = file.hasSuffix(".json") ? ".podspec.json" : ".podspec"
                    parent = (folder.isEmpty ? "" : folder + "/") + "*" + suffix
                } else {
                    let grand = (folder as NSString).deletingLastPathComponent
                    parent = folder.isEmpty ? path : (grand.isEmpty ? "" : grand + "/") + "*/" + file
                }
            } else {
                let folder = (path as NSString).deletingLastPathComponent
                parent = (folder.isEmpty ? "" : folder + "/") + "*"
            }
            if byParent[parent] == nil { parents.append(parent) }
            byParent[parent, default: []].append(path)
        }
        // Files alone in their folder group one folder up: Pods/CoreKit/CoreKit.podspec and
        // Pods/Network/Network.podspec are Pods/*/*.podspec.
        var alone: [String: [String]] = [:]
        var aloneOrder: [String] = []
        for parent in parents {
            let members = byParent[parent]!
            if members.count > 1 {
                result.append(parent)
            } else if isFile == true, case let folder = (members[0] as NSString).deletingLastPathComponent, !folder.isEmpty,
                case let file = (members[0] as NSString).lastPathComponent, file.hasSuffix(".podspec") || file.hasSuffix(".podspec.json")
            {
                let grand = (folder as NSString).deletingLastPathComponent
                let key = (grand.isEmpty ? "" : grand + "/") + "*/*" + (file.hasSuffix(".json") ? ".podspec.json" : ".podspec")
                if alone[key] == nil { aloneOrder.append(key) }
                alone[key, default: []].append(members[0])
            } else {
                result += members
            }
        }
        for key in aloneOrder {
            let members = alone[key]!
            result += members.count > 1 ? [key] : members
        }
        return result
    }
}
