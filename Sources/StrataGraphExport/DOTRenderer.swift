import Foundation
import StrataModel

/// Graphviz DOT: one cluster per band (apps, each layer, externals), ranked top to bottom;
/// interface targets dashed, mocks dotted and grey, tests white; edges and targets with
/// findings red, labelled with the rule ids.
public enum DOTRenderer {
    public static func render(_ view: GraphView) -> String {
        let workspace = view.workspace
        var lines = [
            "digraph \(quoted(workspace.name)) {",
            "  graph [rankdir=TB, newrank=true, fontname=\"Helvetica\", label=\(quoted("\(workspace.name): \(view.targets.count) targets, \(view.edges.count) dependencies")), labelloc=t];",
            "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11];",
            "  edge [color=\"#777777\", arrowsize=0.6];",
        ]
        for (index, band) in view.bands.enumerated() {
            let color = GraphStyle.color(ofBand: band.band, in: view)
            lines.append("  subgraph \(quoted("cluster_\(index)")) {")
            lines.append(
                "    label=\(quoted(view.bandName(band.band))); style=\"filled,rounded\"; color=\"#cccccc\"; fillcolor=\(quoted(color + "55"));")
            for target in band.targets {
                lines.append("    " + node(target, view: view, fill: color))
            }
            lines.append("  }")
        }
        for edge in view.edges {
            var attributes: [String] = []
            if edge.kind == TargetRole.interface.rawValue { attributes.append("style=dashed") }
            if edge.isAutomatic { attributes.append("arrowhead=empty") }
            if !edge.rules.isEmpty {
                attributes += [
                    "color=\(quoted(GraphStyle.violationColor))", "fontcolor=\(quoted(GraphStyle.violationColor))", "penwidth=2",
                    "label=\(quoted(edge.rules.joined(separator: ", ")))",
                ]
            }
            let suffix = attributes.isEmpty ? "" : " [\(attributes.joined(separator: ", "))]"
            lines.append("  \(quoted(workspace.targets[edge.from].name)) -> \(quoted(workspace.targets[edge.to].name))\(suffix);")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    static func node(_ target: Int, view: GraphView, fill: String) -> String {
        let t = view.workspace.targets[target]
        var style = ["rounded", "filled"]
        var attributes: [String] = []
        var fillColor = fill
        switch t.role {
        case .interface: style.append("dashed")
        case .mocks:
            style.append("dotted")
            fillColor = "#dddddd"
        case .tests: fillColor = "#ffffff"
        case .app: style.append("bold")
        case .implementation, .external: break
        }
        attributes.append("style=\(quoted(style.joined(separator: ",")))")
        attributes.append("fillcolor=\(quoted(fillColor))")
        let rules = view.rules(of: target)
        if !rules.isEmpty {
            attributes += [
                "color=\(quoted(GraphStyle.violationColor))", "penwidth=2", "xlabel=\(quoted(rules.joined(separator: ", ")))",
                "fontcolor=\(quoted(GraphStyle.violationColor))",
            ]
        }
        if view.focused.contains(target) { attributes.append("penwidth=3") }
        attributes.append("tooltip=\(quoted("\(t.name) (\(t.role.rawValue), \(view.bandName(view.band(of: target))))"))")
        return "\(quoted(t.name)) [\(attributes.joined(separator: ", "))];"
    }

    /// A DOT double-quoted string: backslashes and quotes escaped, newlines as \n.
    static func quoted(_ text: String) -> String {
        "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
