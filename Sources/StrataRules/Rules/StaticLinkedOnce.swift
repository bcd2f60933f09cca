import StrataDiagnostics
import StrataGraph
public import StrataModel

/// `static-linked-once`: within one app, a static library is embedded in at most one image.
///
/// An app's images are the app itself and every dynamic library it reaches. An image embeds
/// the static libraries it reaches without passing through another dynamic library, over
/// dependencies that link (not XcodeGen's unlinked ones). A static library embedded by two
/// images is loaded twice at launch ("class X is implemented in both").
public struct StaticLinkedOnce: Rule {
    public let id = "static-linked-once"
    public let defaultSeverity = RuleSeverity.error
    public let summary = "Within one app, each static library is embedded in at most one image (the app or one dynamic library)."

    public init() {}

    private static func isLinkable(_ target: Target) -> Bool {
        target.role != .tests && target.role != .app
    }

    public func check(_ input: RuleInput) -> [Finding] {
        let workspace = input.workspace
        let targets = workspace.targets
        let graph = workspace.graph
        // The graph's algorithms work on node numbers: target `id` is node `id.index`.
        let linkable = targets.map(Self.isLinkable)
        let dynamic = targets.indices.map { linkable[$0.index] && targets[$0].linkage == .dynamic }
        // Edges that do not link, `from << 32 | to` (none in SwiftPM workspaces).
        var unlinked: Set<Int> = []
        for from in targets.indices {
            for edge in workspace.dependencies[from] where !edge.isLinked { unlinked.insert(from.index << 32 | edge.target.index) }
        }

        // For an image: the static libraries it embeds, with the BFS parents to explain how.
        // Dynamic libraries are shared by apps, so each one's closure is computed once.
        var embedded: [Int: (members: [Int], parents: [Int?])] = [:]
        func embeddedLibraries(of image: Int) -> (members: [Int], parents: [Int?]) {
            if let cached = embedded[image] { return cached }
            let parents = graph.breadthFirstParents(from: [image]) { from, to in
                linkable[to] && !dynamic[to] && (from == image || !dynamic[from]) && (unlinked.isEmpty || !unlinked.contains(from << 32 | to))
            }
            let members = parents.indices.filter { $0 != image && parents[$0] != nil }
            embedded[image] = (members, parents)
            return (members, parents)
        }

        var findings: [Finding] = []
        var embeddingCount = [Int](repeating: 0, count: targets.count)
        for app in targets.indices where targets[app].role == .app {
            let reachable = graph.reachable(from: [app.index]) { _, to in linkable[to] }
            let images = [app.index] + reachable.indices.filter { $0 != app.index && reachable[$0] && dynamic[$0] }
            guard images.count > 1 else { continue }  // one image embeds everything exactly once
            var touched: [Int] = []
            for image in images {
                for library in embeddedLibraries(of: image).members {
                    if embeddingCount[library] == 0 { touched.append(library) }
                    embeddingCount[library] += 1
                }
            }
            for library in touched.sorted() where embeddingCount[library] > 1 {
                let owners = images.filter { embeddedLibraries(of: $0).parents[library] != nil }
                findings.append(
                    finding(
                        app: app, library: TargetID(library), owners: owners.map(TargetID.init), workspace: workspace,
                        parents: { embeddedLibraries(of: $0.index).parents }))
            }
            for library in touched { embeddingCount[library] = 0 }
        }
        return findings
    }

    private func finding(
        app: TargetID, library: TargetID, owners: [TargetID], workspace: Workspace, parents: (TargetID) -> [Int?]
    ) -> Finding {
        let targets = workspace.targets
        let names = owners.map { owner in
            owner == app ? "'\(targets[owner].name)' (the app)" : "'\(targets[owner].name)' (dynamic)"
        }
        let notes = owners.map { owner -> DiagnosticNote in
            let path = Digraph.path(to: library.index, parents: parents(owner))?.map(TargetID.init) ?? [owner, library]
            return DiagnosticNote(
                "embedded in '\(targets[owner].name)' through \(workspace.describe(path: path))",
                at: workspace.dependency(from: path[path.count - 2], to: library)?.location)
        }
        return Finding(
            "in app '\(targets[app].name)', static library '\(targets[library].name)' would be embedded in \(owners.count) images: \(names.joined(separator: ", ")); its types would be loaded twice at launch",
            at: targets[library].location, notes: notes,
            hint: "make '\(targets[library].name)' dynamic, or link it from only one of these images",
            subject: DiagnosticSubject(source: targets[app].name, target: targets[library].name))
    }
}
