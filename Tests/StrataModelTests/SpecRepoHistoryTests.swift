import Foundation
import StrataDiagnostics
import StrataPackageIdentity
import StrataWorkspaceTestSupport
import Testing

@testable import StrataCocoaPods

/// A private spec repo read as a registry takes it: releases in publishing order, requirements
/// translated, and what a registry cannot take an error at its line.
@Suite struct SpecRepoHistoryTests {
    static func podspec(_ name: String, _ version: String, _ body: String = "") -> String {
        "Pod::Spec.new do |s|\n  s.name = '\(name)'\n  s.version = '\(version)'\n  s.source_files = 'Sources/*.swift'\n\(body)end\n"
    }

    /// Where a problem is, as `Name.podspec:line`.
    static func place(_ diagnostic: Diagnostic) -> String {
        "\((diagnostic.location?.path as NSString?)?.lastPathComponent ?? ""):\(diagnostic.location?.line ?? 0)"
    }

    static func repository(_ specs: [String: String]) throws -> TemporaryWorkspace {
        let repository = try TemporaryWorkspace("", label: "strata-spec-repo")
        for (path, text) in specs { try repository.write("Specs/" + path, text) }
        return repository
    }

    @Test func releasesComeAfterWhatTheyDependOnWithRequirementsTranslated() throws {
        let repository = try Self.repository([
            "Profile/1.0.0/Profile.podspec": Self.podspec(
                "Profile", "1.0.0", "  s.dependency 'Network', '~> 1.2'\n  s.dependency 'Alamofire', '~> 5.0'\n"),
            "Profile/2.0.0/Profile.podspec": Self.podspec("Profile", "2.0.0", "  s.dependency 'Network/Core', '~> 2.0.1'\n"),
            "Network/1.2.0/Network.podspec": Self.podspec("Network", "1.2.0", "  s.dependency 'Logging', '>= 1.0', '< 1.5'\n"),
            "Network/2.0.1/Network.podspec": Self.podspec("Network", "2.0.1", "  s.module_name = 'NetworkKit'\n  s.dependency 'Logging'\n"),
            "Logging/1.0.0/Logging.podspec": Self.podspec("Logging", "1.0.0"),
            "Logging/1.4.0/Logging.podspec": Self.podspec("Logging", "1.4.0"),
        ])
        let history = try SpecRepoHistory.read(repository.root, scope: "core")
        #expect(
            history.releases.map { "\($0.pod) \($0.version)" } == [
                "Logging 1.0.0", "Logging 1.4.0", "Network 1.2.0", "Network 2.0.1", "Profile 1.0.0", "Profile 2.0.0",
            ])
        let profile = history.releases[4]
        #expect(profile.identity == "core.Profile")
        #expect(profile.dependencies.map(\.identity) == ["core.NetworkKit"])
        #expect(profile.dependencies.map(\.requirement.swiftSource) == [#"from: "1.2.0""#])
        #expect(profile.externals.map(\.name) == ["Alamofire"])
        #expect(history.releases[5].dependencies.map(\.requirement.swiftSource) == [#".upToNextMinor(from: "2.0.1")"#])
        #expect(history.releases[2].dependencies.map(\.requirement.swiftSource) == [#""1.0.0"..<"1.5.0""#])
        // No requirement: any version, which SwiftPM says as every version the repo has (up to the next major of the newest).
        #expect(history.releases[3].dependencies.map(\.requirement.swiftSource) == [#""0.0.0"..<"2.0.0""#])
        let versions = history.releases.filter { $0.pod == "Logging" }
        #expect(SpecRepoHistory.bounded(.openEnded(from: SemanticVersion("1.2.0")!), by: versions) == .upToNextMajor(from: SemanticVersion("1.2.0")!))
        #expect(SpecRepoHistory.bounded(.openEnded(from: SemanticVersion("1.5.0")!), by: versions) == .openEnded(from: SemanticVersion("1.5.0")!))
    }

    @Test func whatARegistryCannotTakeIsAnErrorAtItsLine() throws {
        let repository = try Self.repository([
            "Short/1.0/Short.podspec": Self.podspec("Short", "1.0"),
            "Long/1.0.0.1/Long.podspec": Self.podspec("Long", "1.0.0.1"),
            "Moved/1.1.0/Moved.podspec": Self.podspec("Moved", "1.2.0"),
            "Needy/1.0.0/Needy.podspec": Self.podspec("Needy", "1.0.0", "  s.dependency 'Logging', '~> 2.0'\n"),
            "Logging/1.0.0/Logging.podspec": Self.podspec("Logging", "1.0.0"),
        ])
        do {
            _ = try SpecRepoHistory.read(repository.root, scope: "core")
            Issue.record("bad versions must be input errors")
        } catch {
            let found = error.diagnostics.map { "\(Self.place($0)) \($0.id)" }
            #expect(found == ["Long.podspec:3 not-semver", "Moved.podspec:3 invalid-podspec", "Short.podspec:3 not-semver"])
            #expect(error.diagnostics.first?.message == "version '1.0.0.1' of pod 'Long' is not a semantic version (major.minor.patch)")
        }
        try FileManager.default.removeItem(atPath: repository.root + "/Specs/Long")
        try FileManager.default.removeItem(atPath: repository.root + "/Specs/Moved")
        try FileManager.default.removeItem(atPath: repository.root + "/Specs/Short")
        do {
            _ = try SpecRepoHistory.read(repository.root, scope: "core")
            Issue.record("a requirement nothing meets must be an input error")
        } catch {
            #expect(error.diagnostics.map(\.message) == ["no version of pod 'Logging' in the spec repo meets '~> 2.0'"])
            #expect(error.diagnostics.first?.location?.line == 5)
        }
    }

    @Test func podsThatDependOnEachOtherCannotBePublished() throws {
        let repository = try Self.repository([
            "A/1.0.0/A.podspec": Self.podspec("A", "1.0.0", "  s.dependency 'B'\n"),
            "B/1.0.0/B.podspec": Self.podspec("B", "1.0.0", "  s.dependency 'A', '~> 1.0'\n"),
        ])
        do {
            _ = try SpecRepoHistory.read(repository.root, scope: "core")
            Issue.record("a cycle must be an input error")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["dependency-cycle"])
            #expect(error.diagnostics.first?.message == "pods 'A', 'B' depend on each other, so none can be published first")
            #expect(error.diagnostics.first.map(Self.place) == "A.podspec:5")
        }
    }

    @Test func aPodspecThatDoesNotReadIsAnErrorAtItsLineWithTheOthers() throws {
        let repository = try Self.repository([
            "Icons/1.0.0/Icons.podspec": "load 'icons.rb'\n" + Self.podspec("Icons", "1.0.0"),
            "Short/1.0/Short.podspec": Self.podspec("Short", "1.0"),
            "Logging/1.0.0/Logging.podspec": Self.podspec("Logging", "1.0.0"),
        ])
        do {
            _ = try SpecRepoHistory.read(repository.root, scope: "core")
            Issue.record("a podspec only Ruby can read must be an input error")
        } catch {
            let found = error.diagnostics.map(Self.place)
            #expect(found == ["Icons.podspec:1", "Short.podspec:3"], "every problem of the repo at once: \(error.diagnostics.map(\.message))")
        }
    }
}
