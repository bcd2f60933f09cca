import Foundation
import StrataDiagnostics
@testable import StrataGraphExport
import StrataManifest
import StrataProjectFormat
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// Each format's output: DOT read back by Graphviz, Mermaid against the grammar GitHub's
/// renderer accepts, JSON against its documented schema, HTML self-contained.
@Suite struct GraphFormatTests {
    static func view(focus: String? = nil) async throws -> GraphView {
        let workspace = try await WorkspaceLoader().load(path: Fixtures.iss).workspace
        var selection = GraphSelection()
        selection.focus = focus
        let finding = Diagnostic(
            id: "same-layer", severity: .error, message: "a \"quoted\" <message> & more",
            subject: DiagnosticSubject(source: "Spacesuit", target: "UIComponents"))
        return try GraphView(workspace: workspace, findings: [finding], selection: selection)
    }

    /// `dot`, which CI installs; a missing one fails in CI and is reported as skipped elsewhere.
    static let graphviz = ["/usr/bin/dot", "/usr/local/bin/dot", "/opt/homebrew/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(.enabled(if: graphviz != nil || ProcessInfo.processInfo.environment["CI"] != nil, "needs Graphviz's dot (apt-get install graphviz); CI installs it"))
    func dotIsReadByGraphviz() async throws {
        let dot = try #require(Self.graphviz, "Graphviz's dot is not installed (apt-get install graphviz)")
        let text = DOTRenderer.render(try await Self.view())
        let result = try await ProcessRunner.run(dot, ["-Tplain"], input: Data(text.utf8))
        let (plain, warnings) = (result.output, result.error)
        #expect(result.status == 0 && warnings.isEmpty, "\(warnings)")
        // Graphviz laid out every target and every edge.
        #expect(plain.split(separator: "\n").filter { $0.hasPrefix("node ") }.count == 57)
        #expect(plain.split(separator: "\n").filter { $0.hasPrefix("edge ") }.count == 212)
        #expect(text.contains(##""Spacesuit" -> "UIComponents" [color="#d62728", fontcolor="#d62728", penwidth=2, label="same-layer"];"##))
    }

    /// Mermaid past GitHub's limit and a page past what a browser draws without a wait get a
    /// note; DOT and JSON, read by tools, never do.
    @Test func drawingsTooLargeForWhereTheyAreReadGetANote() {
        #expect(GraphFormat.mermaid.note(forEdges: 500) == nil)
        #expect(
            GraphFormat.mermaid.note(forEdges: 501)
                == "501 edges; GitHub renders Mermaid diagrams of at most 500 edges (narrow it with --focus, --layer or --no-tests)")
        #expect(GraphFormat.html.note(forEdges: 10_000) == nil)
        #expect(GraphFormat.html.note(forEdges: 124_148)?.hasPrefix("124148 edges; the page draws every one, and past 10000 edges") == true)
        #expect(GraphFormat.dot.note(forEdges: 1_000_000) == nil && GraphFormat.json.note(forEdges: 1_000_000) == nil)
    }

    /// The DOT edges are written in chunks on all cores: any chunk size gives the same drawing.
    @Test func dotEdgesWrittenInChunksAreJoinedInOrder() async throws {
        let view = try await Self.view()
        let whole = DOTRenderer.renderParts(view, edgesPerChunk: .max).joinedBytes
        #expect(DOTRenderer.renderParts(view, edgesPerChunk: 3).joinedBytes == whole)
        #expect(DOTRenderer.renderParts(view).joinedBytes == whole)
    }

