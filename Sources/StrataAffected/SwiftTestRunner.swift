import Foundation
import StrataProcess
import StrataProjectFormat
import StrataToolchain
public import StrataWorkspace
import Subprocess

/// Runs `swift test` for some test targets of a workspace, package by package (in the
/// `packages` layout each module's tests are in its own package).
public struct SwiftTestRunner: Sendable {
    /// One `swift test` run: a package folder and the test targets to run there.
    public struct Run: Sendable, Hashable {
        /// Absolute folder of the package.
        public var package: String
        /// The test targets; empty means all of the package's tests.
        public var tests: [String]
        public var arguments: [String] {
            ["test", "--package-path", package] + (tests.isEmpty ? [] : ["--filter", AffectedReport.testFilter(for: tests)])
        }
    }

    public init() {}

    /// The runs for `tests` (test target indices of `workspace`): one per package, in the order
    /// the packages first appear. `all` runs every test of each package instead of filtering.
    public func plan(_ tests: [TargetID], in workspace: Workspace, all: Bool = false) -> [Run] {
        var runs: [Run] = []
        for test in tests {
            let target = workspace.targets[test]
            guard let folder = workspace.packageFolder(of: target, files: LocalFiles()) else { continue }
            let package = folder.isEmpty ? workspace.root : workspace.root + "/" + folder
            if let index = runs.firstIndex(where: { $0.package == package }) {
                if !all { runs[index].tests.append(target.name) }
            } else {
                runs.append(Run(package: package, tests: all ? [] : [target.name]))
            }
        }
        return runs
    }

    /// Runs each `swift test`, passing its output through; returns the first failing status, or 0.
    /// A run that reaches its time limit is stopped and counts as failed.
    public func run(_ runs: [Run], extraArguments: [String]) async throws -> Int32 {
        var status: Int32 = 0
        for run in runs {
            let result = try await ChildProcess.run(
                SwiftToolchain.swift, arguments: run.arguments + extraArguments, input: .none,
                output: .currentStandardOutput, error: .currentStandardError, limit: .swiftTest)
            if result.timedOut {
                throw TimedOut(run: run, limit: result.limit)
            }
            if result.status != 0, status == 0 { status = result.status }
        }
        return status
    }

    /// A `swift test` run that did not finish within its limit.
    public struct TimedOut: Error, CustomStringConvertible {
        public var run: Run
        public var limit: Duration?
        public var description: String {
            let seconds = ProcessLimit.within(limit)
            return "'swift \(run.arguments.joined(separator: " "))' did not finish\(seconds); it and everything it started were stopped"
                + " (allow more time with \(ProcessLimit.swiftTest.variable)=SECONDS)"
        }
    }
}
