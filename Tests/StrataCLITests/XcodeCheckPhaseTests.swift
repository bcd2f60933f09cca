import Foundation
import StrataWorkspaceTestSupport
import Testing
import Yams

/// The build phase `strata generate` writes into the ISS apps' XcodeGen spec (check-phase: true)
/// run as Xcode runs it: by bash, in the project's folder, with SRCROOT set and a short PATH.
@Suite struct XcodeCheckPhaseTests {
    static let projectFolder = Fixtures.iss + "/Xcode/ISSApps"

    /// The script of CosmonautApp's `strata check` phase, as the spec holds it.
    static func script() throws -> String {
        let spec = try #require(try Yams.load(yaml: String(contentsOfFile: projectFolder + "/project.yml", encoding: .utf8)) as? [String: Any])
        let app = try #require((spec["targets"] as? [String: [String: Any]])?["CosmonautApp"])
        let phase = try #require((app["preBuildScripts"] as? [[String: Any]])?.first)
        #expect(phase["name"] as? String == "strata check")
        return try #require(phase["script"] as? String)
    }

    @Test func thePhaseChecksTheWorkspaceInXcodesFormat() async throws {
        let strataFolder = (Fixtures.strataExecutable as NSString).deletingLastPathComponent
        let result = try await ProcessRunner.run(
            "bash", ["-c", try Self.script()], in: Self.projectFolder,
            environment: ["SRCROOT": Self.projectFolder, "PATH": "\(strataFolder):/usr/bin:/bin", "NO_COLOR": "1"])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.hasSuffix("strata: ISS: 57 targets checked, 0 error(s), 0 warning(s)\n"), "\(result.output)")
    }

    @Test func withoutStrataThePhaseWarnsAndTheBuildGoesOn() async throws {
        let home = try Fixtures.temporaryFolder("strata-no-strata-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try await ProcessRunner.run(
            "bash", ["-c", try Self.script()], in: Self.projectFolder,
            environment: ["SRCROOT": Self.projectFolder, "PATH": "/usr/bin:/bin", "HOME": home])
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("warning: strata is not installed, so the architecture was not checked"), "\(result.output)")
    }
}
