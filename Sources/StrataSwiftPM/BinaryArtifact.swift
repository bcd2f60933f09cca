import Foundation
package import StrataProjectFormat

/// The modules a binary target's artifact provides, read from the artifact itself: an
/// `.xcframework` (its Info.plist names each library; a framework's `Modules/` folder holds
/// `*.swiftmodule` and a `module.modulemap`, a library's headers folder a `module.modulemap`)
/// or an `.artifactbundle` (its info.json; static libraries name their module map).
package enum BinaryArtifact {
    /// The modules of the artifact at `path` (absolute), or why they cannot be known.
    package static func modules(at path: String, files: any WorkspaceFiles) -> ProvidedModules {
        guard files.exists(path) else { return .unknown(reason: "its artifact '\(path)' does not exist") }
        if path.hasSuffix(".xcframework") { return xcframeworkModules(path, files: files) }
        if path.hasSuffix(".artifactbundle") { return artifactBundleModules(path, files: files) }
        if path.hasSuffix(".zip") { return .unknown(reason: "its artifact is a zip archive, which Strata does not unpack") }
        return .unknown(reason: "'\(path)' is neither an .xcframework nor an .artifactbundle")
    }

    private static func xcframeworkModules(_ path: String, files: any WorkspaceFiles) -> ProvidedModules {
        guard let bytes = files.contents(of: path + "/Info.plist"),
            let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any],
            let libraries = plist["AvailableLibraries"] as? [[String: Any]]
        else { return .unknown(reason: "'\(path)/Info.plist' does not list its libraries") }
        var names: [String] = []
        func add(_ found: [String]) {
            for name in found where !names.contains(name) { names.append(name) }
        }
        for library in libraries {
            guard let identifier = library["LibraryIdentifier"] as? String, let libraryPath = library["LibraryPath"] as? String else { continue }
            let base = path + "/" + identifier
            if libraryPath.hasSuffix(".framework") {
                add(moduleFolderModules(base + "/" + libraryPath + "/Modules", files: files))
            } else {
                if let headers = library["HeadersPath"] as? String {
                    add(moduleMapModules(in: base + "/" + headers, files: files))
                }
                add(swiftModules(in: base, files: files))
            }
        }
        guard !names.isEmpty else { return .unknown(reason: "'\(path)' holds no module map and no Swift module") }
        return .named(names)
    }

    private static func artifactBundleModules(_ path: String, files: any WorkspaceFiles) -> ProvidedModules {
        guard let bytes = files.contents(of: path + "/info.json"),
            let info = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let artifacts = info["artifacts"] as? [String: Any]
        else { return .unknown(reason: "'\(path)/info.json' does not list its artifacts") }
        var names: [String] = []
        for case let artifact as [String: Any] in artifacts.values where artifact["type"] as? String == "staticLibrary" {
            for case let variant as [String: Any] in artifact["variants"] as? [Any] ?? [] {
                guard let metadata = variant["staticLibraryMetadata"] as? [String: Any],
                    let moduleMap = metadata["moduleMapPath"] as? String,
                    let map = files.contents(of: path + "/" + moduleMap)
                else { continue }
                for name in ModuleMap.topLevelModules(in: map) where !names.contains(name) { names.append(name) }
            }
        }
        guard !names.isEmpty else { return .unknown(reason: "'\(path)' holds no static library with a module map (executables are for plugins)") }
        return .named(names)
    }

    /// `Modules/` of a framework: `Name.swiftmodule` folders and the modules of `module.modulemap`.
    private static func moduleFolderModules(_ folder: String, files: any WorkspaceFiles) -> [String] {
        var names = swiftModules(in: folder, files: files)
        for name in moduleMapModules(in: folder, files: files) where !names.contains(name) { names.append(name) }
        return names
    }

    private static func swiftModules(in folder: String, files: any WorkspaceFiles) -> [String] {
        files.children(of: folder).filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) }.sorted()
    }

    /// The modules of `module.modulemap` in `folder`, or in its subfolders one level down
    /// (headers laid out as `include/<Name>/module.modulemap`).
    private static func moduleMapModules(in folder: String, files: any WorkspaceFiles) -> [String] {
        if let map = files.contents(of: folder + "/module.modulemap") { return ModuleMap.topLevelModules(in: map) }
        var names: [String] = []
        for child in files.children(of: folder).sorted() {
            guard let map = files.contents(of: folder + "/" + child + "/module.modulemap") else { continue }
            names += ModuleMap.topLevelModules(in: map)
        }
        return names
    }
}

/// Where SwiftPM put a package's resolved dependencies and downloaded artifacts: the
/// `.build/workspace-state.json` of the package folder or of a folder above it (a root
/// package resolves for the local packages under it).
package struct ResolvedPackages {
    /// The `.build` folder whose state was read.
    let buildFolder: String
    /// Package identity → the folder of its checked-out (or downloaded, or edited) sources.
    package let folders: [String: String]

    /// The state of the nearest `.build` at or above `folder`, up to `root` (nil if none was
    /// resolved), and every state file looked for on the way: a cache of the answer stamps them.
    package static func nearest(to folder: String, root: String, files: any WorkspaceFiles) -> (ResolvedPackages?, consulted: [String]) {
        var current = folder
        var consulted: [String] = []
        while true {
            consulted.append(current + "/.build/workspace-state.json")
            if let state = read(buildFolder: current + "/.build", packageFolder: current, files: files) { return (state, consulted) }
            guard current != root, current.hasPrefix(root), let slash = current.lastIndex(of: "/") else { return (nil, consulted) }
            current = String(current[..<slash])
        }
    }

    /// Reads `workspace-state.json` (format version 5 and later: `object.dependencies[]` with
    /// `packageRef.identity`, `state.name` and `subpath`).
    static func read(buildFolder: String, packageFolder: String, files: any WorkspaceFiles) -> ResolvedPackages? {
        guard let bytes = files.contents(of: buildFolder + "/workspace-state.json"),
            let json = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
            let object = json["object"] as? [String: Any]
        else { return nil }
        var folders: [String: String] = [:]
        for case let dependency as [String: Any] in object["dependencies"] as? [Any] ?? [] {
            guard let reference = dependency["packageRef"] as? [String: Any], let identity = reference["identity"] as? String,
                let state = dependency["state"] as? [String: Any], let kind = state["name"] as? String
            else { continue }
            let subpath = dependency["subpath"] as? String ?? ""
            switch kind {
            case "sourceControlCheckout": folders[identity] = buildFolder + "/checkouts/" + subpath
            case "registryDownload": folders[identity] = buildFolder + "/registry/downloads/" + subpath
            case "edited": folders[identity] = (state["path"] as? String) ?? packageFolder + "/Packages/" + subpath
            case "fileSystem": folders[identity] = state["path"] as? String ?? (reference["location"] as? String)
            default: continue
            }
        }
        return ResolvedPackages(buildFolder: buildFolder, folders: folders)
    }

    /// The folder SwiftPM downloads a binary target's artifact into.
    package func artifactFolder(package identity: String, target: String) -> String {
        buildFolder + "/artifacts/" + identity + "/" + target
    }
}
