import Foundation
import StrataModel

/// Graphviz DOT: one cluster per band (apps, each layer, externals), ranked top to bottom;
/// interface targets dashed, mocks dotted and grey, tests white; edges and targets with
/// findings red, labelled with the rule ids.
public enum DOTRenderer {
    public static func render(_ view: GraphView) -> String {
        let workspace = view.workspace
        // Written as UTF-8 bytes into one array: a 5,000-module graph is 140,000 lines.
        var out = Array(
            """
            digraph \(quoted(workspace.name)) {
              graph [rankdir=TB, newrank=true, fontname="Helvetica", label=\(quoted("\(workspace.name): \(view.targets.count) targets, \(view.edges.count) dependencies")), labelloc=t];
              node [shape=box, style="rounded,filled", fontname="Helvetica", fontsize=11];
              edge [color="#777777", arrowsize=0.6];

            """.utf8)
        out.reserveCapacity(200 * view.targets.count + 64 * view.edges.count)
        var name = [String](repeating: "", count: workspace.targets.count)
        for target in view.targets { name[target] = quoted(workspace.targets[target].name) }
        for (index, band) in view.bands.enumerated() {
            let color = GraphStyle.color(ofBand: band.band, in: view)
            out += ("  subgraph \(quoted("cluster_\(index)")) {\n").utf8
            out +=
                ("    label=\(quoted(view.bandName(band.band))); style=\"filled,rounded\"; color=\"#cccccc\"; fillcolor=\(quoted(color + "55"));\n")
                .utf8
            for target in band.targets {
                out += "    ".utf8
                out += node(target, view: view, fill: color).utf8
                out += "\n".utf8
            }
            out += "  }\n".utf8
        }
        for edge in view.edges {
            guard edge.kind == TargetRole.interface.rawValue || edge.isAutomatic || !edge.rules.isEmpty else {
                // Most edges: no attributes. Appended piece by piece: `+` would build a string for each step.
                out += "  ".utf8
                out += name[edge.from].utf8
                out += " -> ".utf8
                out += name[edge.to].utf8
                out += ";\n".utf8
                continue
            }
            var attributes: [String] = []
            if edge.kind == TargetRole.interface.rawValue { attributes.append("style=dashed") }
            if edge.isAutomatic { attributes.append("arrowhead=empty") }
            if !edge.rules.isEmpty {
                attributes += [
                    "color=\(quoted(GraphStyle.violationColor))", "fontcolor=\(quoted(GraphStyle.violationColor))", "penwidth=2",
                    "label=\(quoted(edge.rules.joined(separator: ", ")))",
                ]
            }
            let line = "  \(name[edge.from]) -> \(name[edge.to]) [\(attributes.joined(separator: ", "))];\n"
            out += line.utf8
        }
        out += "}\n".utf8
        return String(decoding: out, as: UTF8.self)
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
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") }) else {
            return "\"" + text + "\""
        }
        return "\""
            + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n") + "\""
    }
}
