import Foundation
import StrataWorkspaceTestSupport
import Testing

/// A named pipe (or a socket, a device) where Strata expects a file is refused at once, at its
/// path, with exit 2: opening a pipe for reading blocks until something writes to it, and a
/// blocked writer would hold the workspace lock for ever.
@Suite struct RegularFilesOnlyTests {
    /// Runs `strata arguments…` in `folder`: it must end within 30 s with exit 2 and name `path`
    /// as a named pipe.
    static func expectRefused(
        _ arguments: [String], in folder: String, naming path: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let run = try await RunningStrata.run(arguments, in: folder, limit: .seconds(30))
        #expect(
            run.ending == .exited(2), "\(arguments) did not exit 2 at once: \(String(describing: run.ending)) \(run.stderr)",
            sourceLocation: sourceLocation)
        let output = run.stdout + run.stderr
        #expect(output.contains("error: [unreadable-file]"), "\(arguments): \(output)", sourceLocation: sourceLocation)
        #expect(output.contains("it is a named pipe, not a file"), "\(arguments): \(output)", sourceLocation: sourceLocation)
        #expect(output.contains(path), "\(arguments): \(output)", sourceLocation: sourceLocation)
    }

    static func workspace(_ files: [String: String], pipes: [String]) throws -> String {
        let root = try Fixtures.temporaryFolder("strata-pipes")
        for (path, text) in files {
            try FileManager.default.createDirectory(
                atPath: ((root + "/" + path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: root + "/" + path, atomically: true, encoding: .utf8)
        }
        for path in pipes {
            try FileManager.default.createDirectory(
                atPath: ((root + "/" + path) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try #require(mkfifo(root + "/" + path, 0o644) == 0)
        }
        return root
    }

    static let generateMode = """
        name: Pipes
        layers: [feature, core]
        modules:
          Core: { layer: core }

        """

    @Test func aPipeForStrataYmlStopsEveryCommandAtOnce() async throws {
        let root = try Self.workspace(["Package.swift": "// swift-tools-version: 6.0\n"], pipes: ["strata.yml"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        for arguments in [
            ["check"], ["generate"], ["graph"], ["new", "module", "Radar", "--layer", "core"], ["migrate"], ["mv", "module", "Core", "Kernel"],
        ] {
            try await Self.expectRefused(arguments, in: root, naming: "strata.yml")
        }
    }

    @Test func aPipeWhereGenerateWritesIsRefusedBeforeAnythingIsWritten() async throws {
        let root = try Self.workspace(["strata.yml": Self.generateMode, "Sources/Core/Core.swift": "struct Core {}\n"], pipes: ["Package.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await Self.expectRefused(["generate"], in: root, naming: "Package.swift")
        try await Self.expectRefused(["new", "module", "Radar", "--layer", "core"], in: root, naming: "Package.swift")
        #expect(!FileManager.default.fileExists(atPath: root + "/Sources/Radar"))
    }

    @Test func aPipeForAnAdoptedManifestPodspecOrSpecIsRefusedAtItsPath() async throws {
        func manifest(_ adopt: String) -> String {
            "name: Adopted\nlayers:\n  - { name: all, patterns: [\"*\"] }\nadopt: \(adopt)\n"
        }
        let cases: [(pipe: String, adopt: String, files: [String: String])] = [
            ("Packages/Core/Package.swift", "{ packages: [Packages/*] }", [:]),
            ("Pods/Core.podspec", "{ podspecs: [Pods/*.podspec] }", [:]),
            ("App/project.yml", "{ xcodegen: [App/project.yml] }", [:]),
            ("App/shared.yml", "{ xcodegen: [App/project.yml] }", ["App/project.yml": "name: App\ninclude: [shared.yml]\ntargets: {}\n"]),
        ]
        for (pipe, adopt, files) in cases {
            let root = try Self.workspace(files.merging(["strata.yml": manifest(adopt)]) { given, _ in given }, pipes: [pipe])
            defer { try? FileManager.default.removeItem(atPath: root) }
            try await Self.expectRefused(["check"], in: root, naming: pipe)
        }
    }

    @Test func initRefusesAPipeItFindsInsteadOfWaitingOnIt() async throws {
        let root = try Self.workspace([:], pipes: ["Package.swift"])
        defer { try? FileManager.default.removeItem(atPath: root) }
        try await Self.expectRefused(["init"], in: root, naming: "Package.swift")
        #expect(!FileManager.default.fileExists(atPath: root + "/strata.yml"))
    }
}
