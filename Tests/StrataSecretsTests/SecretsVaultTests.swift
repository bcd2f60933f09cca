import Foundation
import StrataAge
import StrataDiagnostics
import Testing

@testable import StrataSecrets

@Suite struct SecretsVaultTests {
    let workspace = NSTemporaryDirectory() + "strata-secrets-\(UUID().uuidString)"
    let alice = X25519Identity()
    let bob = X25519Identity()

    init() throws { try FileManager.default.createDirectory(atPath: workspace, withIntermediateDirectories: true) }

    func ids(_ body: () throws -> Void) -> [String] {
        do {
            try body()
            return []
        } catch let error as InputErrors {
            return error.diagnostics.map(\.id)
        } catch {
            return ["\(error)"]
        }
    }

    @Test func membersReadWhatIsSetAndTheFilesAreAgeAndText() throws {
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        var vault = try SecretsVault.create(inWorkspace: workspace, member: "alice", recipient: alice.recipient)
        try vault.set("apiKey", to: Data("5f2b-77c1".utf8))
        try vault.addMember("bob", recipient: bob.recipient)
        let asBob = try SecretsVault.open(inWorkspace: workspace, identity: bob)
        #expect(try asBob.value(of: "apiKey") == Data("5f2b-77c1".utf8))
        #expect(asBob.names == ["apiKey"])
        // The secrets file is plain age, to every member; the members file is text.
        let file = try Array(Data(contentsOf: URL(fileURLWithPath: workspace + "/.strata/secrets/secrets.age")))
        #expect(try AgeFile.stanzas(of: file).count == 2)
        #expect(!String(decoding: file, as: UTF8.self).contains("5f2b"))
        let recipients = try String(contentsOfFile: workspace + "/.strata/secrets/recipients", encoding: .utf8)
        #expect(recipients.contains("alice " + alice.recipient.text) && recipients.contains("bob   " + bob.recipient.text))
    }

    @Test func aRemovedMemberCannotDecryptAndTheirSecretsMustBeRotated() throws {
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        var vault = try SecretsVault.create(inWorkspace: workspace, member: "alice", recipient: alice.recipient)
        try vault.addMember("bob", recipient: bob.recipient)
        try vault.set("apiKey", to: Data("old".utf8))
        try vault.set("sdkKey", to: Data("sdk".utf8))
        let secretsPath = workspace + "/.strata/secrets/secrets.age"
        let beforeRemoval = try Data(contentsOf: URL(fileURLWithPath: secretsPath))

        #expect(try vault.removeMember("bob") == ["apiKey", "sdkKey"])
        #expect(ids { _ = try SecretsVault.open(inWorkspace: workspace, identity: bob) } == ["not-a-member"])
        #expect(throws: AgeError.noIdentityMatched) {
            try AgeFile.decrypt(Array(try Data(contentsOf: URL(fileURLWithPath: secretsPath))), with: [bob])
        }
        // Bob's copy from before still opens for him: that is why rotation is needed.
        #expect(try AgeFile.decrypt(Array(beforeRemoval), with: [bob]).isEmpty == false)

        var reopened = try SecretsVault.open(inWorkspace: workspace, identity: alice)
        #expect(reopened.removedReaders(of: "apiKey") == ["bob"])
        // A rotation needs a new value.
        #expect(ids { try reopened.recordRotation(of: ["apiKey"]) } == ["not-rotated"])
        try reopened.set("apiKey", to: Data("new".utf8))
        try reopened.recordRotation(of: ["apiKey"])
        #expect(reopened.removedReaders(of: "apiKey") == [])
        #expect(reopened.removedReaders(of: "sdkKey") == ["bob"])
        #expect(ids { try reopened.recordRotation(of: ["apiKey"]) } == ["nothing-to-rotate"])
        #expect(ids { try reopened.recordRotation(of: ["apikey"]) } == ["unknown-secret"])
    }

    @Test func badRequestsAreRefusedAndChangeNothing() throws {
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        var vault = try SecretsVault.create(inWorkspace: workspace, member: "alice", recipient: alice.recipient)
        try vault.set("apiKey", to: Data("v".utf8))
        let secretsPath = workspace + "/.strata/secrets/secrets.age"
        let before = try Data(contentsOf: URL(fileURLWithPath: secretsPath))
        #expect(ids { _ = try SecretsVault.create(inWorkspace: workspace, member: "bob", recipient: bob.recipient) } == ["secrets-exist"])
        #expect(ids { try vault.set("api-key", to: Data()) } == ["invalid-secret-name"])
        #expect(ids { try vault.set("1key", to: Data()) } == ["invalid-secret-name"])
        #expect(ids { try vault.addMember("alice", recipient: bob.recipient) } == ["invalid-member"])
        #expect(ids { try vault.addMember("carol", recipient: alice.recipient) } == ["invalid-member"])
        #expect(ids { try vault.addMember("carol smith", recipient: bob.recipient) } == ["invalid-member"])
        #expect(ids { _ = try vault.removeMember("alicia") } == ["unknown-member"])
        #expect(ids { _ = try vault.removeMember("alice") } == ["invalid-member"])
        #expect(ids { _ = try vault.value(of: "apiKye") } == ["unknown-secret"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: secretsPath)) == before)
        let other = NSTemporaryDirectory() + "strata-secrets-none-\(UUID().uuidString)"
        #expect(ids { _ = try SecretsVault.open(inWorkspace: other, identity: alice) } == ["no-secrets"])
    }

    @Test func aBrokenMembersFileIsReportedLineByLine() {
        let text = """
            # members
            alice \(alice.recipient.text)
            bob
            carol age1notakey
            alice \(bob.recipient.text)
            bad name! \(bob.recipient.text)

            """
        do {
            _ = try Members.parse(text, path: "/w/.strata/secrets/recipients")
            Issue.record("expected errors")
        } catch {
            #expect(error.diagnostics.map { "\($0.location!.line):\($0.location!.column)" } == ["3:1", "4:7", "5:1", "6:1"])
            #expect(error.diagnostics.allSatisfy { $0.id == "invalid-recipients" && $0.hint != nil })
        }
    }

    @Test func identitiesLiveOutsideTheWorkspaceReadableOnlyByTheirOwner() throws {
        defer { try? FileManager.default.removeItem(atPath: workspace) }
        let home = NSTemporaryDirectory() + "strata-home-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: home) }
        let path = home + "/config/strata/identity.txt"
        let identity = try SecretsIdentity.generate(at: path, outside: workspace)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try SecretsIdentity.load(file: path, environment: [:]).recipient == identity.recipient)
        #expect(try SecretsIdentity.load(file: nil, environment: ["XDG_CONFIG_HOME": home + "/config"]).recipient == identity.recipient)
        #expect(try SecretsIdentity.load(file: nil, environment: ["STRATA_SECRETS_KEY": alice.text]).recipient == alice.recipient)
        #expect(ids { _ = try SecretsIdentity.generate(at: path, outside: workspace) } == ["write-failed"])
        #expect(ids { _ = try SecretsIdentity.generate(at: workspace + "/keys/me.txt", outside: workspace) } == ["identity-in-workspace"])
        #expect(!FileManager.default.fileExists(atPath: workspace + "/keys/me.txt"))
        #expect(ids { _ = try SecretsIdentity.load(file: home + "/none.txt", environment: [:]) } == ["no-identity"])
    }
}
