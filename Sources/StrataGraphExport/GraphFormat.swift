/// The formats `strata graph` writes.
public enum GraphFormat: String, Sendable, CaseIterable {
    case dot
    case mermaid
    case json
    case html

    /// A note for drawings too large for where this format is read (`strata graph` prints it on
    /// standard error), or nil: Mermaid past GitHub's limit, a page past what a browser draws
    /// without a wait. The drawing is written all the same.
    public func note(forEdges edges: Int) -> String? {
        let (limit, reason): (Int, String)
        switch self {
        case .mermaid:
            (limit, reason) = (MermaidRenderer.gitHubEdgeLimit, "GitHub renders Mermaid diagrams of at most \(MermaidRenderer.gitHubEdgeLimit) edges")
        case .html:
            (limit, reason) = (
                HTMLRenderer.comfortableEdgeLimit,
                "the page draws every one, and past \(HTMLRenderer.comfortableEdgeLimit) edges a browser takes seconds to open it and to pan"
            )
        case .dot, .json: return nil
        }
        guard edges > limit else { return nil }
        return "\(edges) edges; \(reason) (narrow it with --focus, --layer or --no-tests)"
    }

    /// Renders `view` in this format.
    public func render(_ view: GraphView) -> String {
        String(decoding: renderParts(view).joinedBytes, as: UTF8.self)
    }

    /// Renders `view` in this format, as the UTF-8 bytes to write one part after another: no
    /// copy into a String and back, nor of the chunks rendered on all cores into one array, for
    /// drawings of many megabytes.
    public func renderParts(_ view: GraphView) -> [[UInt8]] {
        switch self {
        case .dot: DOTRenderer.renderParts(view)
        case .mermaid: [MermaidRenderer.renderUTF8(view)]
        case .json: JSONGraphRenderer.renderParts(view)
        case .html: [Array(HTMLRenderer.render(view).utf8)]
        }
    }
}
