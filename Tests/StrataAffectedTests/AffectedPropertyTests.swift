import Foundation
import StrataAffected
import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataSynthetic
import Testing

/// The property behind `strata affected`: on random histories of random workspaces, the
/// affected set holds every target whose own files or whose dependencies changed, and every
/// target that depends on one of those — and nothing else (the model below is the oracle; it
/// shares no code with Strata's).
@Suite struct AffectedPropertyTests {
    /// A generate-mode workspace as plain data: the oracle's view of it.
    struct Model {
        struct Module {
            var name: String
            var layer: Int
            var interface: Bool
            /// Module or interface target names of lower layers.
            var dependencies: [String]
        }
        var modules: [Module]

        var manifest: String {
            var text = "name: Random\nlayers:\n  - name: top\n  - name: middle\n  - name: bottom\nmodules:\n"
            for module in modules {
                let dependencies = module.dependencies.joined(separator: ", ")
                text += "  \(module.name): { layer: \(["top", "middle", "bottom"][module.layer]), interface: \(module.interface), tests: true, dependencies: [\(dependencies)] }\n"
            }
            return text
        }

        /// Target → its folder and its dependencies, by the conventions of generate mode.
        var targets: [String: (folder: String, dependencies: Set<String>)] {
            var targets: [String: (String, Set<String>)] = [:]
            for module in modules {
                let interface = module.interface ? [module.name + "Interface"] : []
                targets[module.name] = ("Sources/\(module.name)/", Set(module.dependencies + interface))
                if module.interface { targets[module.name + "Interface"] = ("Sources/\(module.name)Interface/", []) }
                targets[module.name + "Tests"] = ("Tests/\(module.name)Tests/", Set([module.name] + interface))
            }
            return targets
        }

        /// The targets a change from `base` to `self` must affect, given each commit's files (path → blob).
        func mustAffect(from base: Model, files: [String: String], baseFiles: [String: String]) -> Set<String> {
            let head = targets
            let old = base.targets
            func owned(_ folder: String, _ files: [String: String]) -> [String: String] {
                files.filter { $0.key.hasPrefix(folder) }
            }
            var seeds = Set<String>()
            for (name, target) in head {
                guard let before = old[name] else { seeds.insert(name); continue }
                if before.dependencies != target.dependencies || owned(target.folder, files) != owned(before.folder, baseFiles) {
                    seeds.insert(name)
                }
            }
            return GitHistory.dependents(of: seeds, in: head.mapValues(\.dependencies))
        }
    }

    static let names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliet", "Kilo", "Lima"]

