import Foundation
import StrataDiagnostics
import Yams

extension YAMLReader {
    /// The version requirements a package entry gives (strata.yml's `packages:`, `pods.yml`):
    /// `from`, `exact`, `up-to-next-minor-from`, `range`, `branch`, `revision`, each that is
    /// written; nil when `range` is not a range of versions (reported).
    mutating func packageRequirements(_ field: [String: Node], of what: String) -> [ExternalPackageDeclaration.Requirement]? {
        let kinds: [(String, (String) -> ExternalPackageDeclaration.Requirement)] = [
            ("from", { .from($0) }), ("exact", { .exact($0) }), ("branch", { .branch($0) }), ("revision", { .revision($0) }),
            ("up-to-next-minor-from", { .upToNextMinor($0) }),
        ]
        var given = kinds.compactMap { key, make in field[key].flatMap { string($0, "'\(key)' of \(what)") }.map { make($0.value) } }
        if let node = field["range"] {
            guard let range = versionRange(node, of: what) else { return nil }
            given.append(range)
        }
        return given
    }

    /// `range: "1.0.0..<1.5.0"`: two semantic versions, the first below the second.
    private mutating func versionRange(_ node: Node, of what: String) -> ExternalPackageDeclaration.Requirement? {
        guard let text = string(node, "'range' of \(what)") else { return nil }
        let bounds = text.value.components(separatedBy: "..<").map { $0.trimmingCharacters(in: .whitespaces) }
        guard bounds.count == 2, let range = ExternalPackageDeclaration.Requirement.versions(from: bounds[0], below: bounds[1]) else {
            report(
                "invalid-value", "'range' of \(what) is '\(text.value)', not two versions with the first below the second", at: text.location,
                hint: "write it as SwiftPM does: range: \"1.0.0..<1.5.0\"")
            return nil
        }
        return range
    }
}
