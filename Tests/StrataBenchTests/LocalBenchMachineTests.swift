import Foundation
@testable import StrataBench
import StrataDiagnostics
import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataRules
import Subprocess
import SystemPackage
import Testing

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
