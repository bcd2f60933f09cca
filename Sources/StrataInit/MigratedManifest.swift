import Foundation
import StrataManifest
import Yams

/// The parts of a migrated strata.yml that do not depend on where the modules came from: the
/// layers, the naming templates, and the sections carried over from the adopt-mode file as written.
enum MigratedManifest {
    /// Root sections that keep their meaning in generate mode, copied as written.
    static let keptSections = ["owners", "rules", "optional-imports", "affected", "registry", "outside-workspace", "constraints"]

    static func layers(of manifest: Manifest) -> [String] {
        var lines = ["layers:"]
        for layer in manifest.layers {
            var fields = ["name: \(ManifestEditor.scalar(layer.name.value))"]
            if let description = layer.description { fields.append("description: \(quoted(description))") }
            if layer.allowsSameLayerLinks { fields.append("same-layer: allowed") }
            lines.append("  - { \(fields.joined(separator: ", ")) }")
        }
        return lines
    }

    static func naming(_ naming: Naming) -> [String] {
        [
            "naming:",
            "  interface: \(quoted(naming.interface.description))",
            "  mocks: [\(([naming.mocks] + naming.otherMocks).map { quoted($0.description) }.joined(separator: ", "))]",
            "  tests: [\(([naming.tests] + naming.otherTests).map { quoted($0.description) }.joined(separator: ", "))]",
            "  app: \(quoted(naming.app.description))",
            "  host: \(quoted(naming.host.description))",
        ]
    }

    /// The root sections `keys` of the adopt-mode strata.yml, as they were written.
    static func carriedOver(_ keys: [String], from old: String) -> [String] {
        guard let node = try? Yams.compose(yaml: old), case .mapping(let root) = node else { return [] }
        let lines = old.components(separatedBy: "\n")
        let starts = root.keys.compactMap { $0.mark.map { $0.line - 1 } }.sorted()
        var result: [String] = []
        for (key, _) in root where keys.contains(key.string ?? "") {
            guard let start = key.mark.map({ $0.line - 1 }) else { continue }
            var end = starts.first { $0 > start } ?? lines.count
            while end > start + 1, lines[end - 1].trimmingCharacters(in: .whitespaces).isEmpty || lines[end - 1].hasPrefix("#") { end -= 1 }
            result += lines[start..<end]
        }
        return result
    }

    static func list(_ items: [String]) -> String { "[" + items.map(ManifestEditor.scalar).joined(separator: ", ") + "]" }

    static func quoted(_ text: String) -> String { InitManifestWriter.quoted(text) }
}
