import Foundation
import StrataDiagnostics
import StrataRules
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

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

    /// A helper compiled into the target it imports: the compiler ignores that import.
    @Test func aTargetsTestableImportOfItsOwnModuleIsNotReported() async throws {
        let workspace = try SourceWorkspace(
            manifest: Self.manifest, files: ["Sources/Network/MockClock.swift": "@testable import Network\n@testable 1️⃣import Foundation\n"])
        defer { workspace.remove() }
        let found = try await workspace.findings(of: TestableInProduction())
        #expect(found.map(\.message) == ["'Network' is not a test target but uses '@testable import Foundation'"])
        workspace.expect(found.first, at: "1️⃣", in: "Sources/Network/MockClock.swift")
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
