import StrataFileSystem

/// Where the files and groups of a project are, from its group tree: each object's `path` is
/// relative to what its `sourceTree` says — `<group>` the enclosing group's folder (a group
/// without a `path` is the folder of the one enclosing it), `SOURCE_ROOT` the project's folder,
/// `<absolute>` nothing. Other trees (`BUILT_PRODUCTS_DIR`, `SDKROOT`, `DEVELOPER_DIR`) are
/// outside the workspace: their files have no path here.
struct ProjectPaths {
    let objects: ProjectObjects
    /// The folder `SOURCE_ROOT` and the main group are relative to.
    let projectFolder: String
    /// Each grouped object's enclosing group.
    private let parents: PerObject<ProjectObject>

    static let groupKinds: Set<String> = ["PBXGroup", "PBXVariantGroup", "XCVersionGroup"]

    init(objects: ProjectObjects, projectFolder: String) {
        self.objects = objects
        self.projectFolder = projectFolder
        // Found by the child's position in the file, not by hashing its id, for every file's path.
        var parents = PerObject<ProjectObject>(objects)
        for object in objects.objects(ofKinds: Self.groupKinds) {
            for case let child? in object.references("children").map({ objects[$0] }) where parents[child] == nil { parents[child] = object }
        }
        self.parents = parents
    }

    /// The absolute path of the file, group or folder with this id; nil when it is not in the
    /// workspace's file tree (or the project does not say where it is).
    func path(of id: ObjectKey) -> String? {
        guard let object = objects[id] else { return nil }
        var visited = 0
        return path(of: object, visited: &visited)
    }

    private func path(of object: ProjectObject, visited: inout Int) -> String? {
        // A group tree deeper than this is a circle of groups, which no project holds.
        visited += 1
        guard visited < 256 else { return nil }
        let written = object.string("path")
        switch object.string("sourceTree") ?? "<group>" {
        case "<group>":
            let base = parents[object].flatMap { path(of: $0, visited: &visited) } ?? projectFolder
            return written.map { PathResolution.resolve($0, in: base) } ?? base
        case "SOURCE_ROOT":
            return written.map { PathResolution.resolve($0, in: projectFolder) } ?? projectFolder
        case "<absolute>":
            return written.map(PathResolution.standardize)
        default:
            return nil
        }
    }
}
