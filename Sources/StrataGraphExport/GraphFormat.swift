/// The formats `strata graph` writes.
public enum GraphFormat: String, Sendable, CaseIterable {
    case dot
    case mermaid
    case json
    case html

    /// Renders `view` in this format.
    public func render(_ view: GraphView) -> String {
        String(decoding: renderUTF8(view), as: UTF8.self)
    }

    /// Renders `view` in this format, as the UTF-8 bytes to write: no copy into a String and
    /// back for drawings of many megabytes.
    public func renderUTF8(_ view: GraphView) -> [UInt8] {
        switch self {
        case .dot: DOTRenderer.renderUTF8(view)
        case .mermaid: MermaidRenderer.renderUTF8(view)
        case .json: JSONGraphRenderer.renderUTF8(view)
        case .html: Array(HTMLRenderer.render(view).utf8)
        }
    }
}
