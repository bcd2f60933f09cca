import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import StrataWorkspace

/// The graph as JSON, in the schema docs/GRAPH.md describes (`schemaVersion` 1): layers,
/// modules, targets, edges with their kind, and findings. Fields are only ever added within a
/// schema version.
public enum JSONGraphRenderer {
    struct Document: Encodable {
        var schemaVersion = 1
        var workspace: String
        var layers: [Layer]
        var modules: [Module]
        var targets: [Target]
        /// The view's own edges, by target: 124,000 of them at 5,000 modules, not copied into
        /// strings; `names` gives each target its name.
        var edges: [GraphView.Edge]
        var names: IDArray<TargetID, String>
        var findings: [Finding]

        enum CodingKeys: String, CodingKey {
            case schemaVersion, workspace, layers, modules, targets, edges, findings
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(schemaVersion, forKey: .schemaVersion)
            try container.encode(workspace, forKey: .workspace)
            try container.encode(layers, forKey: .layers)
            try container.encode(modules, forKey: .modules)
            try container.encode(targets, forKey: .targets)
            try container.encode(
                edges.map {
                    Edge(
                        from: names[$0.from], to: names[$0.to], kind: $0.kind, automatic: $0.isAutomatic, rules: $0.rules,
                        condition: $0.condition)
                }, forKey: .edges)
            try container.encode(findings, forKey: .findings)
        }

        struct Layer: Encodable {
            var name: String
            var index: Int
            var description: String?
        }
        struct Module: Encodable {
            var name: String
            var layer: String?
            var targets: [String: String]
        }
        struct Target: Encodable, Sendable {
            var name: String
            var role: String
            var module: String?
            var layer: String?
            var linkage: String
            var testHost: Bool
            var package: String?
            /// For a target of an Xcode project or XcodeGen spec: what Xcode builds (`appExtension`).
            var product: String?
            var rules: [String]
        }
        /// An edge as the schema has it (what `encode(to:)` gives JSONEncoder).
        struct Edge: Encodable {
            var from: String
            var to: String
            var kind: String
            var automatic: Bool
            var rules: [String]
            /// Only on conditional edges: `{"platforms": ["ios"], "traits": []}`.
            var condition: DependencyCondition?
        }
        struct Finding: Encodable {
            var rule: String
            var severity: String
            var message: String
            var location: String?
            var edges: [[String]]
            var targets: [String]
        }
    }

    public static func render(_ view: GraphView) -> String {
        write(document(view))
    }

    /// The document as UTF-8, in parts to write one after another (`GraphFormat.renderParts`).
    public static func renderParts(_ view: GraphView) -> [[UInt8]] {
        writeParts(document(view))
    }

    /// The same document through `JSONEncoder`: the oracle `write` is tested against.
    static func encode(_ document: Document) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(document)) ?? Data("{}".utf8), as: UTF8.self) + "\n"
    }

    static func document(_ view: GraphView) -> Document {
        let workspace = view.workspace
        let selected = Set(view.targets)
        let name = { (id: TargetID) in workspace.targets[id].name }
        let layerName = { (id: LayerID?) in id.map { workspace.layers[$0].name } }
        return Document(
            workspace: workspace.name,
            layers: workspace.layers.withIDs.map { Document.Layer(name: $1.name, index: $0.index, description: $1.description) },
            modules: workspace.modules.filter { !selected.isDisjoint(with: $0.targets.values) }.map { module in
                Document.Module(
                    name: module.name, layer: layerName(module.layer),
                    targets: Dictionary(
                        uniqueKeysWithValues: module.targets.filter { selected.contains($0.value) }.map { ($0.key.rawValue, name($0.value)) }))
            },
            targets: view.targets.map { index in
                let t = workspace.targets[index]
                return Document.Target(
                    name: t.name, role: t.role.rawValue, module: t.module, layer: layerName(t.layer), linkage: t.linkage.rawValue,
                    testHost: t.isTestHost, package: t.package, product: t.productRole?.rawValue, rules: view.rules(of: index))
            },
            edges: view.edges,
            names: workspace.targets.mapElements(\.name),
            findings: view.findings.map { finding in
                let location = finding.diagnostic.location.map {
                    "\(PathResolution.path($0.path, inside: workspace.root) ?? $0.path):\($0.line):\($0.column)"
                }
                return Document.Finding(
                    rule: finding.diagnostic.id, severity: finding.diagnostic.severity.rawValue, message: finding.diagnostic.message,
                    location: location, edges: finding.edges.map { $0.map(name) }, targets: finding.targets.map(name))
            })
    }

    /// The document as `encode` writes it, written directly (keys in sorted order, by hand).
    static func write(_ document: Document) -> String {
        String(decoding: writeParts(document).joinedBytes, as: UTF8.self)
    }

    static func writeParts(_ document: Document) -> [[UInt8]] {
        // The edges and the targets are written in chunks of their own; the rest is small.
        var json = PrettyJSONWriter(capacity: 64 * 1024 + 300 * (document.modules.count + document.findings.count))
        json.beginObject()
        json.objectsInParallel("edges", document.edges) { json, edge in
            json.field("automatic", edge.isAutomatic)
            if let condition = edge.condition {
                json.object("condition") { json in
                    json.field("platforms", condition.platforms)
                    json.field("traits", condition.traits)
                }
            }
            json.field("from", document.names[edge.from])
            json.field("kind", edge.kind)
            json.field("rules", edge.rules)
            json.field("to", document.names[edge.to])
        }
        json.objects("findings", document.findings) { json, finding in
            json.key("edges")
            json.beginArray()
            for edge in finding.edges { json.strings(edge) }
            json.endArray()
            json.field("location", finding.location)
            json.field("message", finding.message)
            json.field("rule", finding.rule)
            json.field("severity", finding.severity)
            json.field("targets", finding.targets)
        }
        json.objects("layers", document.layers) { json, layer in
            json.field("description", layer.description)
            json.field("index", layer.index)
            json.field("name", layer.name)
        }
        json.objects("modules", document.modules) { json, module in
            json.field("layer", module.layer)
            json.field("name", module.name)
            json.object("targets") { json in
                for (role, target) in module.targets.sorted(by: { $0.key < $1.key }) {
                    json.key(text: role)
                    json.string(target)
                }
            }
        }
        json.field("schemaVersion", document.schemaVersion)
        json.objectsInParallel("targets", document.targets) { json, target in
            json.field("layer", target.layer)
            json.field("linkage", target.linkage)
            json.field("module", target.module)
            json.field("name", target.name)
            json.field("package", target.package)
            json.field("product", target.product)
            json.field("role", target.role)
            json.field("rules", target.rules)
            json.field("testHost", target.testHost)
        }
        json.field("workspace", document.workspace)
        json.endObject()
        json.raw("\n")
        return json.parts
    }
}