    @Test func mermaidFollowsTheFlowchartGrammar() async throws {
        let view = try await Self.view()
        let text = MermaidRenderer.render(view)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "flowchart TB")
        let node = /^    (t\d+)\["([^"]*)"\]$/
        let edge = /^  (t\d+) (-->|-\.->)(\|"[^"]*"\|)? (t\d+)$/
        let subgraph = /^  subgraph b\d+\["[^"]*"\]$/
        let classDef = /^  classDef [a-z]+ [^;]+$/
        let classLine = /^  class (t\d+(,t\d+)*) [a-z]+$/
        let linkStyle = /^  linkStyle (\d+(,\d+)*) [^;]+$/
        var declared = Set<String>()
        var edges = 0
        var styled: [Int] = []
        for line in lines.dropFirst() {
            if let match = line.wholeMatch(of: node) {
                declared.insert(String(match.1))
            } else if let match = line.wholeMatch(of: edge) {
                #expect(declared.contains(String(match.1)) && declared.contains(String(match.4)), "\(line)")
                edges += 1
            } else if let match = line.wholeMatch(of: linkStyle) {
                styled += match.1.split(separator: ",").compactMap { Int($0) }
            } else if let match = line.wholeMatch(of: classLine) {
                #expect(match.1.split(separator: ",").allSatisfy { declared.contains(String($0)) }, "\(line)")
            } else {
                #expect(line.wholeMatch(of: subgraph) != nil || line == "  end" || line.wholeMatch(of: classDef) != nil, "not Mermaid: \(line)")
            }
        }
        #expect(declared.count == 57 && edges == 212)
        #expect(!styled.isEmpty && styled.allSatisfy { $0 < edges })
        #expect(MermaidRenderer.label("a \"b\" #1\nc") == "a #quot;b#quot; #35;1<br/>c")
    }

    @Test func jsonFollowsItsSchema() async throws {
        let text = JSONGraphRenderer.render(try await Self.view(focus: "Spacesuit"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["schemaVersion", "workspace", "layers", "modules", "targets", "edges", "findings"])
        #expect(document["schemaVersion"] as? Int == 1)
        let targets = try #require(document["targets"] as? [[String: Any]])
        let names = Set(targets.compactMap { $0["name"] as? String })
        for target in targets {
            #expect(Set(target.keys).isSubset(of: ["name", "role", "module", "layer", "linkage", "testHost", "package", "product", "rules"]))
            #expect(["implementation", "interface", "mocks", "tests", "app", "external"].contains(target["role"] as? String ?? ""))
        }
        let edges = try #require(document["edges"] as? [[String: Any]])
        for edge in edges {
            #expect(names.contains(edge["from"] as? String ?? "") && names.contains(edge["to"] as? String ?? ""))
            #expect(edge["automatic"] is Bool && edge["kind"] is String && edge["rules"] is [String])
        }
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.first?["rule"] as? String == "same-layer")
        #expect(findings.first?["edges"] as? [[String]] == [["Spacesuit", "UIComponents"]])
        let modules = try #require(document["modules"] as? [[String: Any]])
        #expect(modules.first { $0["name"] as? String == "Spacesuit" }?["targets"] as? [String: String] == [
            "implementation": "Spacesuit", "interface": "SpacesuitCore", "tests": "SpacesuitTests",
        ])
    }

    /// The JSON is written by hand for speed; JSONEncoder, which wrote it before, is the oracle.
    @Test func jsonIsWrittenExactlyAsJSONEncoderWritesIt() async throws {
        for focus in [nil, "Spacesuit"] {
            let document = JSONGraphRenderer.document(try await Self.view(focus: focus))
            #expect(JSONGraphRenderer.write(document) == JSONGraphRenderer.encode(document))
        }
        // Every escape, empty containers, absent optionals, conditions.
        let awkward = "\u{0}\u{1}\u{8}\t\n\u{b}\u{c}\r\u{1f} \"quoted\" back\\slash /slash é \u{7f} \u{2028} 😀"
        typealias D = JSONGraphRenderer.Document
        let document = D(
            workspace: awkward,
            layers: [D.Layer(name: "a", index: 0, description: awkward), D.Layer(name: "", index: 1, description: nil)],
            modules: [D.Module(name: "M", layer: nil, targets: [:]), D.Module(name: "N", layer: "a", targets: ["tests": "T", "interface": "I"])],
            targets: [
                D.Target(name: awkward, role: "app", module: nil, layer: nil, linkage: "static", testHost: true, package: nil, product: "appExtension", rules: []),
                D.Target(name: "T", role: "tests", module: "N", layer: "a", linkage: "dynamic", testHost: false, package: "p", rules: ["x", "y"]),
            ],
            edges: [
                GraphView.Edge(from: TargetID(1), to: TargetID(0), isAutomatic: true, rules: [], kind: "app"),
                GraphView.Edge(
                    from: TargetID(0), to: TargetID(1), isAutomatic: false, rules: ["r"], kind: "tests",
                    condition: DependencyCondition(platforms: ["ios", "linux"], traits: [])),
            ],
            names: [awkward, "T"],
            findings: [
                D.Finding(rule: "r", severity: "error", message: awkward, location: nil, edges: [], targets: []),
                D.Finding(rule: "s", severity: "warning", message: "m", location: "a/b.yml:1:2", edges: [["T", awkward], []], targets: ["T"]),
            ])
        #expect(JSONGraphRenderer.write(document) == JSONGraphRenderer.encode(document))
        #expect(JSONGraphRenderer.write(D(workspace: "", layers: [], modules: [], targets: [], edges: [], names: [], findings: [])) == JSONGraphRenderer.encode(D(workspace: "", layers: [], modules: [], targets: [], edges: [], names: [], findings: [])))
    }

    /// Edges and targets past a chunk are written on all cores and joined: the same bytes.
    @Test func largeDocumentsWrittenInChunksMatchJSONEncoder() {
        typealias D = JSONGraphRenderer.Document
        let targets = (0..<9_000).map {
            D.Target(
                name: "T\($0)", role: $0 % 3 == 0 ? "tests" : "implementation", module: $0 % 5 == 0 ? nil : "M\($0)", layer: nil,
                linkage: "static", testHost: false, package: nil, rules: $0 % 7 == 0 ? ["r"] : [])
        }
        let edges = (0..<20_000).map {
            GraphView.Edge(
                from: TargetID($0 % 9_000), to: TargetID(($0 * 31) % 9_000), isAutomatic: $0 % 2 == 0, rules: $0 % 11 == 0 ? ["a", "b"] : [],
                kind: "implementation", condition: $0 % 13 == 0 ? DependencyCondition(platforms: ["ios"], traits: ["T\"1"]) : nil)
        }
        let document = D(workspace: "W", layers: [], modules: [], targets: targets, edges: edges, names: IDArray(targets.map(\.name)), findings: [])
        #expect(JSONGraphRenderer.write(document) == JSONGraphRenderer.encode(document))
    }

    /// Containers nested deeper than the 64 indents the writer copies at once, empty ones among
    /// them: indented as JSONEncoder indents them.
    @Test func deeplyNestedContainersAreIndentedAsJSONEncoderIndentsThem() throws {
        indirect enum Nest: Encodable {
            case leaf(String)
            case list([Nest])
            case object(Nest)

            enum Key: String, CodingKey { case a, z }

            func encode(to encoder: any Encoder) throws {
                switch self {
                case .leaf(let text):
                    var container = encoder.singleValueContainer()
                    try container.encode(text)
                case .list(let items):
                    var container = encoder.unkeyedContainer()
                    for item in items { try container.encode(item) }
                case .object(let inner):
                    var container = encoder.container(keyedBy: Key.self)
                    try container.encode(inner, forKey: .a)
                    try container.encode([String](), forKey: .z)
                }
            }

            func write(into json: inout PrettyJSONWriter) {
                switch self {
                case .leaf(let text): json.string(text)
                case .list(let items):
                    json.beginArray()
                    for item in items { item.write(into: &json) }
                    json.endArray()
                case .object(let inner):
                    json.beginObject()
                    json.key("a")
                    inner.write(into: &json)
                    json.field("z", [String]())
                    json.endObject()
                }
            }
        }
        var nest = Nest.list([.leaf("deepest"), .list([])])
        for level in 0..<80 { nest = level % 2 == 0 ? .list([.leaf("\(level)"), nest, .leaf("after")]) : .object(nest) }
        var json = PrettyJSONWriter()
        nest.write(into: &json)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: json.parts.joinedBytes, as: UTF8.self) == String(decoding: try encoder.encode(nest), as: UTF8.self))
    }

    @Test func htmlIsOneSelfContainedPage() async throws {
        let html = HTMLRenderer.render(try await Self.view())
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // No network: nothing is fetched from anywhere.
        for reference in ["src=", "href=", "http://", "https://", "@import", "url(http"] where reference != "http://" {
            #expect(!html.contains(reference), "the page refers to \(reference)")
        }
        #expect(html.components(separatedBy: "http://").count == 2, "only the SVG namespace may name a URL")
        #expect(html.components(separatedBy: "class=\"node ").count - 1 == 57)
        #expect(html.components(separatedBy: "<path class=\"edge").count - 1 == 212)
        // Text from the workspace is escaped.
        #expect(html.contains("a &quot;quoted&quot; &lt;message&gt; &amp; more"))
        #expect(html.contains("class=\"edge kind-implementation violation") || html.contains("class=\"edge kind-interface violation"))
        #expect(html.contains("<text class=\"edge-label\"") && html.contains(">same-layer</text>"))
    }
}
