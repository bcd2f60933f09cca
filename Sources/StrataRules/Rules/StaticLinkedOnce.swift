import StrataDiagnostics
import StrataGraph
import StrataManifest
import StrataProjectFormat
public import StrataWorkspace

/// `static-linked-once`: within one app, a static library is embedded in at most one image.
///
/// An app's images are the app itself and every dynamic library it loads: the libraries its
/// targets, and theirs, link through a dynamic link (`Dependency.dynamicLibrary`: a framework,
/// or a `.dynamic` product of another package). An image embeds the targets it is built from
/// and the static libraries they reach over static links (not XcodeGen's unlinked ones). A
/// static library embedded by two images is loaded twice at launch ("class X is implemented in both").
public struct StaticLinkedOnce: GraphRule {
    public let id = "static-linked-once"
    public let summary = "Within one app, each static library is embedded in at most one image (the app or one dynamic library)."

    public init() {}

    private static func isLinkable(_ target: Target) -> Bool {
        target.role != .tests && target.role != .app
    }

    /// A dynamic library: the targets it is built from (the ends of the edges that link it) and
    /// the first such edge's declaration, to point at.
    private struct DynamicLibrary {
        var members: [Int] = []
        var location: SourceLocation?
    }

    /// An image an app loads: the app's executable, or a dynamic library by its name.
    private enum Image: Hashable {
        case app(Int)
        case library(String)
    }

    public func check(_ workspace: Workspace) -> [Finding] {
        let targets = workspace.targets
        let graph = workspace.graph
        // The graph's algorithms work on node numbers: target `id` is node `id.index`.
        let linkable = targets.map(Self.isLinkable)
        // Edges that embed nothing, `from << 32 | to`: the dynamic links and XcodeGen's unlinked
        // dependencies. Each node's dynamic links, by library, for the nodes that have some.
        var notEmbedding: Set<Int> = []
        var libraries: [String: DynamicLibrary] = [:]
        var librariesLinkedBy: [Int: Set<String>] = [:]
        for from in targets.indices {
            for edge in workspace.dependencies[from] where !edge.isLinked || edge.dynamicLibrary != nil {
                notEmbedding.insert(from.index << 32 | edge.target.index)
                guard edge.isLinked, let name = edge.dynamicLibrary, linkable[edge.target.index] else { continue }
                if libraries[name] == nil { libraries[name] = DynamicLibrary(location: edge.location) }
                if !libraries[name]!.members.contains(edge.target.index) { libraries[name]!.members.append(edge.target.index) }
                librariesLinkedBy[from.index, default: []].insert(name)
            }
        }
        guard !libraries.isEmpty else { return [] }  // one image per app embeds everything once
        // Images are named in workspace order: by the first target each library is built from.
        let libraryOrder = libraries.keys.sorted { (libraries[$0]!.members.min()!, $0) < (libraries[$1]!.members.min()!, $1) }

        // What an image embeds: BFS parents from the targets it is built from over static links.
        // Dynamic libraries are shared by apps, so each one's is computed once.
        func embedding(from sources: [Int]) -> [Int?] {
            graph.breadthFirstParents(from: sources) { from, to in linkable[to] && !notEmbedding.contains(from << 32 | to) }
        }
        var embedded: [String: (members: [Int], parents: [Int?])] = [:]
        func embeddedLibraries(of image: Image) -> (members: [Int], parents: [Int?]) {
            switch image {
            case .app(let app):
                let parents = embedding(from: [app])
                return (parents.indices.filter { $0 != app && parents[$0] != nil }, parents)
            case .library(let name):
                if let known = embedded[name] { return known }
                let parents = embedding(from: libraries[name]!.members)
                let result = (parents.indices.filter { parents[$0] != nil }, parents)
                embedded[name] = result
                return result
            }
        }

        var findings: [Finding] = []
        var embeddingCount = [Int](repeating: 0, count: targets.count)
        let linkingNodes = Array(librariesLinkedBy.keys)
        for app in targets.indices where targets[app].role == .app {
            let reachable = graph.reachable(from: [app.index]) { _, to in linkable[to] }
            let loaded = linkingNodes.reduce(into: Set<String>()) { names, node in
                if reachable[node] { names.formUnion(librariesLinkedBy[node]!) }
            }
            guard !loaded.isEmpty else { continue }  // one image embeds everything exactly once
            let images = [Image.app(app.index)] + libraryOrder.filter(loaded.contains).map(Image.library)
            var imageParents: [Image: [Int?]] = [:]
            var touched: [Int] = []
            for image in images {
                let (members, parents) = embeddedLibraries(of: image)
                imageParents[image] = parents
                for library in members {
                    if embeddingCount[library] == 0 { touched.append(library) }
                    embeddingCount[library] += 1
                }
            }
            for library in touched.sorted() where embeddingCount[library] > 1 {
                let owners = images.filter { imageParents[$0]![library] != nil }
                findings.append(
                    finding(
                        app: app, library: TargetID(library), owners: owners.map { ($0, imageParents[$0]!) }, libraries: libraries,
                        workspace: workspace))
            }
            for library in touched { embeddingCount[library] = 0 }
        }
        return findings
    }

    /// The finding for `library`, embedded in each of `owners` (with the BFS parents that reached it there).
    private func finding(
        app: TargetID, library: TargetID, owners: [(image: Image, parents: [Int?])], libraries: [String: DynamicLibrary], workspace: Workspace
    ) -> Finding {
        let targets = workspace.targets
        func name(_ image: Image) -> String {
            switch image {
            case .app: targets[app].name
            case .library(let name): name
            }
        }
        let noun = targets[app].productRole?.processNoun ?? "app"
        let names = owners.map { "'\(name($0.image))' (\($0.image == .app(app.index) ? "the \(noun)" : "dynamic"))" }
        let notes = owners.map { owner -> DiagnosticNote in
            guard let path = workspace.path(to: library, parents: owner.parents), path.count > 1 else {
                // One of the targets the dynamic library is built from.
                let location: SourceLocation? = if case .library(let name) = owner.image { libraries[name]?.location } else { nil }
                return DiagnosticNote("embedded in '\(name(owner.image))', which is built from it", at: location)
            }
            return DiagnosticNote(
                "embedded in '\(name(owner.image))' through \(workspace.describe(path: path))",
                at: workspace.dependency(from: path[path.count - 2], to: library)?.location)
        }
        return Finding(
            "in \(noun) '\(targets[app].name)', static library '\(targets[library].name)' would be embedded in \(owners.count) images: \(names.joined(separator: ", ")); its types would be loaded twice at launch",
            at: targets[library].location, notes: notes,
            hint: "make '\(targets[library].name)' dynamic, or link it from only one of these images",
            subject: DiagnosticSubject(source: targets[app].name, target: targets[library].name))
    }
}
