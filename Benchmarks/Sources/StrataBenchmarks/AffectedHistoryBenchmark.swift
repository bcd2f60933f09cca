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
