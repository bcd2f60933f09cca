import Foundation
package import StrataFileSystem

/// The files of a pod's folder as CocoaPods sees them: which a spec's patterns match
/// (`source_files`, `resources`, `resource_bundles`, less `exclude_files`), and what kind each
/// is. `strata migrate` expands the globs once, with these rules, and writes what it found.
package struct PodFiles: Sendable {
    /// The pod's folder (the podspec's), absolute.
    package let folder: String
    /// Every file under it, relative to it, sorted; hidden files and folders and `.build` left out.
    package let files: [String]

    package init(folder: String) {
        self.folder = folder
        files = Self.list(folder)
    }

    package init(folder: String, files: [String]) {
        self.folder = folder
        self.files = files.sorted()
    }

    /// The files `patterns` match less those `exclusions` match. Patterns are CocoaPods' globs
    /// relative to the folder (`*`, `**`, `{a,b}`); one that names a folder matches every file in it.
    package func matching(_ patterns: [String], excluding exclusions: [String] = []) -> [String] {
        let includes = Self.compile(patterns), excludes = Self.compile(exclusions)
        guard !includes.isEmpty else { return [] }
        return files.filter { file in includes.contains { $0.matches(file) } && !excludes.contains { $0.matches(file) } }
    }

    /// The files of a part (a spec or subspec): its Swift sources, its other C-family sources
    /// and headers, its resources, and what `source_files` matched that builds nothing (a plist).
    package func classify(_ part: PodspecPart) -> Classified {
        var classified = Classified()
        for file in matching(part.sourceFiles, excluding: part.excludeFiles) {
            switch Self.kind(of: file) {
            case .swift: classified.swift.insert(file)
            case .cFamily: classified.cFamily.insert(file)
            case .header: classified.headers.insert(file)
            case .other: classified.other.insert(file)
            }
        }
        let resourcePatterns = part.resources.map(\.value) + part.resourceBundles.flatMap(\.patterns)
        classified.resources = Set(matching(resourcePatterns, excluding: part.excludeFiles))
        return classified
    }

    /// A part's files by kind, relative to the pod's folder.
    package struct Classified: Sendable, Equatable {
        package init() {}

        package var swift: Set<String> = []
        package var cFamily: Set<String> = []
        package var headers: Set<String> = []
        package var resources: Set<String> = []
        package var other: Set<String> = []

        package mutating func formUnion(_ other: Classified) {
            swift.formUnion(other.swift)
            cFamily.formUnion(other.cFamily)
            headers.formUnion(other.headers)
            resources.formUnion(other.resources)
            self.other.formUnion(other.other)
        }

        /// Every file of it.
        package var all: Set<String> { swift.union(cFamily).union(headers).union(resources).union(other) }
    }

    package enum Kind: Sendable {
        case swift, cFamily, header, other
    }

    /// What a file is by its extension, as SwiftPM's rules see it.
    package static func kind(of file: String) -> Kind {
        guard let dot = file.lastIndex(of: "."), !file[dot...].contains("/") else { return .other }
        switch file[file.index(after: dot)...] {
        case "swift": return .swift
        case "m", "mm", "c", "cc", "cpp", "cxx", "c++", "s", "S": return .cFamily
        case "h", "hh", "hpp", "hxx", "inc", "inl", "ipp", "tpp", "def": return .header
        default: return .other
        }
    }

    private static func compile(_ patterns: [String]) -> [PathPattern] {
        patterns.flatMap(CocoaPodsFormat.expandBraces).map { pattern in
            // `./Sources` is `Sources`; a pattern is rooted at the pod's folder.
            var text = Substring(pattern)
            while text.hasPrefix("./") { text = text.dropFirst(2) }
            return PathPattern("/" + text)
        }
    }

    private static func list(_ folder: String) -> [String] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var files: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") || name == ".build" {
                enumerator.skipDescendants()
                continue
            }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(relative)
            }
        }
        return files.sorted()
    }
}
