/// Where a pod's target goes in generate mode, and how strata.yml says which of the folder's
/// files it builds: the folder is the deepest one that holds all its sources and resources;
/// inside it, resources are listed as `resources:` and every other file that is not one of its
/// sources as `exclude:`, so that SwiftPM compiles exactly the pod's sources. A folder whose
/// files are all resources, or all excluded, is named whole.
struct PodTargetFolder: Equatable {
    /// Relative to the pod's folder; "" for the pod's folder itself.
    var path: String
    /// Relative to `path`.
    var exclude: [String]
    var resources: [String]

    /// `files`: every file of the pod's folder, relative to it; `sources` and `resources`: the
    /// target's, among them.
    init(files: [String], sources: Set<String>, resources: Set<String>) {
        let members = sources.union(resources)
        path = Self.commonFolder(of: members)
        let prefix = path.isEmpty ? "" : path + "/"
        var tree = Folder()
        for file in files where file.hasPrefix(prefix) {
            let kind: Kind = sources.contains(file) ? .source : resources.contains(file) ? .resource : .excluded
            tree.insert(file.dropFirst(prefix.count).split(separator: "/").map(String.init)[...], kind: kind)
        }
        var exclude: [String] = [], resourceList: [String] = []
        tree.list(at: "", exclude: &exclude, resources: &resourceList)
        self.exclude = exclude.sorted()
        self.resources = resourceList.sorted()
    }

    /// The deepest folder holding every file of `files`; "" for none or the root.
    static func commonFolder(of files: Set<String>) -> String {
        let folders = files.map { file in file.split(separator: "/").dropLast().map(String.init) }
        guard var common = folders.first else { return "" }
        for folder in folders.dropFirst() {
            common = Array(zip(common, folder).prefix { $0 == $1 }.map(\.0))
        }
        return common.joined(separator: "/")
    }

    private enum Kind { case source, resource, excluded }

    /// A folder of the target: its files by kind and its subfolders.
    private struct Folder {
        var files: [(name: String, kind: Kind)] = []
        var folders: [String: Folder] = [:]

        mutating func insert(_ components: ArraySlice<String>, kind: Kind) {
            guard let first = components.first else { return }
            if components.count == 1 {
                files.append((first, kind))
            } else {
                folders[first, default: Folder()].insert(components.dropFirst(), kind: kind)
            }
        }

        /// The kinds of the files in it, subfolders included.
        var kinds: Set<Kind> {
            folders.values.reduce(into: Set(files.map(\.kind))) { $0.formUnion($1.kinds) }
        }

        func list(at path: String, exclude: inout [String], resources: inout [String]) {
            let join = { (name: String) in path.isEmpty ? name : path + "/" + name }
            for (name, kind) in files.sorted(by: { $0.name < $1.name }) {
                if kind == .excluded { exclude.append(join(name)) }
                if kind == .resource { resources.append(join(name)) }
            }
            for name in folders.keys.sorted() {
                let folder = folders[name]!
                let kinds = folder.kinds
                switch kinds.count == 1 ? kinds.first : nil {
                case .excluded?: exclude.append(join(name))
                case .resource?: resources.append(join(name))
                case .source?: continue
                case nil: folder.list(at: join(name), exclude: &exclude, resources: &resources)
                }
            }
        }
    }
}
