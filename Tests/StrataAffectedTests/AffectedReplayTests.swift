import Foundation
import StrataAffected
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// History replay: scripted git histories of adopt-mode workspaces — one root package, and a
/// `Packages/` app — whose commits change excluded snapshot references, add, delete and rename
/// files inside and outside the targets, move files between targets, change manifests (some of
/// which only SwiftPM can evaluate), pins, ignored and always-affecting files. For every pair
/// of consecutive commits (and the first against the last) the affected set must be exactly
/// the one an independent model computes from the scripted packages and the commits' files: no
/// target left out, none added, and "everything" only where the model says so.
///
/// The model shares no code with Strata: it knows each target's folder and dependencies because
/// it wrote the manifests, and the files of a commit from `git ls-tree`.
@Suite struct AffectedReplayTests {
    /// The oracle's view of a workspace: its packages and what is configured.
    struct Model {
        struct Target {
            var name: String
            var isTest = false
            /// Targets it depends on, by name (in its package or a product of another).
            var dependencies: [String] = []
            /// Paths in its folder the manifest excludes (`__Snapshots__`).
            var exclude: [String] = []
        }
        struct Package {
            /// The package's folder from the workspace root, "" for the root package.
            var folder: String
            var name: String
            var targets: [Target]
            /// Written so that Strata's static reader cannot read it: `swift package dump-package` must.
            var needsEvaluation: Bool
        }
        var packages: [Package]

        /// Every target: its package, its folder from the workspace root and its dependencies.
        var targets: [String: (package: String, folder: String, dependencies: Set<String>)] {
            var targets: [String: (String, String, Set<String>)] = [:]
            for package in packages {
                let prefix = package.folder.isEmpty ? "" : package.folder + "/"
                for target in package.targets {
                    targets[target.name] = (package.name, prefix + (target.isTest ? "Tests/" : "Sources/") + target.name + "/", Set(target.dependencies))
                }
            }
            return targets
        }

        func package(named name: String) -> Package { packages.first { $0.name == name }! }

