import Foundation
import StrataWorkspaceTestSupport
import StrataPackageIdentity
import StrataRegistry
import Testing

@Suite struct RegistryModelTests {
    @Test func versionsOrderBySemanticVersioningPrecedence() throws {
        let ordered = ["1.0.0-alpha", "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta", "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1", "1.0.0", "1.0.1", "1.10.0", "2.0.0"]
        let versions = try ordered.map { try #require(SemanticVersion($0)) }
        #expect(versions == versions.sorted())
        #expect(versions.shuffled().sorted().map(\.description) == ordered)
        #expect(SemanticVersion("1.0.0+build.1") == SemanticVersion("1.0.0"))
        #expect(SemanticVersion("1.0.0+build.1")?.description == "1.0.0+build.1")
    }

    @Test(arguments: ["1.0", "v1.0.0", "01.0.0", "1.0.0-", "1.0.0-01", "1.0.0+", "1..0", "1.0.0-a..b", "", "1.0.0.0"])
    func invalidVersionsAreRefused(text: String) {
        #expect(SemanticVersion(text) == nil)
    }

    @Test func scopesAndNamesFollowTheSpecification() {
        #expect(PackageIdentifier.scopeProblem("iss-core") == nil)
        #expect(PackageIdentifier.scopeProblem(String(repeating: "a", count: 39)) == nil)
        for bad in ["", "-core", "core-", "co--re", "co_re", "co.re", String(repeating: "a", count: 40), "cœur"] {
            #expect(PackageIdentifier.scopeProblem(bad) != nil, "\(bad)")
        }
        #expect(PackageIdentifier.nameProblem("Linked_List-2") == nil)
        for bad in ["", "_List", "List-", "Li__st", "Li-_st", "Li.st", String(repeating: "a", count: 101)] {
            #expect(PackageIdentifier.nameProblem(bad) != nil, "\(bad)")
        }
        #expect((try? PackageIdentifier.parse("iss-core.Network").get())?.key == "iss-core.network")
        #expect((try? PackageIdentifier.parse("Network").get()) == nil)
    }

    @Test func tokensAreHashedAndReadFromEitherScheme() {
        let secret = AccessControl.newSecret()
        #expect(secret.hasPrefix("strata_") && secret.count > 40)
        #expect(AccessControl.newSecret() != secret)
        #expect(AccessControl.hash(secret).count == 64 && AccessControl.hash(secret) != secret)
        #expect(AccessControl.secret(fromAuthorization: "Bearer \(secret)") == secret)
        #expect(AccessControl.secret(fromAuthorization: "Basic " + Data("token:\(secret)".utf8).base64EncodedString()) == secret)
        #expect(AccessControl.secret(fromAuthorization: "Digest x") == nil)
        #expect(AccessControl.secret(fromAuthorization: nil) == nil)
    }
}
