import Foundation
import StrataProcess
import Subprocess
import SystemPackage
import Testing

/// Programs are found on the PATH as a shell finds them, so that Subprocess gets a path and
/// starts one process, not one per PATH folder.
@Suite struct ProgramSearchTests {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-search-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func file(_ path: String, executable: Bool) throws {
        #expect(FileManager.default.createFile(atPath: path, contents: Data("#!/bin/sh\necho found\n".utf8)))
        try FileManager.default.setAttributes([.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: path)
    }

    @Test func theFirstExecutableFileOfThatNameWinsAndAnythingElseIsPassedOver() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["a", "b", "c", "d", "e"] {
            try FileManager.default.createDirectory(atPath: "\(root)/\(name)", withIntermediateDirectories: true)
        }
        try file("\(root)/b/tool", executable: false)  // not executable
        try FileManager.default.createDirectory(atPath: "\(root)/c/tool", withIntermediateDirectories: true)  // a folder
        try file("\(root)/d/tool", executable: true)
        try file("\(root)/e/tool", executable: true)
        let path = ["\(root)/missing", "", "\(root)/a", "\(root)/b", "\(root)/c/", "\(root)/d", "\(root)/e"].joined(separator: ":")
        #expect(ProgramSearch.find("tool", searchPath: path) == "\(root)/d/tool")
        #expect(ProgramSearch.find("other", searchPath: path) == nil)
        #expect(ProgramSearch.find("tool", searchPath: "") == nil)
        // A name with a slash is a path, never searched for.
        #expect(ProgramSearch.find("d/tool", searchPath: root) == nil)
    }

    @Test func aProgramOnThePathRunsByItsPathAndAMissingOneFailsAsBefore() async throws {
        let shell = try #require(ProgramSearch.find("sh"))
        #expect(shell.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: shell))
        let limit = ProcessLimit(variable: "STRATA_TEST_UNSET_LIMIT", defaultSeconds: 60)
        let result = try await ChildProcess.run(
            ProgramSearch.executable(named: "sh"), arguments: ["-c", "echo ran"], input: .none, output: .string(limit: 64),
            error: .discarded, limit: limit)
        #expect(result.standardOutput == "ran\n")
        let missing = "strata-no-such-program-\(UUID().uuidString.prefix(8))"
        await #expect(throws: (any Error).self) {
            _ = try await ChildProcess.run(
                ProgramSearch.executable(named: missing), arguments: [], input: .none, output: .discarded, error: .discarded, limit: limit)
        }
    }
}
