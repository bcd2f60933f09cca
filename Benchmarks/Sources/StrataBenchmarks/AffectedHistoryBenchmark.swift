import Foundation
import StrataAffected

/// `strata affected --head` over every commit of a scripted history whose root manifest only
/// SwiftPM can evaluate (`var package`, targets appended in code): the first replay evaluates
/// each version of the manifest once, in a copy of its revision; the second finds every one in
/// the evaluated-manifest cache. Both run in one process, side by side, with a cache folder of
/// their own.
enum AffectedHistoryBenchmark {
    static func run(targets: Int, commits: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-affected-history-\(UUID().uuidString)").path
        let cache = folder + "-cache"
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: cache)
        }
        setenv("STRATA_CACHE_DIR", cache, 1)
        unsetenv("STRATA_NO_MANIFEST_CACHE")

        var names = (0..<targets).map { String(format: "Module%03d", $0) }
        var dependencies: [String: [String]] = [:]
        for (index, name) in names.enumerated() where index > 0 { dependencies[name] = [names[index / 2]] }
        func manifest() -> String {
            var text = "// swift-tools-version: 6.0\nimport PackageDescription\nimport Foundation\n\nvar package = Package(name: \"History\")\n"
            text += "if ProcessInfo.processInfo.environment[\"HISTORY_NEVER_SET\"] == nil {\n"
            for name in names {
                let uses = (dependencies[name] ?? []).map { "\"\($0)\"" }.joined(separator: ", ")
                text += "    package.targets.append(.target(name: \"\(name)\", dependencies: [\(uses)]))\n"
                text += "    package.targets.append(.testTarget(name: \"\(name)Tests\", dependencies: [\"\(name)\"]))\n"
            }
            return text + "}\n"
        }
        func write(_ path: String, _ text: String) throws {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        func writeModule(_ name: String) throws {
            try write("Sources/\(name)/\(name).swift", "public struct \(name) {}\n")
            try write("Tests/\(name)Tests/\(name)Tests.swift", "import \(name)\n")
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write("strata.yml", "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n")
        try write("Package.swift", manifest())
        for name in names { try writeModule(name) }
        try AffectedBenchmark.git(["init", "--quiet", "--initial-branch=main"], in: folder)
        try AffectedBenchmark.commit("initial", in: folder)

        // Every third commit changes the manifest (a new module, or a new dependency); the others edit sources.
        var manifestVersions = 1
        for step in 1..<commits {
            if step % 3 == 0 {
                let name = String(format: "Module%03d", names.count)
                dependencies[name] = [names[step % names.count]]
                names.append(name)
                try writeModule(name)
                try write("Package.swift", manifest())
                manifestVersions += 1
            } else {
                try AffectedBenchmark.append(
                    folder + "/Sources/\(names[(step * 7) % names.count])/\(names[(step * 7) % names.count]).swift", "// \(step)\n")
            }
            try AffectedBenchmark.commit("step \(step)", in: folder)
        }
        let ids = try AffectedBenchmark.git(["rev-list", "--reverse", "HEAD"], in: folder).split(separator: "\n").map(String.init)

        func replay() async throws -> Duration {
            let start = ContinuousClock.now
            for (base, head) in zip(ids, ids.dropFirst()) {
                _ = try await AffectedQuery(path: folder, base: base, head: head).run()
            }
            return ContinuousClock.now - start
        }
        let first = try await replay()
        let second = try await replay()
        let third = try await replay()
        let warm = min(second, third)

        print("## `strata affected --head` over a history (release build, in process)")
        print("")
        print(
            "\(ids.count) commits of a root package with \(targets)–\(names.count) modules (\(names.count * 2) targets at the end) whose manifest needs evaluation; \(manifestVersions) versions of it."
        )
        print("")
        print("| replay of every commit pair | total | per commit |")
        print("|---|---:|---:|")
        print(
            "| first (each manifest version evaluated once, in a copy of its revision) | \(first.formatted) | \((first / (ids.count - 1)).formatted) |"
        )
        print("| again (every evaluation answered by the cache; best of two) | **\(warm.formatted)** | \((warm / (ids.count - 1)).formatted) |")
        print("")
        print(String(format: "The cache makes the second replay %.1f× faster.", first.milliseconds / warm.milliseconds))
        print("")
    }
}

