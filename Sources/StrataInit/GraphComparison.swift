import StrataManifest
import StrataSources
import StrataWorkspace

/// `AdoptMigration.compare`'s work: the adopt-mode graph against the migrated one, target by
/// target, then edge by edge. Adopt-mode targets are named as the migration renamed them.
struct GraphComparison {
    let adopted: Workspace
    let generated: Workspace
    let names: [String: String]
    let ignoring: Set<String>
    let ignoringEdges: Set<[String]>
    let adding: Set<String>
    let sources: ((_ adopted: Target, _ migrated: Target) -> String?)?
    let linkage: AdoptMigration.LinkageComparison

    /// A target's name for comparing: renamed on the adopt-mode side, and an external product's
    /// package part in lower case (packages are compared by identity).
    func key(_ target: Target, renamed: Bool) -> String {
        let name = renamed ? names[target.name] ?? target.name : target.name
        guard target.role == .external, let slash = name.firstIndex(of: "/") else { return name }
        return name[..<slash].lowercased() + name[slash...]
    }

    /// Targets missing on either side, and those whose role, layer, linkage, host or sources differ.
    func targetDifferences() -> [String] {
        let kept = adopted.targets.indices.filter { !ignoring.contains(adopted.targets[$0].name) }
        let adoptedIndex = Dictionary(kept.map { (key(adopted.targets[$0], renamed: true), $0) }, uniquingKeysWith: { a, _ in a })
        let generatedIndex = Dictionary(
            generated.targets.indices.map { (key(generated.targets[$0], renamed: false), $0) }, uniquingKeysWith: { a, _ in a })
        var differences: [String] = []
        for name in adoptedIndex.keys.sorted() {
            guard let newIndex = generatedIndex[name] else {
                differences.append("target '\(name)' is not in the migrated graph")
                continue
            }
            differences += targetDifferences(name, adopted.targets[adoptedIndex[name]!], generated.targets[newIndex])
        }
        for name in generatedIndex.keys.sorted() where adoptedIndex[name] == nil && !adding.contains(name) {
            differences.append("the migrated graph has a target '\(name)' the packages do not")
        }
        return differences
    }

    private func targetDifferences(_ name: String, _ old: Target, _ new: Target) -> [String] {
        var differences: [String] = []
        if old.role != new.role { differences.append("target '\(name)' is \(old.role.rawValue), migrated as \(new.role.rawValue)") }
        guard old.role != .external else { return differences }
        let oldLayer = old.layer.map { adopted.layers[$0].name }, newLayer = new.layer.map { generated.layers[$0].name }
        if oldLayer != newLayer {
            differences.append("target '\(name)' is in layer \(oldLayer ?? "none"), migrated to \(newLayer ?? "none")")
        }
        if old.linkage != new.linkage, linkage == .everyTarget || (linkage == .modules && new.role == .implementation) {
            differences.append("target '\(name)' links \(old.linkage.rawValue)ally, migrated \(new.linkage.rawValue)ally")
        }
        if old.isTestHost != new.isTestHost {
            differences.append("app '\(name)' is\(old.isTestHost ? "" : " not") a test host, migrated otherwise")
        }
        if let sources {
            if let difference = sources(old, new) { differences.append("target '\(name)' \(difference)") }
        } else if old.sources?.directory != new.sources?.directory {
            differences.append(
                "target '\(name)' has its sources in '\(old.sources?.directory ?? "?")', migrated to '\(new.sources?.directory ?? "?")'")
        }
        return differences
    }

    /// Edges the migrated graph lacks, conditions it drops and edges it adds; edges generate mode
    /// adds by convention are counted, not reported. What external products depend on is theirs.
    func edgeDifferences() -> (differences: [String], conventional: Int) {
        var differences: [String] = []
        let oldEdges = edges(adopted, renamed: true), newEdges = edges(generated, renamed: false)
        for edge in oldEdges.subtracting(newEdges).sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            differences.append("'\(edge[0])' depends on '\(edge[1])', which the migrated graph lacks")
        }
        // Conditions (`.when(platforms:)`) generate mode cannot say.
        for (source, list) in adopted.dependencies.withIDs where !ignoring.contains(adopted.targets[source].name) {
            for edge in list where edge.condition != nil {
                differences.append(
                    "'\(adopted.targets[source].name)' depends on '\(adopted.targets[edge.target].name)' under a condition, which the migrated graph drops"
                )
            }
        }
        var conventional = 0
        for (source, list) in generated.dependencies.withIDs {
            for edge in list
            where !oldEdges.contains([key(generated.targets[source], renamed: false), key(generated.targets[edge.target], renamed: false)])
                && !adding.contains(generated.targets[edge.target].name)
            {
                if edge.isAutomatic {
                    conventional += 1
                } else {
                    differences.append("the migrated graph adds '\(generated.targets[source].name)' → '\(generated.targets[edge.target].name)'")
                }
            }
        }
        return (differences, conventional)
    }

    private func edges(_ workspace: Workspace, renamed: Bool) -> Set<[String]> {
        var result: Set<[String]> = []
        for (source, list) in workspace.dependencies.withIDs where workspace.targets[source].role != .external {
            guard !renamed || !ignoring.contains(workspace.targets[source].name) else { continue }
            for edge in list where !renamed || !ignoring.contains(workspace.targets[edge.target].name) {
                if renamed && ignoringEdges.contains([workspace.targets[source].name, workspace.targets[edge.target].name]) { continue }
                result.insert([key(workspace.targets[source], renamed: renamed), key(workspace.targets[edge.target], renamed: renamed)])
            }
        }
        return result
    }
}
