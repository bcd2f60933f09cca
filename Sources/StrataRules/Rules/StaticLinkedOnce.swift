import StrataDiagnostics
import StrataGraph
public import StrataModel

/// `static-linked-once`: within one app, a static library is embedded in at most one image.
///
/// An app's images are the app itself and every dynamic library it reaches. An image embeds
/// the static libraries it reaches without passing through another dynamic library. A static
/// library embedded by two images is loaded twice at launch ("class X is implemented in both").
public struct StaticLinkedOnce: Rule {
    public let id = "static-linked-once"
    public let defaultSeverity = RuleSeverity.error
    public let summary = "Within one app, each static library is embedded in at most one image (the app or one dynamic library)."

    public init() {}

    private static func isLinkable(_ target: Target) -> Bool {
        target.role != .tests && target.role != .app
    }

    public func check(_ workspace: Workspace) -> [Finding] {
        let targets = workspace.targets
        let graph = workspace.graph
        func isDynamic(_ t: Int) -> Bool { targets[t].linkage == .dynamic && Self.isLinkable(targets[t]) }

        // For an image: the static libraries it embeds, with the BFS parents to explain how.
        var embedded: [Int: (members: [Int], parents: [Int?])] = [:]
        func embeddedLibraries(of image: Int) -> (members: [Int], parents: [Int?]) {
            if let cached = embedded[image] { return cached }
            let parents = graph.breadthFirstParents(from: [image]) { from, to in
                Self.isLinkable(targets[to]) && !isDynamic(to) && (from == image || !isDynamic(from))
            }
            let members = parents.indices.filter { $0 != image && parents[$0] != nil }
            embedded[image] = (members, parents)
            return (members, parents)
        }

        var findings: [Finding] = []
        for app in targets.indices where targets[app].role == .app {
            let reachable = graph.reachable(from: [app]) { _, to in Self.isLinkable(targets[to]) }
            let images = [app] + targets.indices.filter { $0 != app && reachable[$0] && isDynamic($0) }
            var embeddingImages: [Int: [Int]] = [:]
            for image in images {
                for library in embeddedLibraries(of: image).members { embeddingImages[library, default: []].append(image) }
            }
            for (library, owners) in embeddingImages.sorted(by: { $0.key < $1.key }) where owners.count > 1 {
                let names = owners.map { owner in
                    owner == app ? "'\(targets[owner].name)' (the app)" : "'\(targets[owner].name)' (dynamic)"
                }
                let notes = owners.map { owner -> DiagnosticNote in
                    let path = Digraph.path(to: library, parents: embeddedLibraries(of: owner).parents) ?? [owner, library]
                    return DiagnosticNote(
                        "embedded in '\(targets[owner].name)' through \(workspace.describe(path: path))",
                        at: workspace.dependency(from: path[path.count - 2], to: library)?.location)
                }
                findings.append(Finding(
                    "in app '\(targets[app].name)', static library '\(targets[library].name)' would be embedded in \(owners.count) images: \(names.joined(separator: ", ")); its types would be loaded twice at launch",
                    at: targets[library].location, notes: notes,
                    hint: "make '\(targets[library].name)' dynamic, or link it from only one of these images",
                    subject: DiagnosticSubject(source: targets[app].name, target: targets[library].name)))
            }
        }
        return findings
    }
}