/// `strata affected --head` per commit over a history whose root manifest never changes but
/// must be evaluated (`var package`, targets added with `append(contentsOf:)`): every commit
/// edits sources only, so after the first evaluation each revision's manifest is answered by the
/// evaluated-manifest cache. Side by side in one process, the same history with one line that
/// really reads files (`FileManager`) in the manifest: that one is keyed by its folder's git
/// tree, which every commit changes, so it is evaluated on every commit — what the word
/// `contentsOf` alone used to cause.
enum AffectedUnchangedManifestBenchmark {
    static func run(modules: Int, commits: Int) async throws {
        let plain = try await replay(modules: modules, commits: commits, readsFiles: false)
        let reading = try await replay(modules: modules, commits: commits, readsFiles: true)
        print("## `strata affected --head` per commit, manifest unchanged (release build, in process)")
        print("")
        print("\(commits) commits editing sources of a root package of \(modules * 2) targets whose manifest needs evaluation and never changes.")
        print("")
        print("| manifest | per commit (median of the pairs) |")
        print("|---|---:|")
        print("| `append(contentsOf:)` only (kept by its text) | **\(plain.formatted)** |")
        print("| the same with a `FileManager` call (kept by its folder's tree) | \(reading.formatted) |")
        print("")
        print(String(format: "Keyed by its text, a commit takes ×%.2f of the time.", plain.milliseconds / reading.milliseconds))
        print("")
    }

    /// The median time of `affected --head` over consecutive pairs, after one warm-up replay of
    /// the first pair (so the first evaluation is not counted for either manifest).
    static func replay(modules: Int, commits: Int, readsFiles: Bool) async throws -> Duration {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-affected-unchanged-\(UUID().uuidString)").path
        let cache = folder + "-cache"
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: cache)
        }
        setenv("STRATA_CACHE_DIR", cache, 1)
        unsetenv("STRATA_NO_MANIFEST_CACHE")
        let names = (0..<modules).map { String(format: "Module%03d", $0) }
        var manifest = "// swift-tools-version: 6.0\nimport PackageDescription\nimport Foundation\n\n"
        manifest += "var package = Package(name: \"Unchanged\")\n"
        if readsFiles { manifest += "let hasSources = FileManager.default.fileExists(atPath: \"Sources\")\n" }
        manifest += "let targets: [Target] = [\n"
        for (index, name) in names.enumerated() {
            let uses = index == 0 ? "" : "\"\(names[index / 2])\""
            manifest += "    .target(name: \"\(name)\", dependencies: [\(uses)]),\n"
            manifest += "    .testTarget(name: \"\(name)Tests\", dependencies: [\"\(name)\"]),\n"
        }
        manifest += "]\npackage.targets.append(contentsOf: targets)\n"
        func write(_ path: String, _ text: String) throws {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try write("strata.yml", "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n")
        try write("Package.swift", manifest)
        for name in names {
            try write("Sources/\(name)/\(name).swift", "public struct \(name) {}\n")
            try write("Tests/\(name)Tests/\(name)Tests.swift", "import \(name)\n")
        }
        try AffectedBenchmark.git(["init", "--quiet", "--initial-branch=main"], in: folder)
        try AffectedBenchmark.commit("initial", in: folder)
        for step in 1..<commits {
            let name = names[(step * 7) % names.count]
            try AffectedBenchmark.append(folder + "/Sources/\(name)/\(name).swift", "// \(step)\n")
            try AffectedBenchmark.commit("step \(step)", in: folder)
        }
        let ids = try AffectedBenchmark.git(["rev-list", "--reverse", "HEAD"], in: folder).split(separator: "\n").map(String.init)
        _ = try await AffectedQuery(path: folder, base: ids[0], head: ids[1]).run()
        var times: [Duration] = []
        for (base, head) in zip(ids.dropFirst(), ids.dropFirst(2)) {
            let start = ContinuousClock.now
            let report = try await AffectedQuery(path: folder, base: base, head: head).run()
            times.append(ContinuousClock.now - start)
            precondition(report.analysis.everything == nil && !report.analysis.affected.isEmpty, "every commit affects its module only")
        }
        return times.sorted()[times.count / 2]
    }
}