        /// The Package.swift of `package`, in one of two forms with the same meaning.
        func manifest(of package: Package) -> String {
            let own = Set(package.targets.map(\.name))
            func dependency(_ name: String) -> String {
                if own.contains(name) { return "\"\(name)\"" }
                let owner = packages.first { $0.targets.contains { $0.name == name } }!
                return ".product(name: \"\(name)\", package: \"\(owner.name.lowercased())\")"
            }
            func declaration(_ target: Target) -> String {
                let kind = target.isTest ? "testTarget" : "target"
                let exclude = target.exclude.isEmpty ? "" : ", exclude: [\(target.exclude.map { "\"\($0)\"" }.joined(separator: ", "))]"
                return ".\(kind)(name: \"\(target.name)\", dependencies: [\(target.dependencies.map(dependency).joined(separator: ", "))]\(exclude))"
            }
            let (products, dependencies) = shared(package)
            var text = "// swift-tools-version: 6.0\nimport PackageDescription\n"
            if package.needsEvaluation {
                // A manifest that builds its package in code: only evaluating it can say what it declares.
                text += "import Foundation\n\nvar package = Package(name: \"\(package.name)\")\n"
                text += "package.products = [\(products.joined(separator: ", "))]\n"
                text += "package.dependencies = [\(dependencies.joined(separator: ", "))]\n"
                text += "if ProcessInfo.processInfo.environment[\"STRATA_REPLAY_NEVER_SET\"] == nil {\n"
                for target in package.targets { text += "    package.targets.append(\(declaration(target)))\n" }
                text += "}\n"
            } else {
                text += "\nlet package = Package(\n    name: \"\(package.name)\",\n"
                text += "    products: [\(products.joined(separator: ", "))],\n"
                text += "    dependencies: [\(dependencies.joined(separator: ", "))],\n"
                text += "    targets: [\n" + package.targets.map { "        " + declaration($0) + ",\n" }.joined() + "    ]\n)\n"
            }
            return text
        }

        /// What every target of `package` shares in its manifest: its products and the packages
        /// it depends on.
        func shared(_ package: Package) -> (products: [String], dependencies: [String]) {
            let others = packages.filter { other in
                other.name != package.name && package.targets.contains { $0.dependencies.contains { other.targets.map(\.name).contains($0) } }
            }
            return (
                package.targets.filter { !$0.isTest }.map { ".library(name: \"\($0.name)\", targets: [\"\($0.name)\"])" },
                others.map { ".package(path: \"../\($0.folder.split(separator: "/").last!)\")" }
            )
        }

        /// What the change from `base` (with its files, path → blob) to this model (with `files`)
        /// must affect: nil for everything, else the target names.
        func mustAffect(from base: Model, files: [String: String], baseFiles: [String: String]) -> Set<String>? {
            let changed = Set(files.keys).union(baseFiles.keys).filter { files[$0] != baseFiles[$0] }
            // `affected: { ignore: ["**/*.md"], always: [ci/*.xcconfig] }`, and the pins.
            let ignored = { (path: String) in path.hasSuffix(".md") }
            if changed.contains(where: { ($0.hasPrefix("ci/") && $0.hasSuffix(".xcconfig")) || $0.hasSuffix("Package.resolved") }) { return nil }
            let head = targets
            let old = base.targets
            func owned(_ folder: String, _ files: [String: String]) -> [String: String] {
                files.filter { $0.key.hasPrefix(folder) && !ignored($0.key) }
            }
            var seeds = Set<String>()
            for (name, target) in head {
                guard let before = old[name] else { seeds.insert(name); continue }
                if before.dependencies != target.dependencies || owned(target.folder, files) != owned(before.folder, baseFiles) {
                    seeds.insert(name)
                }
            }
            // A changed Package.swift: every target of its package, at either revision, when what
            // they share changed (its products, the packages it uses, its form; in the evaluated
            // form each target is a statement of its own); else the targets it declares anew.
            for package in packages + base.packages {
                let manifest = (package.folder.isEmpty ? "" : package.folder + "/") + "Package.swift"
                guard changed.contains(manifest) else { continue }
                let before = base.packages.first { $0.name == package.name }, after = packages.first { $0.name == package.name }
                let sharedBefore = before.map { base.shared($0) }, sharedAfter = after.map { shared($0) }
                let sharesTheSame =
                    sharedBefore?.products == sharedAfter?.products && sharedBefore?.dependencies == sharedAfter?.dependencies
                    && before?.needsEvaluation == after?.needsEvaluation
                    && (after?.needsEvaluation != true || before?.targets.count == after?.targets.count)
                guard sharesTheSame, let before, let after else {
                    seeds.formUnion(package.targets.map(\.name).filter { head[$0] != nil })
                    continue
                }
                for target in after.targets {
                    let old = before.targets.first { $0.name == target.name }
                    if old?.dependencies != target.dependencies || old?.exclude != target.exclude || old?.isTest != target.isTest {
                        seeds.insert(target.name)
                    }
                }
            }
            return GitHistory.dependents(of: seeds, in: head.mapValues(\.dependencies))
        }
    }

    /// strata.yml for `model`: adopt its packages, ignore Markdown, and let `ci/*.xcconfig` affect everything.
    static func strataYml(_ model: Model) -> String {
        let folders = model.packages.map { $0.folder.isEmpty ? "\".\"" : "\"\($0.folder)\"" }.joined(separator: ", ")
        return """
            layers:
              - { name: all, patterns: ["*"] }
            adopt: { packages: [\(folders)] }
            affected: { ignore: ["**/*.md"], always: [ci/*.xcconfig] }

            """
    }

    /// A workspace being replayed: its history, the model and the commits so far.
    final class Replay {
        let history: GitHistory
        var model: Model
        var commits: [(id: String, model: Model, step: String)] = []

        init(_ model: Model) async throws {
            self.model = model
            var files = ["README.md": "# Replay\n", ".gitignore": ".build/\n"]
            for package in model.packages {
                let prefix = package.folder.isEmpty ? "" : package.folder + "/"
                files[prefix + "Package.swift"] = model.manifest(of: package)
                for target in package.targets {
                    let folder = model.targets[target.name]!.folder
                    files[folder + target.name + ".swift"] = "public struct \(target.name)Type {}\n"
                    for excluded in target.exclude { files[folder + excluded + "/reference.png"] = "png 0\n" }
                }
            }
            history = try await GitHistory(manifest: AffectedReplayTests.strataYml(model), files: files, label: "strata-affected-replay")
            commits.append((try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines), model, "initial"))
        }

        func folder(_ target: String) -> String { model.targets[target]!.folder }

        /// Writes every package's manifest from the model.
        func writeManifests() throws {
            for package in model.packages {
                try history.write((package.folder.isEmpty ? "" : package.folder + "/") + "Package.swift", model.manifest(of: package))
            }
        }

        func commit(_ step: String, _ change: () async throws -> Void) async throws {
            try await change()
            commits.append((try await history.commit(step), model, step))
        }

        /// The script both layouts share: every kind of change the issue lists, one commit each.
        func play() async throws {
            let test = "FeatureTests"
            try await commit("a snapshot reference the test target excludes") {
                try history.write(folder(test) + "__Snapshots__/reference.png", "png 1\n")
            }
            try await commit("files added, deleted and renamed outside every target") {
                try history.write(".editorconfig", "root = true\n")
                try history.write(".github/ISSUE_TEMPLATE/bug.yml", "name: Bug\n")
                try await history.move("README.md", to: "docs/README.md")
            }
            try await commit("a file added to a target") { try history.write(folder("Network") + "Retry.swift", "struct Retry {}\n") }
            try await commit("a file deleted from a target") { try await history.delete(folder("Network") + "Retry.swift") }
            try await commit("a file renamed inside a target") {
                try await history.move(folder("Feature") + "Feature.swift", to: folder("Feature") + "FeatureView.swift")
            }
            try await commit("a file moved from one target to another") {
                try await history.move(folder("Network") + "Network.swift", to: folder("Core") + "Network.swift")
            }
            try await commit("documentation inside a target, which affected.ignore lists") {
                try history.write(folder("Core") + "README.md", "Core's notes\n")
            }
            try await commit("a dependency changed in a manifest only SwiftPM can evaluate") {
                let index = model.packages.firstIndex { $0.targets.contains { $0.name == "Feature" } }!
                let target = model.packages[index].targets.firstIndex { $0.name == "Feature" }!
                model.packages[index].targets[target].dependencies = ["Core"]
                try writeManifests()
            }
            try await commit("a new target with tests") {
                let index = model.packages.firstIndex { $0.targets.contains { $0.name == "Core" } }!
                model.packages[index].targets += [
                    Model.Target(name: "Storage", dependencies: ["Core"]), Model.Target(name: "StorageTests", isTest: true, dependencies: ["Storage"]),
                ]
                try writeManifests()
                try history.write(folder("Storage") + "Storage.swift", "public struct Storage {}\n")
                try history.write(folder("StorageTests") + "StorageTests.swift", "import Storage\n")
            }
            try await commit("a CI setting affected.always lists") { try history.write("ci/Shared.xcconfig", "SWIFT_VERSION = 6\n") }
            try await commit("an unrelated file beside it") { try history.write("ci/notes.txt", "nothing\n") }
            try await commit("the resolved packages") { try history.write("Package.resolved", "{ \"pins\": [] }\n") }
            try await commit("only sources again") {
                try history.append(folder("Storage") + "Storage.swift")
                try history.write(folder(test) + "__Snapshots__/reference.png", "png 2\n")
            }
        }

        /// Replays every pair and compares with the model; returns the share of test targets
        /// skipped per consecutive pair.
        func verify() async throws -> [Double] {
            var pairs = zip(commits, commits.dropFirst()).map { ($0, $1) }
            pairs.append((commits[0], commits[commits.count - 1]))
            var skipped: [Double] = []
            for (index, (base, head)) in pairs.enumerated() {
                let expected = head.model.mustAffect(
                    from: base.model, files: try await history.blobs(at: head.id), baseFiles: try await history.blobs(at: base.id))
                let report = try await history.affected(base: base.id, head: head.id)
                let actual = Set(report.analysis.affected.map(\.name))
                let context = "\(base.id.prefix(7))..\(head.id.prefix(7)) '\(head.step)'"
                if let expected {
                    #expect(report.analysis.everything == nil, "\(context): everything, because \(report.analysis.everythingReasons)")
                    #expect(expected.subtracting(actual).isEmpty, "\(context): missing \(expected.subtracting(actual).sorted())")
                    #expect(actual.subtracting(expected).isEmpty, "\(context): more than changed: \(actual.subtracting(expected).sorted())")
                } else {
                    #expect(report.analysis.everything != nil, "\(context): the model says everything; Strata: \(actual.sorted())")
                    #expect(actual == Set(head.model.targets.keys), "\(context)")
                }
                if index < pairs.count - 1 {
                    let tests = head.model.targets.keys.filter { $0.hasSuffix("Tests") }
                    skipped.append(Double(tests.count - report.analysis.tests.count) / Double(tests.count))
                }
            }
            // The head as HEAD of a clean checkout reads the graph from the disk: the same answer.
            let last = try await history.affectedNames(base: commits[commits.count - 2].id)
            let pinned = try await history.affectedNames(base: commits[commits.count - 2].id, head: commits[commits.count - 1].id)
            #expect(last == pinned)
            return skipped
        }
    }

    static func target(_ name: String, dependsOn dependencies: [String] = []) -> Model.Target {
        Model.Target(name: name, dependencies: dependencies)
    }
    static func tests(of name: String, exclude: [String] = []) -> Model.Target {
        Model.Target(name: name + "Tests", isTest: true, dependencies: [name], exclude: exclude)
    }

    /// One root package of every target; it needs evaluation.
    static let rootPackage = Model(packages: [
        Model.Package(
            folder: "", name: "App",
            targets: [
                target("Core"), target("Network", dependsOn: ["Core"]), target("Feature", dependsOn: ["Network"]),
                target("Settings", dependsOn: ["Core"]), tests(of: "Core"), tests(of: "Network"),
                tests(of: "Feature", exclude: ["__Snapshots__"]), tests(of: "Settings"),
            ],
            needsEvaluation: true)
    ])

    /// A `Packages/` app: three packages depending on each other by path; Feature's needs evaluation.
    static let packagesFolder = Model(packages: [
        Model.Package(folder: "Packages/Core", name: "Core", targets: [target("Core"), tests(of: "Core")], needsEvaluation: false),
        Model.Package(
            folder: "Packages/Network", name: "Network", targets: [target("Network", dependsOn: ["Core"]), tests(of: "Network")],
            needsEvaluation: false),
        Model.Package(
            folder: "Packages/Feature", name: "Feature",
            targets: [target("Feature", dependsOn: ["Network"]), tests(of: "Feature", exclude: ["__Snapshots__"])], needsEvaluation: true),
        Model.Package(
            folder: "Packages/Settings", name: "Settings", targets: [target("Settings", dependsOn: ["Core"]), tests(of: "Settings")],
            needsEvaluation: false),
    ])

    @Test(arguments: ["root package", "Packages/ folder"])
    func everyCommitMatchesTheModel(layout: String) async throws {
        let replay = try await Replay(layout == "root package" ? Self.rootPackage : Self.packagesFolder)
        let loaded = try await replay.history.workspace.load()
        let graph = Dictionary(
            uniqueKeysWithValues: loaded.targets.indices.map { index in
                (loaded.targets[index].name, Set(loaded.dependencies[index].map { loaded.targets[$0.target].name }))
            })
        #expect(graph == replay.model.targets.mapValues(\.dependencies), "the model disagrees with the loaded graph")
        try await replay.play()
        let skipped = try await replay.verify()
        let median = skipped.sorted()[skipped.count / 2]
        print("replay (\(layout)): \(skipped.count) commits, median share of test targets skipped \(Int((median * 100).rounded()))%")
    }
}