    static func randomModel(_ random: inout SplitMix64) -> Model {
        var modules: [Model.Module] = []
        for name in names.prefix(Int.random(in: 4...7, using: &random)) {
            modules.append(Model.Module(name: name, layer: Int.random(in: 0...2, using: &random), interface: Bool.random(using: &random), dependencies: []))
        }
        for index in modules.indices {
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                if let dependency = dependencyCandidates(of: modules[index], in: modules).randomElement(using: &random) {
                    modules[index].dependencies.append(dependency)
                }
            }
        }
        return Model(modules: modules)
    }

    /// Targets of lower layers `module` may depend on and does not yet.
    static func dependencyCandidates(of module: Model.Module, in modules: [Model.Module]) -> [String] {
        modules.filter { $0.layer > module.layer }.flatMap { other in other.interface ? [other.name, other.name + "Interface"] : [other.name] }
            .filter { !module.dependencies.contains($0) }
    }

    /// One random change to the work tree and the model.
    static func change(_ history: GitHistory, _ model: inout Model, _ random: inout SplitMix64, step: Int) async throws -> String {
        let files = try await history.git("ls-files").split(separator: "\n").map(String.init).filter { $0.hasPrefix("Sources/") || $0.hasPrefix("Tests/") }
        let folders = model.targets.values.map(\.folder).sorted()
        switch Int.random(in: 0..<9, using: &random) {
        case 0:
            let file = files.randomElement(using: &random)!
            try history.append(file, "\n// edit \(step)\n")
            return "edit \(file)"
        case 1:
            let file = folders.randomElement(using: &random)! + "Added\(step).swift"
            try history.write(file, "struct Added\(step) {}\n")
            return "add \(file)"
        case 2:
            let file = files.randomElement(using: &random)!
            try await history.delete(file)
            return "delete \(file)"
        case 3:
            let file = files.randomElement(using: &random)!
            let renamed = (file as NSString).deletingLastPathComponent + "/Renamed\(step).swift"
            try await history.move(file, to: renamed)
            return "rename \(file) → \(renamed)"
        case 4:
            let file = files.randomElement(using: &random)!
            let destination = folders.randomElement(using: &random)! + "Moved\(step).swift"
            try await history.move(file, to: destination)
            return "move \(file) → \(destination)"
        case 5:
            let index = model.modules.indices.randomElement(using: &random)!
            guard let dependency = dependencyCandidates(of: model.modules[index], in: model.modules).randomElement(using: &random) else {
                return "no dependency to add"
            }
            model.modules[index].dependencies.append(dependency)
            try history.write("strata.yml", model.manifest)
            return "\(model.modules[index].name) depends on \(dependency)"
        case 6:
            guard let index = model.modules.indices.filter({ !model.modules[$0].dependencies.isEmpty }).randomElement(using: &random) else {
                return "no dependency to remove"
            }
            let removed = model.modules[index].dependencies.remove(at: Int.random(in: 0..<model.modules[index].dependencies.count, using: &random))
            try history.write("strata.yml", model.manifest)
            return "\(model.modules[index].name) drops \(removed)"
        case 7:
            guard let name = names.first(where: { name in !model.modules.contains { $0.name == name } }) else { return "no module to add" }
            var module = Model.Module(name: name, layer: Int.random(in: 0...2, using: &random), interface: Bool.random(using: &random), dependencies: [])
            if let dependency = dependencyCandidates(of: module, in: model.modules).randomElement(using: &random) { module.dependencies = [dependency] }
            model.modules.append(module)
            try writeSources(of: module, to: history)
            try history.write("strata.yml", model.manifest)
            return "add module \(name)"
        default:
            try history.append("README.md", "step \(step)\n")
            return "edit README.md"
        }
    }

    static func writeSources(of module: Model.Module, to history: GitHistory) throws {
        try history.write("Sources/\(module.name)/\(module.name).swift", "public struct \(module.name) {}\n")
        if module.interface { try history.write("Sources/\(module.name)Interface/\(module.name)Interface.swift", "public protocol \(module.name)Interface {}\n") }
        try history.write("Tests/\(module.name)Tests/\(module.name)Tests.swift", "import \(module.name)\n")
    }

    @Test(arguments: 1...16)
    func theAffectedSetIsExactlyWhatChanged(seed: UInt64) async throws {
        var random = SplitMix64(seed: seed &* 7919)
        var model = Self.randomModel(&random)
        let history = try await GitHistory(manifest: model.manifest, files: ["README.md": "random\n"], label: "strata-affected-random")
        for module in model.modules { try Self.writeSources(of: module, to: history) }
        var commits = [(try await history.commit("sources"), model)]
        var log: [String] = []

        for step in 1...4 {
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                await log.append(try Self.change(history, &model, &random, step: step))
            }
            commits.append((try await history.commit("step \(step)"), model))
        }
        let loaded = try await history.workspace.load()
        let loadedGraph = Dictionary(uniqueKeysWithValues: loaded.targets.indices.map { index in
            (loaded.targets[index].name, Set(loaded.dependencies[index].map { loaded.targets[$0.target].name }))
        })
        #expect(loadedGraph == model.targets.mapValues(\.dependencies), "the oracle's model disagrees with the loaded graph")

        var pairs = zip(commits, commits.dropFirst()).map { ($0, $1) }
        pairs.append((commits[0], commits[commits.count - 1]))
        for (base, head) in pairs {
            let expected = head.1.mustAffect(
                from: base.1, files: try await history.blobs(at: head.0), baseFiles: try await history.blobs(at: base.0))
            let actual = try await history.affectedNames(base: base.0, head: head.0)
            #expect(
                expected.isSubset(of: actual),
                "seed \(seed): missing \(expected.subtracting(actual).sorted()) between \(base.0.prefix(7)) and \(head.0.prefix(7)) after \(log)")
            #expect(
                actual.isSubset(of: expected),
                "seed \(seed): more than changed: \(actual.subtracting(expected).sorted()) between \(base.0.prefix(7)) and \(head.0.prefix(7)) after \(log)")
        }
    }
}
