import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataWorkspace

/// One self-contained HTML page: the graph laid out in bands as inline SVG, with a legend,
/// search, pan and zoom, and click-to-highlight of a target's dependencies and dependents.
/// No network: the script and styles are in the page (HTMLPageAssets).
public enum HTMLRenderer {
    /// Edges beyond which the page is slow to use: Chromium took 15 s to open the page of a
    /// 124,148-edge graph (30 MB of SVG) and 0.3 s for 6,965 edges.
    public static let comfortableEdgeLimit = 10_000

    public static func render(_ view: GraphView) -> String {
        let layout = GraphLayout(view)
        let svg =
            svgHeader(layout) + ["<g id=\"viewport\">"] + bands(view, layout) + ["<g id=\"edges\">"] + edges(view, layout)
            + ["</g><g id=\"nodes\">"] + nodes(view, layout) + ["</g></g></svg>"]
        return page(view, svg: svg, legend: legend(view), findings: findings(view))
    }

    /// The opening `<svg>` tag, sized to the layout, and the arrow markers.
    private static func svgHeader(_ layout: GraphLayout) -> [String] {
        var svg: [String] = []
        svg.append(
            "<svg id=\"graph\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(format(layout.width)) \(format(layout.height))\" data-width=\"\(format(layout.width))\" data-height=\"\(format(layout.height))\">"
        )
        svg.append(
            "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"#888\"/></marker>"
                + "<marker id=\"arrow-red\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M 0 0 L 10 5 L 0 10 z\" fill=\"\(GraphStyle.violationColor)\"/></marker></defs>"
        )
        return svg
    }

    /// A tinted box per band, with its name.
    private static func bands(_ view: GraphView, _ layout: GraphLayout) -> [String] {
        var svg: [String] = []
        for band in layout.bands {
            let color = GraphStyle.color(ofBand: band.band, in: view)
            svg.append(
                "<g class=\"band\"><rect x=\"4\" y=\"\(format(band.y))\" width=\"\(format(layout.width - 8))\" height=\"\(format(band.height))\" rx=\"10\" fill=\"\(color)\" fill-opacity=\"0.45\"/><text x=\"14\" y=\"\(format(band.y + 17))\" class=\"band-label\">\(escape(view.bandName(band.band)))</text></g>"
            )
        }
        return svg
    }

    /// A curve per edge, red and labelled with its rules where it breaks one.
    private static func edges(_ view: GraphView, _ layout: GraphLayout) -> [String] {
        let workspace = view.workspace
        var svg: [String] = []
        let half = layout.nodeWidth / 2
        for edge in view.edges {
            guard let from = layout.positions[edge.from], let to = layout.positions[edge.to] else { continue }
            let down = to.y >= from.y
            let (x1, y1) = (from.x + half, down ? from.y + GraphLayout.nodeHeight : from.y)
            let (x2, y2) = (to.x + half, down ? to.y : to.y + GraphLayout.nodeHeight)
            let bend = max(abs(y2 - y1) / 2, 24) * (down ? 1 : -1)
            let classes = ["edge", "kind-\(edge.kind)"] + (edge.rules.isEmpty ? [] : ["violation"]) + (edge.isAutomatic ? ["automatic"] : [])
            let title =
                "\(workspace.targets[edge.from].name) → \(workspace.targets[edge.to].name)"
                + (edge.rules.isEmpty ? "" : " [\(edge.rules.joined(separator: ", "))]")
            svg.append(
                "<path class=\"\(classes.joined(separator: " "))\" data-from=\"\(edge.from.index)\" data-to=\"\(edge.to.index)\" d=\"M \(format(x1)) \(format(y1)) C \(format(x1)) \(format(y1 + bend)), \(format(x2)) \(format(y2 - bend)), \(format(x2)) \(format(y2))\" marker-end=\"url(#\(edge.rules.isEmpty ? "arrow" : "arrow-red"))\"><title>\(escape(title))</title></path>"
            )
            if !edge.rules.isEmpty {
                // The rule id, visible at the middle of the red edge.
                svg.append(
                    "<text class=\"edge-label\" x=\"\(format((x1 + x2) / 2 + 6))\" y=\"\(format((y1 + y2) / 2))\">\(escape(edge.rules.joined(separator: ", ")))</text>"
                )
            }
        }
        return svg
    }

