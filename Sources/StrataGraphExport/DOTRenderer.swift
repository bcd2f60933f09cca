import Foundation
import StrataFileSystem
import StrataWorkspace

/// Graphviz DOT: one cluster per band (apps, each layer, externals), ranked top to bottom;
/// interface targets dashed, mocks dotted and grey, tests white; edges and targets with
/// findings red, labelled with the rule ids.
public enum DOTRenderer {
    public static func render(_ view: GraphView) -> String {
        String(decoding: renderParts(view).joinedBytes, as: UTF8.self)
    }

    /// The drawing as UTF-8, in parts to write one after another: the clusters, then the edges
    /// (most of the 140,000 lines of a 5,000-module graph) in chunks rendered on all cores.
    public static func renderParts(_ view: GraphView, edgesPerChunk: Int = 8_192) -> [[UInt8]] {
        let workspace = view.workspace
        var out = Array(
            """
            digraph \(quoted(workspace.name)) {
              graph [rankdir=TB, newrank=true, fontname="Helvetica", label=\(quoted("\(workspace.name): \(view.targets.count) targets, \(view.edges.count) dependencies")), labelloc=t];
              node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];
              edge [color="#777777", arrowsize=0.6];

            """.utf8)
        out.reserveCapacity(200 * view.targets.count)
        var name = IDArray<TargetID, String>(repeating: "", count: workspace.targets.count)
        for target in view.targets { name[target] = quoted(workspace.targets[target].name) }
        for (index, band) in view.bands.enumerated() {
            let color = GraphStyle.color(ofBand: band.band, in: view)
            out.append(utf8: "  subgraph \(quoted("cluster_\(index)")) {\n")
            out.append(
                utf8:
                    "    label=\(quoted(view.bandName(band.band))); style=\"filled,rounded\"; color=\"#cccccc\"; fillcolor=\(quoted(color + "55"));\n"
            )
            let tooltipSuffix = ", " + view.bandName(band.band) + ")"
            for target in band.targets {
                node(target, named: name[target], view: view, fill: color, tooltipSuffix: tooltipSuffix, into: &out)
            }
            out.append(utf8: "  }\n" as StaticString)
        }
        // The edges, most of the text, in chunks on all cores.
        let chunks = ParallelMap.chunks(view.edges, of: edgesPerChunk)
        let names = name
        return [out] + ParallelMap.map(chunks, { edgeLines($0, name: names) }) + [Array("}\n".utf8)]
    }

    /// One line per edge: most have no attributes; interface, automatic and flagged ones do.
    static func edgeLines(_ edges: ArraySlice<GraphView.Edge>, name: IDArray<TargetID, String>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64 * edges.count)
        for edge in edges {
            // Piece by piece: `+` or interpolation would build a string for each edge.
            out.append(utf8: "  " as StaticString)
            out.append(utf8: name[edge.from])
            out.append(utf8: " -> " as StaticString)
            out.append(utf8: name[edge.to])
            if edge.kind == TargetRole.interface.rawValue || edge.isAutomatic || !edge.rules.isEmpty {
                var attributes: [String] = []
                if edge.kind == TargetRole.interface.rawValue { attributes.append("style=dashed") }
                if edge.isAutomatic { attributes.append("arrowhead=empty") }
                if !edge.rules.isEmpty {
                    attributes += [
                        "color=\(quoted(GraphStyle.violationColor))", "fontcolor=\(quoted(GraphStyle.violationColor))", "penwidth=2",
                        "label=\(quoted(edge.rules.joined(separator: ", ")))",
                    ]
                }
                out.append(utf8: " [\(attributes.joined(separator: ", "))]")
            }
            out.append(utf8: ";\n" as StaticString)
        }
        return out
    }

    /// One target's line: its style by role, and its findings in red.
    static func node(_ target: TargetID, named name: String, view: GraphView, fill: String, tooltipSuffix: String, into out: inout [UInt8]) {
        let t = view.workspace.targets[target]
        let style: StaticString
        var fillColor = fill
        switch t.role {
        case .interface: style = "rounded,filled,dashed"
        case .mocks:
            style = "rounded,filled,dotted"
            fillColor = "#dddddd"
        case .tests:
            style = "rounded,filled"
            fillColor = "#ffffff"
        case .app: style = "rounded,filled,bold"
        case .implementation, .external: style = "rounded,filled"
        }
        out.append(utf8: "    " as StaticString)
        out.append(utf8: name)
        out.append(utf8: " [style=\"" as StaticString)
        out.append(utf8: style)
        out.append(utf8: "\", fillcolor=" as StaticString)
        out.append(utf8: quoted(fillColor))
        let rules = view.rules(of: target)
        if !rules.isEmpty {
            out.append(
                utf8:
                    ", color=\(quoted(GraphStyle.violationColor)), penwidth=2, xlabel=\(quoted(rules.joined(separator: ", "))), fontcolor=\(quoted(GraphStyle.violationColor))"
            )
        }
        if view.focused.contains(target) { out.append(utf8: ", penwidth=3" as StaticString) }
        out.append(utf8: ", tooltip=" as StaticString)
        out.append(utf8: quoted(t.name + " (" + t.roleDescription + tooltipSuffix))
        out.append(utf8: "];\n" as StaticString)
    }

    /// A DOT double-quoted string: backslashes and quotes escaped, newlines as \n.
    static func quoted(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") }) else {
            return "\"" + text + "\""
        }
        return "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
