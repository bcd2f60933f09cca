import Foundation
import StrataDiagnostics
import StrataModel
import StrataModelTestSupport
import StrataRules
import StrataSources
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

@Suite struct UnusedDependencyTests {
    static let manifest =
        sourceHeader + """
            modules:
              Logging: { layer: shared }
              Radio: { layer: core, interface: true }
              Network: { layer: core, interface: true, dependencies: [Logging, RadioCore] }
            """

    @Test func aDependencyNoSourceImportsIsWarnedAtItsDeclaration() async throws {
        let manifest = MarkedText(Self.manifest.replacingOccurrences(of: "[Logging, RadioCore]", with: "[Logging, 1️⃣RadioCore]"))
        let workspace = try SourceWorkspace(manifest: manifest.text, files: ["Sources/Network/Network.swift": "import Logging\n"])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: UnusedDependency())
        #expect(found.map(\.message) == ["'Network' depends on 'RadioCore', but none of its 1 source file imports it"])
        #expect(found.first?.location?.line == manifest.position("1️⃣").line)
        #expect(found.first?.location?.column == manifest.position("1️⃣").column)
        #expect(UnusedDependency().defaultSeverity == .warning)
    }

    @Test func importsInAnyBranchAndThroughReExportsCount() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest,
            files: [
                "Sources/Network/Network.swift": "#if os(Windows)\nimport Logging\n#endif\nimport Radio\n",
                "Sources/RadioCore/Exports.swift": "@_exported import Radio\n",
            ])
        defer { workspace.remove() }
        #expect(try await workspace.findings(of: UnusedDependency(), platform: .linux).isEmpty)
    }

    @Test func targetsWithoutSourcesAndConventionalEdgesAreNotChecked() async throws {
        let workspace = try SourceWorkspace(manifest: Self.manifest, files: ["Sources/Radio/Radio.swift": "struct Radio {}\n"])
        defer { workspace.remove() }
        // Radio's own edge to RadioCore is added by convention; Network has no sources here.
        #expect(try await workspace.findings(of: UnusedDependency()).isEmpty)
    }
}

@Suite struct TestableInProductionTests {
    static let manifest = sourceHeader + "modules:\n  Network: { layer: core, interface: true, mocks: true }\n"

    @Test func anImportCompiledOnlyInDebugBuildsIsNotReported() async throws {
        let workspace = try SourceWorkspace(
            manifest: sourceHeader + "modules:\n  Logging: { layer: shared }\n  Network: { layer: core, dependencies: [Logging] }\n",
            files: [
                "Sources/Network/Previews.swift": """
                import Logging
                #if DEBUG
                @testable import Logging
                #endif
                #if DEBUG && os(iOS)
                @testable import Logging
                #endif
                #if !DEBUG
                @testable 1️⃣import Logging
                #else
                @testable import Logging
                #endif
                #if DEBUG || targetEnvironment(simulator)
                @testable 2️⃣import Logging
                #endif
                """
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: TestableInProduction())
        // Only the imports a release build (no DEBUG) may compile.
        #expect(found.count == 2)
        workspace.expect(found.first, at: "1️⃣", in: "Sources/Network/Previews.swift")
        workspace.expect(found.last, at: "2️⃣", in: "Sources/Network/Previews.swift")
    }

    @Test func testTargetsMayUseTestableImports() async throws {
        let workspace = try SourceWorkspace(manifest: Self.manifest, files: ["Tests/NetworkTests/T.swift": "@testable import Network\n"])
        defer { workspace.remove() }
        #expect(try await workspace.findings(of: TestableInProduction()).isEmpty)
    }

    @Test func productionAndMocksTargetsMayNot() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest,
            files: [
                "Sources/NetworkMocks/Mock.swift": "@testable 1️⃣import Network\n",
                "Sources/Network/N.swift": "import Foundation\n@testable\n2️⃣import NetworkCore\n",
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: TestableInProduction()).sorted { $0.message < $1.message }
        #expect(
            found.map(\.message) == [
                "'Network' is not a test target but uses '@testable import NetworkCore'",
                "'NetworkMocks' is not a test target but uses '@testable import Network'",
            ])
        workspace.expect(found.first, at: "2️⃣", in: "Sources/Network/N.swift")
        workspace.expect(found.last, at: "1️⃣", in: "Sources/NetworkMocks/Mock.swift")
    }
}

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

/// `moduleAliases:` on a product dependency and `-module-alias` flags rename what a target imports.
@Suite struct ModuleAliasTests {
    static let packages = [
        "Packages/Utils/Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "Utils",
            products: [.library(name: "Utils", targets: ["Utils"])],
            targets: [.target(name: "Utils")]
        )
        """,
        "Packages/Utils/Sources/Utils/Utils.swift": "public let utils = 1\n",
        "Package.swift": """
        // swift-tools-version:5.9
        import PackageDescription
        let package = Package(
            name: "App",
            dependencies: [.package(path: "Packages/Utils")],
            targets: [
                .target(name: "Feature", dependencies: [.product(name: "Utils", package: "Utils", moduleAliases: ["Utils": "FooUtils"])]),
                .target(name: "Plain", dependencies: [.product(name: "Utils", package: "Utils")]),
            ]
        )
        """,
    ]

    @Test func aProductImportedByItsAliasIsUsedAndDeclared() async throws {
        var files = Self.packages
        files["Sources/Feature/Feature.swift"] = "import FooUtils\n"
        files["Sources/Plain/Plain.swift"] = "import Utils\n"
        let workspace = try SourceWorkspace(
            manifest: "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: {}\n", files: files)
        defer { workspace.remove() }
        #expect(try await workspace.findings(of: UnusedDependency()).isEmpty)
        #expect(try await workspace.findings(of: ImplicitImport()).isEmpty)
    }
}

/// The first run of an adoption: one catch-all layer.
@Suite struct CatchAllLayerTests {
    @Test func sameLayerFindingsInACatchAllLayerSayHowToSeeTheRestFirst() async throws {
        let workspace = try SourceWorkspace(
            manifest: "layers:\n  - { name: app, patterns: [\"*\"] }\nadopt: {}\n",
            files: [
                "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "P", targets: [.target(name: "A", dependencies: ["B"]), .target(name: "B")])
                """,
                "Sources/A/A.swift": "import B\n", "Sources/B/B.swift": "",
            ])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: SameLayer())
        #expect(found.count == 1)
        #expect(
            found.first?.hint?.hasSuffix(
                "while layer 'app' catches every module, 'same-layer: allowed' on it shows the graph and the import findings first") == true)
    }
}
