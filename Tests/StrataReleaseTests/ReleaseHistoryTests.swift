import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGit
import StrataManifest
import StrataWorkspaceTestSupport
import StrataPackageIdentity
import Testing

@testable import StrataRelease

/// A repository with a workspace in a subfolder (`Apps/Station`), as Examples/ISS is in Strata's.
func makeRepository() async throws -> GitFolder { try await GitFolder("strata-release-history", subfolder: "Apps/Station") }

extension GitFolder {
    func history(ignore: [String] = []) async throws -> ReleaseHistory {
        let repository = try await GitRepository.open(at: folder)
        let folders = ["Network": "Packages/Network", "Radio": "Packages/Radio", "Crew": "Packages/Crew", "Log": "Packages/Log"]
        return try await ReleaseHistory.read(repository, folders: folders, ignore: ignore.map(PathPattern.init))
    }
}

@Suite struct ReleaseHistoryTests {
    @Test func changesAreTheCommitsSinceEachModulesNewestTagThatTouchedItsFolder() async throws {
        let repository = try await makeRepository()
        defer { repository.remove() }
        for module in ["Network", "Radio", "Crew", "Log"] { try repository.write("Packages/\(module)/Sources/\(module)/A.swift", "// \(module)\n") }
        try repository.write("Packages/NetworkExtras/B.swift", "// not Network's folder\n")
        try await repository.commit("First")
        // Annotated and lightweight tags; an older release and a tag that is no version.
        try await repository.git("tag", "--annotate", "-m", "Network 1.0.0", "Network/1.0.0")
        try await repository.git("tag", "Radio/0.9.0")
        try await repository.git("tag", "Radio/not-a-version")
        try repository.write("Packages/Radio/Sources/Radio/A.swift", "// Radio, changed\n")
        try await repository.commit("Radio: before its release")
        try await repository.git("tag", "--annotate", "-m", "Radio 1.0.0", "Radio/1.0.0")
        try await repository.git("tag", "Crew/1.0.0")

        try repository.write("Packages/Network/Sources/Network/A.swift", "// Network, changed\n")
        try repository.write("Packages/NetworkExtras/B.swift", "// changed, and no module's\n")
        try await repository.commit("Network: faster")
        try repository.write("Packages/Radio/README.md", "Radio\n")
        try await repository.commit("Radio: documentation")
        try repository.write("Packages/Network/Sources/Network/A.swift", "// Network, changed again\n")
        try await repository.commit("Network: fix")

        let history = try await repository.history(ignore: ["**/*.md"])
        let network = try #require(history.entries["Network"])
        #expect(network.release?.version == SemanticVersion("1.0.0") && network.release?.tag == "Network/1.0.0")
        #expect(network.commits.map(\.subject) == ["Network: fix", "Network: faster"])
        #expect(network.commits.first?.files == ["Packages/Network/Sources/Network/A.swift"])
        // The newest version wins; a documentation change is ignored as affected.ignore says.
        #expect(history.entries["Radio"]?.release?.version == SemanticVersion("1.0.0"))
        #expect(history.entries["Radio"]?.hasChanges == false)
        #expect(history.entries["Crew"]?.hasChanges == false)
        // Never released: a first release.
        #expect(history.entries["Log"]?.release == nil && history.entries["Log"]?.hasChanges == true)
        // Without the ignore pattern the README counts.
        #expect(try await repository.history().entries["Radio"]?.commits.map(\.subject) == ["Radio: documentation"])
    }

    @Test func theRecordMustAgreeWithTheTags() async throws {
        let repository = try await makeRepository()
        defer { repository.remove() }
        try repository.write("Packages/Network/A.swift", "\n")
        try await repository.commit("First")
        try await repository.git("tag", "Network/1.1.0")
        try await repository.git("tag", "Radio/1.0.0")
        let history = try await repository.history()
        var record = VersionRecord(path: repository.folder + "/strata.versions.yml")
        record.entries = ["Network": .init(version: SemanticVersion("1.0.0")!), "Crew": .init(version: SemanticVersion("2.0.0")!)]
        let problems = history.disagreements(with: record)
        #expect(problems.map(\.id) == ["version-mismatch", "version-mismatch", "version-mismatch"])
        #expect(problems.map(\.message) == [
            "strata.versions.yml says 'Crew' is released at 2.0.0, but there is no tag Crew/2.0.0",
            "strata.versions.yml says 'Network' is released at 1.0.0, but its newest tag is Network/1.1.0",
            "the tag Radio/1.0.0 says 'Radio' is released, but strata.versions.yml has no version of it",
        ])
        #expect(problems.first?.hint == "fetch the release tags (git fetch --tags), or tag the commit that released it")
    }
}
