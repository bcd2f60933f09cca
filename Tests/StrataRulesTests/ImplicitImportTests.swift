import Foundation
import StrataDiagnostics
import StrataRules
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@Suite struct ImplicitImportTests {
    static let manifest =
        sourceHeader + """
            modules:
              Logging: { layer: shared }
              Network: { layer: core, interface: true, dependencies: [Logging] }
              Suit: { layer: domain, dependencies: [NetworkCore] }
            """

    @Test func declaredDependenciesAndSDKModulesMayBeImported() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest,
            files: [
                "Sources/Suit/Suit.swift": "import Foundation\nimport NetworkCore\nimport Testing\nimport Mystery\n",
                "Sources/Network/Network.swift": "import Logging\nimport NetworkCore\n",
            ])
        defer { workspace.remove() }
        #expect(try await workspace.findings(of: ImplicitImport()).isEmpty)
    }

    @Test func anUndeclaredWorkspaceModuleIsReportedAtTheImportWithTheChainThatHidesIt() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest.replacingOccurrences(of: "dependencies: [NetworkCore] }", with: "dependencies: [Network] }"),
            files: [
                "Sources/Suit/Suit.swift": "import Network\nimport 1️⃣Logging\n\nfunc f() {}\n"
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: ImplicitImport())
        #expect(found.map(\.message) == ["'Suit' imports 'Logging', which is not one of its declared dependencies"])
        workspace.expect(found.first, at: "1️⃣", in: "Sources/Suit/Suit.swift")
        #expect(found.first?.notes.first?.message == "it builds today only because 'Suit' reaches 'Logging' through Suit → Network → Logging")
        #expect(found.first?.hint == "declare 'Logging' as a dependency of module 'Suit' in strata.yml")
        #expect(found.first?.subject == DiagnosticSubject(source: "Suit", target: "Logging"))
    }

    @Test func anImportUnderCanImportOfAWorkspaceModuleSaysWhatThatMeans() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest,
            files: [
                "Sources/Suit/Suit.swift": "import NetworkCore\n#if canImport(Logging)\nimport 1️⃣Logging\n#else\nimport Network\n#endif\n"
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: ImplicitImport(), platform: .linux)
        // canImport of a workspace module is true, so the #else branch is dropped: one finding.
        #expect(found.count == 1, "\(found.map(\.message))")
        let guarded = try #require(found.first { $0.message.contains("'Logging'") })
        #expect(
            guarded.message
                == "'Suit' imports 'Logging' under '#if canImport(Logging)' without declaring it: it compiles only when 'Logging' happens to be built before 'Suit' (SwiftPM builds every module into one folder), so the build order decides whether the integration is there"
        )
        #expect(guarded.hint?.hasSuffix("or, if it is an optional integration, list 'Logging' under 'optional-imports:' in strata.yml") == true)
        workspace.expect(guarded, at: "1️⃣", in: "Sources/Suit/Suit.swift")
    }

    @Test func optionalImportsListTheIntegrationsAllowedUnderCanImport() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest + "\noptional-imports: [Log*]\n",
            files: [
                "Sources/Suit/Suit.swift": "import NetworkCore\n#if canImport(Logging)\nimport Logging\n#endif\n",
                // Not under canImport: still reported, list or not.
                "Sources/Network/Network.swift": "import Logging\nimport NetworkCore\n",
                "Sources/NetworkCore/NetworkCore.swift": "import 1️⃣Logging\n",
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: ImplicitImport())
        #expect(found.map(\.message) == ["'NetworkCore' imports 'Logging', which is not one of its declared dependencies"])
        workspace.expect(found.first, at: "1️⃣", in: "Sources/NetworkCore/NetworkCore.swift")
    }

    @Test func optionalImportsNameModulesOfTheWorkspace() async throws {
        let workspace = try SourceWorkspace(manifest: Self.manifest + "\noptional-imports: [Loging]\n", files: [:])
        defer { workspace.remove() }
        do {
            _ = try await WorkspaceLoader().load(path: workspace.root)
            Issue.record("a misspelt module was accepted")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["unknown-module"])
            #expect(error.diagnostics.first?.hint == "did you mean 'Logging'?")
        }
    }

    @Test func aModuleReExportedByADependencyIsANoteNotAnError() async throws {
        let manifest = Self.manifest.replacingOccurrences(of: "interface: true", with: "interface: { dependencies: [Logging] }")
        let workspace = try SourceWorkspace(
            manifest: manifest,
            files: [
                "Sources/NetworkCore/Exports.swift": "2️⃣@_exported import Logging\n",
                "Sources/Suit/Suit.swift": "import NetworkCore\nimport 1️⃣Logging\n",
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: ImplicitImport())
        #expect(found.count == 1)
        #expect(found.first?.severity == .note)
        #expect(found.first?.message == "'Suit' imports 'Logging', which it sees through '@_exported import Logging' in its dependency 'NetworkCore'")
        workspace.expect(found.first, at: "1️⃣", in: "Sources/Suit/Suit.swift")
        #expect(found.first?.notes.first?.location?.line == 1)
    }

    @Test func importsInBranchesThePlatformDropsDoNotCount() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest,
            files: [
                "Sources/Suit/Suit.swift": "import NetworkCore\n#if os(macOS)\nimport Logging\n#endif\n"
            ])
        defer { workspace.remove() }
        #expect(try await workspace.findings(of: ImplicitImport()).count == 1)
        #expect(try await workspace.findings(of: ImplicitImport(), platform: .linux).isEmpty)
        #expect(try await workspace.findings(of: ImplicitImport(), platform: .macos).count == 1)
    }

    @Test func testsAreHeldToTheirOwnDependencies() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest,
            files: [
                "Tests/SuitTests/SuitTests.swift": "import Suit\nimport 1️⃣Logging\n"
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: ImplicitImport())
        workspace.expect(found.first, at: "1️⃣", in: "Tests/SuitTests/SuitTests.swift")
        #expect(found.first?.hint == "declare 'Logging' as a dependency of the tests of 'Suit' in strata.yml ('tests: { dependencies: [...] }')")
    }
}
