import Foundation
@testable import StrataBench
import StrataDiagnostics
import StrataModel
import StrataModelTestSupport
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

            let build = try await ProcessRunner.run("swift", ["build"], in: root)
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

/// How the machine runs SwiftPM, with a script in its place that records what it was given.
@Suite struct LocalBenchMachineTests {
    /// SwiftPM leaves a folder in the temporary folder behind for every command: the machine
    /// gives it one inside the benchmark's folder, removed after each command, even a failed one.
    @Test func swiftPMsTemporaryFilesGoToAFolderRemovedAfterEachCommand() async throws {
        let root = BenchGeneratorTests.scratch("machine")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/app", withIntermediateDirectories: true)
        let swift = try LauncherTests.script(
            "echo \"$TMPDIR\" > told-tmpdir\nmkdir \"$TMPDIR/TemporaryDirectory.left\"\n[ \"$1\" = build ] && [ -e fail ] && { echo broken >&2; exit 1; }\nexit 0\n")
        defer { unlink(swift) }
        let machine = LocalBenchMachine(root: root, swift: .path(FilePath(swift)))
        let scratch = root + "/" + LocalBenchMachine.scratchName
        try await machine.prepare("app")
        #expect(try String(contentsOfFile: root + "/app/told-tmpdir", encoding: .utf8) == scratch + "\n")
        #expect(!FileManager.default.fileExists(atPath: scratch))
        _ = try await machine.build("app", .debug)
        #expect(!FileManager.default.fileExists(atPath: scratch))
        #expect(FileManager.default.createFile(atPath: root + "/app/fail", contents: nil))
        let error = await #expect(throws: BenchError.self) { try await machine.build("app", .release) }
        #expect(error?.description.contains("swift build -c release --product BenchApp in app failed (exit 1)") == true)
        #expect(error?.description.contains("broken") == true)
        #expect(!FileManager.default.fileExists(atPath: scratch))
    }

    @Test func theToolchainIsToldByItsVersionLine() async throws {
        let swift = try LauncherTests.script("echo 'Swift version 9.9 (swift-9.9-RELEASE)'\necho 'Target: x86_64-unknown-linux-gnu'\n")
        defer { unlink(swift) }
        #expect(await LocalBenchMachine(root: "/", swift: .path(FilePath(swift))).toolchainVersion() == "Swift version 9.9 (swift-9.9-RELEASE)")
        #expect(await LocalBenchMachine(root: "/", swift: .path(FilePath("/nonexistent/swift"))).toolchainVersion() == nil)
    }
}

/// The launcher on real processes: output read after the exit, peak memory from wait4, a
/// failing run refused.
@Suite struct LauncherTests {
    static func script(_ text: String) throws -> String {
        try ExecutableScript.write("#!/bin/sh\n" + text, to: NSTemporaryDirectory() + "strata-launcher-" + UUID().uuidString.prefix(8) + ".sh")
    }

    @Test func aRunIsTimedAndItsOutputRead() throws {
        let path = try Self.script("echo checksum 7\n")
        defer { unlink(path) }
        let launch = try Launcher.run(path)
        #expect(launch.output == "checksum 7")
        #expect(launch.timeToMain == nil)
        #expect(launch.peakMemoryKB > 0)
        #expect(launch.wallTime > .zero && launch.wallTime < .seconds(10))
    }

    @Test func theAppsReportOfWhenMainStartedGivesTheTimeToMain() throws {
        // The shell's own clock is not CLOCK_MONOTONIC: the script reports a moment far in the
        // future, which shows the parsing without depending on how fast the shell starts.
        let path = try Self.script("echo checksum 7\necho main-started 9000000000000000000 >&2\n")
        defer { unlink(path) }
        let launch = try Launcher.run(path)
        #expect(launch.timeToMain.map { $0 > .seconds(1_000_000) } == true)
    }

    @Test func aFailingRunIsRefused() throws {
        let path = try Self.script("echo broken >&2\nexit 3\n")
        defer { unlink(path) }
        let error = #expect(throws: BenchError.self) { try Launcher.run(path) }
        #expect(error?.description.contains("failed") == true && error?.description.contains("broken") == true)
        #expect(throws: BenchError.self) { try Launcher.run("/nonexistent/BenchApp") }
    }
}