    /// A box per target, filled by its band (or its role) and titled with its findings.
    private static func nodes(_ view: GraphView, _ layout: GraphLayout) -> [String] {
        let workspace = view.workspace
        let half = layout.nodeWidth / 2
        var svg: [String] = []
        for target in view.targets {
            guard let box = layout.positions[target] else { continue }
            let t = workspace.targets[target]
            let rules = view.rules(of: target)
            let classes =
                ["node", "role-\(t.role.rawValue)"] + (rules.isEmpty ? [] : ["violation"]) + (view.focused.contains(target) ? ["focused"] : [])
            let band = view.band(of: target)
            let fill: String
            switch t.role {
            case .mocks: fill = "#dddddd"
            case .tests: fill = "#ffffff"
            default: fill = GraphStyle.color(ofBand: band, in: view)
            }
            let title =
                "\(t.name) — \(t.roleDescription), \(view.bandName(band))" + (rules.isEmpty ? "" : " — findings: \(rules.joined(separator: ", "))")
            svg.append(
                "<g class=\"\(classes.joined(separator: " "))\" data-id=\"\(target.index)\" data-name=\"\(escape(t.name))\" transform=\"translate(\(format(box.x)),\(format(box.y)))\"><title>\(escape(title))</title><rect width=\"\(format(layout.nodeWidth))\" height=\"\(format(GraphLayout.nodeHeight))\" rx=\"7\" fill=\"\(fill)\"/><text x=\"\(format(half))\" y=\"19\">\(escape(t.name))</text></g>"
            )
        }
        return svg
    }

    /// The legend's items: the bands, the roles shown, and the violation colour.
    private static func legend(_ view: GraphView) -> [String] {
        let workspace = view.workspace
        var legend: [String] = []
        for band in view.bands {
            legend.append(
                "<li><span class=\"swatch\" style=\"background:\(GraphStyle.color(ofBand: band.band, in: view))\"></span>\(escape(view.bandName(band.band)))</li>"
            )
        }
        for role in [TargetRole.interface, .mocks, .tests, .app] where view.targets.contains(where: { workspace.targets[$0].role == role }) {
            legend.append("<li><span class=\"swatch role-\(role.rawValue)\"></span>\(escape(role.legend))</li>")
        }
        legend.append("<li><span class=\"swatch violation\"></span>rule violation, labelled with its rule id</li>")

        return legend
    }

    /// The findings' items, each with its rule id and location.
    private static func findings(_ view: GraphView) -> [String] {
        let workspace = view.workspace
        var findings: [String] = []
        for finding in view.findings {
            let location =
                finding.diagnostic.location.map {
                    " <code>\(escape(PathResolution.path($0.path, inside: workspace.root) ?? $0.path)):\($0.line)</code>"
                } ?? ""
            findings.append(
                "<li class=\"\(finding.diagnostic.severity.rawValue)\"><b>[\(escape(finding.diagnostic.id))]</b> \(escape(finding.diagnostic.message))\(location)</li>"
            )
        }

        return findings
    }

    /// The whole page around the SVG, the legend and the findings.
    private static func page(_ view: GraphView, svg: [String], legend: [String], findings: [String]) -> String {
        let workspace = view.workspace
        let title = "\(workspace.name) — module graph"
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="strata graph">
            <title>\(escape(title))</title>
            <style>\(HTMLPageAssets.style)</style>
            </head>
            <body>
            <header>
              <h1>\(escape(workspace.name))</h1>
              <span class="summary">\(view.targets.count) targets, \(view.edges.count) dependencies, \(view.findings.count) finding\(view.findings.count == 1 ? "" : "s")</span>
              <input id="search" type="search" placeholder="Find a module or target…" autocomplete="off" aria-label="Find a module or target">
              <span id="status" role="status"></span>
              <button id="fit" type="button" title="Fit the graph to the window">Fit</button>
            </header>
            <main id="canvas">
            \(svg.joined(separator: "\n"))
            </main>
            <aside id="panel">
              <h2>Legend</h2>
              <ul class="legend">\(legend.joined())</ul>
              <p class="help">Drag to pan, wheel or pinch to zoom. Click a target: its dependencies turn blue, its dependents orange. Esc clears.</p>
              <h2>Findings (\(view.findings.count))</h2>
              <ul class="findings">\(findings.isEmpty ? "<li>none</li>" : findings.joined())</ul>
            </aside>
            <script>\(HTMLPageAssets.script)</script>
            </body>
            </html>

            """
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%.1f", value)
    }

    /// Text and attribute values for HTML and SVG (also `strata bench`'s report).
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
