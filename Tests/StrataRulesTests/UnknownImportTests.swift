import Foundation
import StrataDiagnostics
import StrataManifest
import StrataRules
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@Suite struct UnknownImportTests {
    @Test func unknownModulesAreReported() async throws {
        let workspace = try SourceWorkspace(
            manifest: sourceHeader + "modules:\n  Network: { layer: core }\n  Radio: { layer: core }\n",
            files: [
                "Sources/Network/N.swift": "import Foundation\nimport Glibc\nimport 1️⃣Radoi\n"
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: UnknownImport())
        #expect(
            found.map(\.message) == [
                "'Network' imports 'Radoi', which is neither a module of this workspace, a product of its packages, nor a known SDK module"
            ])
        #expect(found.first?.hint == "did you mean 'Radio'?")
        workspace.expect(found.first, at: "1️⃣", in: "Sources/Network/N.swift")
    }

    /// Off by default; `--strict-imports` makes it an error, and strata.yml's severity wins over both.
    @Test(
        arguments: [
            ("", false, nil),
            ("", true, Severity.error),
            ("rules: { unknown-import: warning }\n", false, Severity.warning),
            ("rules: { unknown-import: warning }\n", true, Severity.warning),
            ("rules: { unknown-import: off }\n", true, nil),
        ] as [(String, Bool, Severity?)])
    func itsSeverityTurnsItOn(rules: String, strict: Bool, expected: Severity?) async throws {
        let workspace = try SourceWorkspace(
            manifest: sourceHeader + rules + "modules:\n  Network: { layer: core }\n",
            files: ["Sources/Network/N.swift": "import Radoi\n"])
        defer { workspace.remove() }
        let input = try #require(try await workspace.input())
        let checker = try ArchitectureChecker(manifest: input.workspace.manifest, defaults: strict ? ["unknown-import": .error] : [:])
        #expect(checker.check(input).filter { $0.id == "unknown-import" }.map(\.severity) == (expected.map { [$0] } ?? []))
    }
}
