import Foundation
import StrataModelTestSupport
import Testing

/// `strata generate` end to end: the built binary on copies of the reference workspace.
@Suite struct GenerateCommandTests {
    /// A copy of Examples/ISS without build products, generated afresh (outside this repository
    /// CODEOWNERS paths start at the copy's root), removed by the caller.
    private func copyOfISS() async throws -> String {
        let destination = try Fixtures.copyOfISS("generate", items: ["strata.yml", "Package.swift", "Sources", "Tests", "Xcode"])
        let generate = try await StrataBinary.run(["generate"], in: destination)
        #expect(generate.stderr == "strata: created CODEOWNERS\nstrata: 1 file changed, 20 up to date\n")
        return destination
    }

    @Test func theReferenceWorkspaceIsUpToDate() async throws {
        let result = try await StrataBinary.run(["generate", "--check", "Examples/ISS"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "strata: 21 generated files are up to date in Examples/ISS\n")
    }

    @Test func checkPrintsADiffAndExitsOneWhenAFileIsStale() async throws {
        let folder = try await copyOfISS()
        defer { Fixtures.removeCopy(ofISS: folder) }
        let manifest = folder + "/strata.yml"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "macOS: \"15\"", with: "macOS: \"14\"").write(toFile: manifest, atomically: true, encoding: .utf8)
        let check = try await StrataBinary.run(["generate", "--check"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("--- a/Package.swift\n+++ b/Package.swift\n"))
        #expect(check.stdout.contains("\n-    platforms: [.macOS(\"15.0\")],\n+    platforms: [.macOS(\"14.0\")],\n"))
        #expect(check.stderr == "strata: 1 generated file is out of date; run 'strata generate' and commit the result\n")
        let generate = try await StrataBinary.run(["generate"], in: folder)
        #expect(generate.status == 0)
        #expect(generate.stderr == "strata: updated Package.swift\nstrata: 1 file changed, 20 up to date\n")
        let again = try await StrataBinary.run(["generate", "--check"], in: folder)
        #expect(again.status == 0)
    }

    @Test func aHandEditStopsTheRunWithExitTwoUntilForce() async throws {
        let folder = try await copyOfISS()
        defer { Fixtures.removeCopy(ofISS: folder) }
        try "# mine\n".write(toFile: folder + "/CODEOWNERS", atomically: true, encoding: .utf8)
        let result = try await StrataBinary.run(["generate"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("CODEOWNERS:1:1: error: [not-generated] 'CODEOWNERS' exists and was not written by strata\n    hint: "))
        let forced = try await StrataBinary.run(["generate", "--force"], in: folder)
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("strata: updated CODEOWNERS (--force)\n"))
    }

    @Test func anAdoptModeWorkspaceIsRefused() async throws {
        let result = try await StrataBinary.run(["generate", "."])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: [adopt-mode] 'strata generate' writes build files from a generate-mode strata.yml"))
    }
}
