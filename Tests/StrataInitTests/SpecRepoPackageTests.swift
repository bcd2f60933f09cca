import Foundation
import StrataCocoaPods
import StrataGenerate
import StrataWorkspaceTestSupport
import Testing

@testable import StrataInit

/// A spec repo's release as the package a registry gets: migrated from its sources, depending on
/// the repo's other pods by registry identity at the podspec's requirements.
@Suite struct SpecRepoPackageTests {
    @Test func aReleaseDependsOnTheRepoPodsByIdentity() async throws {
        let repository = try TemporaryWorkspace("", label: "strata-spec-repo")
        try repository.write(
            "Specs/Logging/1.0.0/Logging.podspec",
            "Pod::Spec.new do |s|\n  s.name = 'Logging'\n  s.version = '1.0.0'\n  s.source_files = 'Sources/**/*.swift'\nend\n")
        try repository.write(
            "Specs/Network/1.2.3/Network.podspec",
            "Pod::Spec.new do |s|\n  s.name = 'Network'\n  s.version = '1.2.3'\n  s.source_files = 'Sources/**/*.swift'\n"
                + "  s.resources = 'Resources/*.json'\n  s.dependency 'Logging', '~> 1.0.0'\nend\n")
        let history = try SpecRepoHistory.read(repository.root, scope: "core")
        let release = try #require(history.releases.last)
        #expect(release.pod == "Network")

        let checkout = try TemporaryWorkspace("", label: "strata-checkout")
        try checkout.write("Sources/Client.swift", "import Logging\npublic struct Client {}\n")
        try checkout.write("Resources/hosts.json", "[]\n")
        try checkout.write("README.md", "# Network\n")
        let made = try await SpecRepoPackage.make(release, checkout: checkout.root, homes: nil)
        #expect(made.package.manifest.contains(#".package(id: "core.Logging", .upToNextMinor(from: "1.0.0")),"#), "\(made.package.manifest)")
        #expect(made.package.manifest.contains(#".product(name: "Logging", package: "core.Logging")"#))
        #expect(made.package.manifest.contains(#"resources: [.process("Resources")]"#), "\(made.package.manifest)")
        #expect(made.package.folders.map(\.destination) == ["Sources/Network"])
        #expect(made.manifestText.contains("  Logging: { id: core.Logging, up-to-next-minor-from: \"1.0.0\" }\n"), "\(made.manifestText)")
    }
}
