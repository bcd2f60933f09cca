import Foundation
import StrataWorkspaceTestSupport
import Testing

/// action.yml's steps, run by Scripts/test-action.py as GitHub runs a composite action (no GitHub
/// needed), on a small layered package in a git repository of its own, with the built strata as
/// the action's strata-binary input. The SARIF upload is replaced by validating the file against
/// the SARIF 2.1.0 schema.
@Suite(.serialized) struct GitHubActionTests {
    struct Run: Decodable {
        struct Step: Decodable {
            let name: String
            let status: Status
        }
        /// A step's exit status, or "skipped".
        enum Status: Decodable, Equatable {
            case exited(Int)
            case skipped
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                self = (try? container.decode(Int.self)).map(Status.exited) ?? .skipped
            }
        }
        let steps: [Step]
        let outputs: [String: String]
        var exitStatus: Int32 = 0
        enum CodingKeys: String, CodingKey { case steps, outputs }

        func status(of name: String) -> Status? { steps.first { $0.name == name }?.status }
    }

    let history: TemporaryGitRepository

    init() async throws {
        history = try await TemporaryGitRepository(
            manifest:
                "name: App\nlayers:\n  - { name: features, patterns: [\"Feature*\"] }\n  - { name: core, patterns: [\"Core*\"] }\nadopt: { packages: [\".\"] }\n",
            files: [
                "Package.swift": """
                // swift-tools-version: 6.0
                import PackageDescription
                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "Core"), .target(name: "Feature", dependencies: ["Core"]),
                        .testTarget(name: "CoreTests", dependencies: ["Core"]), .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
                    ]
                )

                """,
                "Sources/Core/Clock.swift": "public struct Clock { public init() {} }\n",
                "Sources/Feature/Screen.swift": "import Core\npublic let clock = Clock()\n",
                "Tests/CoreTests/ClockTests.swift": "import Core\n",
                "Tests/FeatureTests/ScreenTests.swift": "import Feature\n",
                ".gitignore": ".build/\n",
            ], label: "strata-action")
    }

    func runAction(_ inputs: [String: String] = [:], event: String = "{}") async throws -> Run {
        let arguments =
            [
                "python3", Fixtures.repositoryRoot + "/Scripts/test-action.py", "--workspace", history.root, "--event", event, "--temp",
                history.root + "/.build/runner-temp",
            ]
            + (["strata-binary": Fixtures.strataExecutable].merging(inputs) { $1 }).sorted { $0.key < $1.key }.flatMap {
                ["--input", "\($0.key)=\($0.value)"]
            }
        let result = try await StrataBinary.run([], shell: arguments.map { "'\($0)'" }.joined(separator: " "))
        var run = try JSONDecoder().decode(Run.self, from: Data(result.stdout.utf8))
        run.exitStatus = result.status
        return run
    }

    @Test func aCleanChangeChecksUploadsAndListsTheAffectedTests() async throws {
        try history.append("Sources/Core/Clock.swift", "// an edit\n")
        try await history.commit("edit Core")
        let run = try await runAction()
        #expect(run.exitStatus == 0)
        #expect(run.steps.map(\.status) == Array(repeating: .exited(0), count: 5), "\(run.steps)")
        #expect(run.outputs["violations"] == "false")
        #expect(run.outputs["tests"] == #"["CoreTests","FeatureTests"]"#)
        #expect(run.outputs["matrix"] == #"{"include":[{"module":"Core","target":"CoreTests"},{"module":"Feature","target":"FeatureTests"}]}"#)
        #expect(run.outputs["everything"] == "false")
        #expect(run.outputs["strata"] == Fixtures.strataExecutable)
    }

    @Test func violationsFailTheJobAfterTheUploadAndTheAffectedStep() async throws {
        try history.write("Sources/Core/Clock.swift", "import Feature\npublic struct Clock { public init() {} }\n")
        try await history.commit("Core imports Feature")
        let run = try await runAction()
        #expect(run.exitStatus == 1)
        #expect(run.status(of: "strata check") == .exited(0))
        #expect(run.status(of: "Upload the findings to code scanning") == .exited(0))
        #expect(run.status(of: "strata affected") == .exited(0))
        #expect(run.status(of: "Fail on architecture errors") == .exited(1))
        #expect(run.outputs["violations"] == "true")
        // The uploaded log carries the finding.
        let sarif = try String(contentsOfFile: try #require(run.outputs["sarif"]), encoding: .utf8)
        #expect(sarif.contains(#""ruleId" : "implicit-import""#))
        #expect(sarif.contains("Sources/Core/Clock.swift"))
    }

    @Test func aPullRequestIsComparedWithItsBaseFromTheMergeBase() async throws {
        let base = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try history.append("Sources/Feature/Screen.swift", "// an edit\n")
        try await history.commit("edit Feature")
        let run = try await runAction(event: #"{"pull_request":{"base":{"sha":"\#(base)"}}}"#)
        #expect(run.exitStatus == 0)
        #expect(run.outputs["tests"] == #"["FeatureTests"]"#)
    }

    @Test func inputsTurnStepsOff() async throws {
        try history.append("Sources/Feature/Screen.swift", "// an edit\n")
        try await history.commit("edit Feature")
        let run = try await runAction(["sarif": "false", "affected": "false"])
        #expect(run.exitStatus == 0)
        #expect(run.status(of: "Upload the findings to code scanning") == .skipped)
        #expect(run.outputs["matrix"] == #"{"include":[]}"#)
        #expect(run.outputs["tests"] == "[]")
    }

    @Test func anUnreadableWorkspaceFailsTheCheckStepAndSkipsTheRest() async throws {
        try history.write("strata.yml", "layers: [\n")
        try await history.commit("break strata.yml")
        let run = try await runAction()
        #expect(run.exitStatus == 2)
        #expect(run.status(of: "strata check") == .exited(2))
        #expect(run.status(of: "Upload the findings to code scanning") == .skipped)
        #expect(run.status(of: "strata affected") == .skipped)
    }

    @Test(
        .enabled(
            if: Fixtures.executableOnPath("check-jsonschema") != nil || ProcessInfo.processInfo.environment["CI"] != nil,
            "needs check-jsonschema (pip install check-jsonschema); CI installs it"))
    func actionAndWorkflowValidateAgainstGitHubsSchemas() async throws {
        let root = Fixtures.repositoryRoot
        let action = try await StrataBinary.run([], shell: "check-jsonschema --builtin-schema vendor.github-actions '\(root)/action.yml'")
        #expect(action.status == 0, "\(action.stdout)\(action.stderr)")
        let workflow = try await StrataBinary.run(
            [], shell: "check-jsonschema --builtin-schema vendor.github-workflows '\(root)/docs/examples/github-workflow.yml'")
        #expect(workflow.status == 0, "\(workflow.stdout)\(workflow.stderr)")
    }
}
