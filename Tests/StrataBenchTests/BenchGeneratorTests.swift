import Foundation
@testable import StrataBench
import StrataDiagnostics
import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataRules
import Subprocess
import SystemPackage
import Testing

/// The apps on disk: every cell of the matrix, at a tiny scale, passes `strata check`, builds
/// with SwiftPM, links its modules as it says (shared objects or none) and prints the same
/// checksum; the output folder is replaced only when it holds an earlier benchmark.
@Suite struct BenchGeneratorTests {
    static func scratch(_ label: String) -> String {
        NSTemporaryDirectory() + "strata-bench-\(label)-" + UUID().uuidString.prefix(8)
    }

    @Test func everyCellBuildsRunsAndPrintsTheSameChecksum() async throws {
        let folder = Self.scratch("matrix")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let matrix = BenchMatrix(moduleCounts: [4], types: 8, members: 2)
        let index = try await BenchGenerator(matrix: matrix).write(to: folder)
        #expect(index.apps.map(\.cell) == matrix.cells)
        #expect(try BenchGenerator.index(of: folder) == index)

        var checksums: [String: String] = [:]
        for app in index.apps {
            let root = folder + "/" + app.folder
            let loaded = try await WorkspaceLoader().load(path: root)
            let findings = try ArchitectureChecker(manifest: loaded.workspace.manifest).check(loaded)
            #expect(findings.isEmpty, "\(app.folder): \(findings.map(\.message))")
            #expect(FileManager.default.fileExists(atPath: root + "/" + app.bottomFile), "\(app.bottomFile)")
            #expect(FileManager.default.fileExists(atPath: root + "/" + app.topFile), "\(app.topFile)")

            let build = try await ProcessRunner.run("swift", ["build"] + ThrowawayBuild.options, in: root)
            try #require(build.status == 0, "\(app.folder) does not build:\n\(build.output)\n\(build.error)")
            let run = try await ProcessRunner.run(root + "/.build/debug/BenchApp", [])
            #expect(run.status == 0)
            checksums[app.folder] = run.output

            #if os(Linux)
            // The modules' libraries: loaded as shared objects exactly when the app is dynamic (ldd, on Linux).
            let linked = try await ProcessRunner.run("ldd", [root + "/.build/debug/BenchApp"])
            let own = Set(
                linked.output.split(separator: "\n").filter { $0.contains(root) }.compactMap {
                    $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
                })
            let libraries = Set(loaded.workspace.modules.map { "lib\($0.name).so" })
            #expect(own == (app.cell.linking == .dynamic ? libraries : []), "\(app.folder) links \(own.sorted())")
            #expect(libraries.count == app.modules)
            #endif
        }
        #expect(Set(checksums.values).count == 1, "\(checksums)")
        #expect(checksums.values.first?.hasPrefix("checksum ") == true)
    }

    @Test func aFolderThatIsNotABenchmarkIsLeftAlone() async throws {
        let folder = Self.scratch("occupied")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "mine\n".write(toFile: folder + "/notes.txt", atomically: true, encoding: .utf8)
        let matrix = BenchMatrix(shapes: [.monolith], moduleCounts: [4], types: 4, members: 1)
        let error = await #expect(throws: InputErrors.self) { try await BenchGenerator(matrix: matrix).write(to: folder) }
        #expect(error?.diagnostics.first?.id == "output-not-empty")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
        // Nothing is left beside it either.
        let parent = (folder as NSString).deletingLastPathComponent
        let name = (folder as NSString).lastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).filter { $0.hasPrefix("." + name) }.isEmpty)
    }

    @Test func anEarlierBenchmarkIsReplacedWhole() async throws {
        let folder = Self.scratch("again")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = BenchMatrix(shapes: [.monolith, .fourLayer], linkings: [.static], moduleCounts: [4], types: 4, members: 1)
        _ = try await BenchGenerator(matrix: first).write(to: folder)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["bench.json", "monolith", "four-layer-static-4"])
        let second = BenchMatrix(shapes: [.threeLayer], linkings: [.dynamic], moduleCounts: [5], types: 5, members: 1)
        let index = try await BenchGenerator(matrix: second).write(to: folder)
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder)) == ["bench.json", "three-layer-dynamic-5"])
        #expect(try BenchGenerator.index(of: folder).matrix == second && index.apps.count == 1)
    }

    @Test func aFolderWithoutAnIndexIsNotABenchmark() throws {
        let folder = Self.scratch("none")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(throws: InputErrors.self) { try BenchGenerator.index(of: folder) }
        try "{".write(toFile: folder + "/bench.json", atomically: true, encoding: .utf8)
        let error = #expect(throws: InputErrors.self) { try BenchGenerator.index(of: folder) }
        #expect(error?.diagnostics.first?.message.hasPrefix("bench.json cannot be read") == true)
    }
}
