import Foundation
import StrataWorkspaceTestSupport
import Testing

/// The machine-readable reports of every fixture, clean, violating and unreadable alike, are
/// valid: JSON against its documented schema, SARIF against the SARIF 2.1.0 schema and what
/// GitHub's upload requires (a location on every result, every rule id declared).
@Suite struct OutputSchemaTests {
    /// Every workspace the repository ships, and inputs that cannot be read at all.
    static var workspaces: [String] {
        var paths = ["Examples/ISS", "Tests/Fixtures/BadSources", "does/not/exist", "Tests/Fixtures"]
        paths += Fixtures.workspaces(at: Fixtures.violationsRoot).map { "Examples/Violations/\($0)" }
        for group in ["Adopt", "BadInput"] {
            paths += Fixtures.workspaces(in: group).map { "Tests/Fixtures/\(group)/\($0)" }
        }
        return paths
    }

    @Test(arguments: ["json", "sarif"])
    func everyReportIsValid(format: String) async throws {
        let folder = try Fixtures.temporaryFolder("strata-reports")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var reports: [String: String] = [:]
        for (index, workspace) in Self.workspaces.enumerated() {
            let result = try await RunningStrata.run(
                ["check", workspace, "--format", format, "--no-cache"], in: Fixtures.repositoryRoot, limit: .seconds(300))
            guard case .exited(let status) = result.ending else {
                Issue.record("strata check \(workspace) did not finish")
                continue
            }
            #expect((0...2).contains(status), "\(workspace): \(result.stderr)")
            let path = "\(folder)/\(index).\(format)"
            try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
            reports[path] = workspace
        }
        let validator = try await ProcessRunner.run(
            "python3", [Fixtures.repositoryRoot + "/Scripts/validate-json.py", format] + reports.keys.sorted())
        try #require(validator.status == 0, "the validator did not run: \(validator.error)")
        let verdicts = validator.output
        let lines = verdicts.split(separator: "\n")
        #expect(lines.count == reports.count)
        for line in lines where !line.hasPrefix("ok ") {
            let path = String(line.split(separator: " ")[1]).trimmingCharacters(in: CharacterSet(charactersIn: ":"))
            Issue.record("\(reports[path] ?? path): \(line)")
        }
    }
}
