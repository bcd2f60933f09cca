import ArgumentParser
import Foundation
import StrataAffected
import StrataCommandLine
import StrataDiagnostics
import StrataReport
import StrataWorkspace

/// `strata test`: run the workspace's tests with `swift test`, all of them or only those a change affects.
struct TestCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run the workspace's tests with swift test; with --affected, only the test targets a change affects.",
        discussion: """
            With --affected --base REV the change is the work tree against REV (committed, uncommitted \
            and untracked files: the tests run on the work tree), and swift test runs with a --filter for \
            the affected test targets, once per package. Arguments after -- go to swift test.
            Exit status: swift test's, 0 when nothing is affected, 2 when the change could not be computed.

            Examples:
              Run only the tests a branch affects:
                strata test --affected --base origin/main --merge-base
              Show the swift test commands without running them:
                strata test --affected --base HEAD~1 --dry-run
              Pass arguments to swift test:
                strata test -- --parallel
            """
    )

    @Argument(help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Flag(help: "Run only the test targets the change since --base affects.")
    var affected = false

    @OptionGroup var change: ChangeOptions

    @Flag(help: "Print the swift test commands instead of running them.")
    var dryRun = false

    @Argument(parsing: .postTerminator, help: "Arguments for swift test, after --.")
    var swiftTestArguments: [String] = []

    func run() async throws {
        let workspace: Workspace
        let tests: [TargetID]
        if affected {
            guard let base = change.base else {
                throw ValidationError("--affected needs --base: say which revision the change is compared against, e.g. --base origin/main")
            }
            let report: AffectedReport = try await AffectedQuery(path: path, base: base, includeUncommitted: true, mergeBase: change.mergeBase).run()
            Terminal.standardError(report.summary)
            workspace = report.workspace
            tests = report.analysis.tests.map(\.target)
            if tests.isEmpty {
                Terminal.standardError("strata: no test target is affected; nothing to run")
                return
            }
            Terminal.standardError(
                "strata: running \(tests.count) affected test target\(tests.count == 1 ? "" : "s"): \(tests.map { workspace.targets[$0].name }.joined(separator: ", "))"
            )
        } else {
            if change.base != nil { throw ValidationError("--base is for --affected; add --affected to run only the affected tests") }
            workspace = try await WorkspaceLoader().load(path: path).workspace
            tests = workspace.targets.indices.filter { workspace.targets[$0].role == .tests }
        }
        let runner = SwiftTestRunner()
        let runs = runner.plan(tests, in: workspace, all: !affected)
        let display = PathDisplay()
        for run in runs {
            let package = run.package == FileManager.default.currentDirectoryPath ? "." : display(run.package)
            let command = (["swift"] + run.arguments + swiftTestArguments).map { $0 == run.package ? package : $0 }
            Terminal.standardError("strata: " + command.map(Self.shellQuoted).joined(separator: " "))
        }
        if dryRun { return }
        let status: Int32
        do {
            status = try await runner.run(runs, extraArguments: swiftTestArguments)
        } catch let error as SwiftTestRunner.TimedOut {
            Terminal.standardError("strata: error: \(error)")
            throw ExitCode(1)
        }
        if status != 0 { throw ExitCode(status) }
    }

    static func shellQuoted(_ argument: String) -> String {
        argument.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:".contains($0) }
            ? argument : "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
