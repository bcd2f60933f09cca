import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataSources
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@Suite struct CodeOwnersGeneratorTests {
    @Test func ownersNamingAModuleWinOverPatternsAndShallowPathsComeFirst() async throws {
        let workspace = try TemporaryWorkspace(smallManifest)
        let codeowners = try #require(try WorkspaceGenerator.files(for: try await workspace.load()).first { $0.path == "CODEOWNERS" }?.contents)
        let lines = codeowners.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ").joined(separator: " ") }
        let prefix = ""  // a temporary workspace is in no git repository: paths start at its root
        #expect(
            lines == [
                "\(prefix)/Sources/Clock/ @team/platform", "\(prefix)/Sources/Profile/ @team/profile", "\(prefix)/Sources/ProfileCore/ @team/profile",
                "\(prefix)/Sources/ProfileMocks/ @team/profile", "\(prefix)/Sources/Storage/ @team/platform",
                "\(prefix)/Sources/StorageCore/ @team/platform", "\(prefix)/Sources/StorageMocks/ @team/platform",
                "\(prefix)/Tests/ProfileTests/ @team/profile", "\(prefix)/Tests/StorageTests/ @team/platform",
            ])
    }

    @Test func thePackagesLayoutOwnsWholePackages() async throws {
        let workspace = try TemporaryWorkspace(smallManifest + "\ngenerate: { layout: packages }\n")
        let codeowners = try #require(try WorkspaceGenerator.files(for: try await workspace.load()).first { $0.path == "CODEOWNERS" }?.contents)
        #expect(codeowners.contains("/Packages/Profile/ @team/profile\n"))
        #expect(!codeowners.contains("/Sources/"))
    }

    @Test func noOwnersOrCodeownersOffWritesNone() async throws {
        let off = try TemporaryWorkspace(smallManifest + "\ngenerate: { codeowners: false }\n")
        #expect(try WorkspaceGenerator.files(for: try await off.load()).map(\.path) == ["Package.swift"])
    }
}
