/// The formats `strata graph` writes.
public enum GraphFormat: String, Sendable, CaseIterable {
    case dot
    case mermaid
    case json
    case html

    /// Renders `view` in this format.
    public func render(_ view: GraphView) -> String {
        switch self {
        case .dot: DOTRenderer.render(view)
        case .mermaid: MermaidRenderer.render(view)
        case .json: JSONGraphRenderer.render(view)
        case .html: HTMLRenderer.render(view)
        }
    }
}
