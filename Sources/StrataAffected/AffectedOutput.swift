import Foundation
import StrataDiagnostics
import StrataGit
import StrataManifest
import StrataWorkspace

/// How `strata affected` prints its answer.
public enum AffectedFormat: String, Sendable, CaseIterable {
    /// Affected target names, one per line.
    case list
    /// Everything: the revisions, each changed file with its owners, each affected target with its reason chain.
    case json
    /// A `swift test --filter` regular expression for the affected test targets.
    case swiftTestFilter = "swift-test-filter"
    /// A GitHub Actions matrix (`{"include":[{"target":…,"module":…}]}`) of the affected test targets.
    case githubMatrix = "github-matrix"
    /// `-only-testing:Bundle` arguments for `xcodebuild test`, one per line, one per affected
    /// test target (Xcode test bundles and the packages' test targets alike); nothing when no
    /// test is affected (xcodebuild without `-only-testing` would run every test).
    case xcodebuild
}

extension AffectedReport {
    /// The report in `format`, ending with a newline (or empty when a list has nothing).
    public func rendered(as format: AffectedFormat, testsOnly: Bool = false, explain: Bool = false) -> String {
        let targets = testsOnly ? analysis.tests : analysis.affected
        switch format {
        case .list:
            return targets.map { explain ? "\($0.name): \(Self.explanation(of: $0.reason))\n" : "\($0.name)\n" }.joined()
        case .swiftTestFilter:
            let tests = analysis.tests.map(\.name)
            return tests.isEmpty ? "" : Self.testFilter(for: tests) + "\n"
        case .xcodebuild:
            return analysis.tests.map { "-only-testing:\($0.name)\n" }.joined()
        case .githubMatrix:
            let include = analysis.tests.map { MatrixEntry(target: $0.name, module: workspace.targets[$0.target].module ?? $0.name) }
            return Self.json(Matrix(include: include), pretty: false) + "\n"
        case .json:
            return Self.json(document(testsOnly: testsOnly), pretty: true) + "\n"
        }
    }

    /// A `swift test --filter` expression matching the tests of exactly these test targets
    /// (XCTest's `Target.Class/method` and Swift Testing's `Target.Suite/test()` alike).
    public static func testFilter(for testTargets: [String]) -> String {
        "^(" + testTargets.map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|") + ")\\."
    }

    /// One line: "Sources/Network/Client.swift (modified) → Network → SuitService → Suit".
    public static func explanation(of reason: AffectedReason) -> String {
        let cause: String
        switch reason.cause {
        case .file(let path, let change): cause = "\(path) (\(change.rawValue))"
        case .declaration(let what): cause = what
        case .everything(let why): return "everything is affected: \(why)"
        }
        return ([cause] + reason.chain).joined(separator: " → ")
    }

    // MARK: - JSON

    struct MatrixEntry: Encodable {
        var target: String
        var module: String
    }
    struct Matrix: Encodable {
        var include: [MatrixEntry]
    }

    /// The `--format json` document; docs/AFFECTED.md describes it field by field.
    struct Document: Encodable {
        var version = 1
        var workspace: String
        var base: String
        var head: String
        @NullWhenAbsent var everything: String?
        var everythingReasons: [String]
        var changedFiles: [File]
        var affected: [Affected]
        var tests: [String]
        var uncommittedLeftOut: [String]

        struct File: Encodable {
            var path: String
            var change: String
            var oldPath: String?
            var kind: String?
            var targets: [String]
        }
        struct Affected: Encodable {
            var target: String
            var role: String
            var module: String?
            var reason: Reason
        }
        struct Reason: Encodable {
            var cause: String
            var file: String?
            var change: String?
            var detail: String?
            var chain: [String]
        }
    }

    func document(testsOnly: Bool) -> Document {
        let targets = testsOnly ? analysis.tests : analysis.affected
        return Document(
            workspace: workspace.name, base: baseCommit, head: headCommit ?? "work-tree", everything: analysis.everything,
            everythingReasons: analysis.everythingReasons,
            changedFiles: analysis.changedFiles.map {
                Document.File(path: $0.path, change: $0.change.kind.rawValue, oldPath: $0.oldPath, kind: $0.role, targets: $0.owners)
            },
            affected: targets.map { target in
                let reason: Document.Reason
                switch target.reason.cause {
                case .file(let path, let change):
                    reason = Document.Reason(cause: "file", file: path, change: change.rawValue, chain: target.reason.chain)
                case .declaration(let detail):
                    reason = Document.Reason(cause: "declaration", detail: detail, chain: target.reason.chain)
                case .everything(let detail):
                    reason = Document.Reason(cause: "everything", detail: detail, chain: target.reason.chain)
                }
                return Document.Affected(
                    target: target.name, role: target.role.rawValue, module: workspace.targets[target.target].module, reason: reason)
            },
            tests: analysis.tests.map(\.name), uncommittedLeftOut: uncommittedLeftOut)
    }

    static func json(_ value: some Encodable, pretty: Bool) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
