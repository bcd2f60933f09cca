import Foundation
import StrataAge
import Subprocess
import SystemPackage
import Testing

/// `strata secrets` end to end: the built `strata` forwarding to `strata-secrets`, as a team
/// uses it, with each member's identity in a home folder of their own.
@Suite struct SecretsCommandTests {
    let root = NSTemporaryDirectory() + "strata-secrets-cli-\(UUID().uuidString)"
    var workspace: String { root + "/workspace" }

    /// The `strata` built beside the test bundle (with `strata-secrets` beside it).
    static let strata = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("strata").path

    init() throws { try FileManager.default.createDirectory(atPath: root + "/workspace", withIntermediateDirectories: true) }

    struct Run {
        let status: Int32
        let output: String
        let error: String
    }

    /// `strata secrets arguments…` in the workspace as `member` (their ~/.config), fed `input`.
    func secrets(_ arguments: [String], as member: String, input: String? = nil, environment: [String: String] = [:]) async throws -> Run {
        var updates: [Environment.Key: String?] = ["XDG_CONFIG_HOME": root + "/home-" + member, "STRATA_SECRETS_KEY": nil, "STRATA_SECRETS_IDENTITY": nil]
        for (key, value) in environment { updates[Environment.Key(stringLiteral: key)] = value }
        let result = try await Subprocess.run(
            .path(FilePath(Self.strata)), arguments: Arguments(["secrets"] + arguments), environment: .inherit.updating(updates),
            workingDirectory: FilePath(workspace), input: .string(input ?? ""), output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
        let status: Int32 = if case .exited(let code) = result.terminationStatus { code } else { -1 }
        return Run(status: status, output: result.standardOutput, error: result.standardError)
    }

    func publicKey(_ run: Run) -> String { String(run.output.split(separator: " ").last!.dropLast()) }

    /// Every change takes the workspace lock for its whole read, change and write: two sets at
    /// once both keep their secret (without the lock one overwrote the other, and both exited 0).
    @Test func concurrentChangesKeepEverySecretAndTheFilesKeepTheirModes() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try await secrets(["keygen"], as: "alice")
        #expect(try await secrets(["init", "--name", "alice"], as: "alice").status == 0)
        let secretsFile = workspace + "/.strata/secrets/secrets.age"
        #expect(chmod(secretsFile, 0o600) == 0)
        for round in 0..<10 {
            async let first = secrets(["set", "first\(round)"], as: "alice", input: "one \(round)\n")
            async let second = secrets(["set", "second\(round)"], as: "alice", input: "two \(round)\n")
            let (one, two) = try await (first, second)
            #expect(one.status == 0 && two.status == 0, "round \(round): \(one.error) \(two.error)")
        }
        let names = try await secrets(["list"], as: "alice").output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("members:") }
        let expected = (0..<10).flatMap { ["first\($0)", "second\($0)"] }.sorted()
        #expect(names.sorted() == expected)
        #expect(try await secrets(["get", "second7"], as: "alice").output == "two 7")
        let mode = try FileManager.default.attributesOfItem(atPath: secretsFile)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(!FileManager.default.fileExists(atPath: workspace + "/.strata/transaction.json"))
    }

    @Test func aTeamSharesASecretAndALeaverIsRotatedOut() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let aliceKey = publicKey(try await secrets(["keygen"], as: "alice"))
        let bobKey = publicKey(try await secrets(["keygen"], as: "bob"))
        #expect(aliceKey.hasPrefix("age1") && bobKey.hasPrefix("age1") && aliceKey != bobKey)
        let identityMode = try FileManager.default.attributesOfItem(atPath: root + "/home-alice/strata/identity.txt")[.posixPermissions] as? Int
        #expect(identityMode == 0o600)

        #expect(try await secrets(["init", "--name", "alice"], as: "alice").status == 0)
        let set = try await secrets(["set", "apiKey"], as: "alice", input: "5f2b-77c1\n")
        #expect(set.status == 0 && set.output == "set apiKey (9 bytes)\n", "\(set.error)")
        // Bob is not a member yet: he cannot read it, and is told how to join.
        let refused = try await secrets(["get", "apiKey"], as: "bob")
        #expect(refused.status == 2 && refused.error.contains("[not-a-member]") && refused.error.contains("add-member"), "\(refused.error)")

        #expect(try await secrets(["add-member", "bob", bobKey], as: "alice").output == "added bob, who can read 1 secret\n")
        #expect(try await secrets(["get", "apiKey"], as: "bob").output == "5f2b-77c1")
        #expect(try await secrets(["list"], as: "bob").output == "apiKey\nmembers: alice, bob\n")

        let removed = try await secrets(["remove-member", "bob"], as: "alice")
        #expect(removed.status == 0 && removed.output.contains("bob could read these secrets") && removed.output.hasSuffix("  apiKey\n"), "\(removed.output)")
        #expect(try await secrets(["get", "apiKey"], as: "bob").status == 2)
        #expect(try await secrets(["list"], as: "alice").output.hasPrefix("apiKey  (to rotate: bob could read it)\n"))
        let early = try await secrets(["rotate", "apiKey"], as: "alice")
        #expect(early.status == 2 && early.error.contains("[not-rotated]"), "\(early.error)")
        #expect(try await secrets(["set", "apiKey"], as: "alice", input: "9a11-0c3e").status == 0)
        #expect(try await secrets(["rotate", "apiKey"], as: "alice").status == 0)
        #expect(try await secrets(["list"], as: "alice").output == "apiKey\nmembers: alice\n")

        // CI: a throwaway key in the environment instead of a file.
        let ci = X25519Identity()
        #expect(try await secrets(["add-member", "ci", ci.recipient.text], as: "alice").status == 0)
        #expect(try await secrets(["get", "apiKey"], as: "nobody", environment: ["STRATA_SECRETS_KEY": ci.text]).output == "9a11-0c3e")
    }

    @Test func mistakesExitTwoWithAHintAndChangeNothing() async throws {
        defer { try? FileManager.default.removeItem(atPath: root) }
        let noIdentity = try await secrets(["init", "--name", "alice"], as: "alice")
        #expect(noIdentity.status == 2 && noIdentity.error.contains("[no-identity]") && noIdentity.error.contains("strata secrets keygen"))
        #expect(!FileManager.default.fileExists(atPath: workspace + "/.strata"))
        _ = try await secrets(["keygen"], as: "alice")
        let inside = try await secrets(["keygen", "--output", workspace + "/me.txt"], as: "alice")
        #expect(inside.status == 2 && inside.error.contains("[identity-in-workspace]"))
        let again = try await secrets(["keygen"], as: "alice")
        #expect(again.status == 2 && again.error.contains("never replaced"))
        #expect(try await secrets(["init", "--name", "alice"], as: "alice").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: workspace + "/.strata/secrets/secrets.age"))
        let typo = try await secrets(["sett", "apiKey"], as: "alice")
        #expect(typo.status == 2 && typo.error.contains("did you mean 'set'?"), "\(typo.error)")
        #expect(try await secrets(["set", "api-key"], as: "alice", input: "x").error.contains("[invalid-secret-name]"))
        #expect(try await secrets(["add-member", "bob", "age1nope"], as: "alice").error.contains("[invalid-member]"))
        #expect(try await secrets(["remove-member", "alice"], as: "alice").error.contains("the last member"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: workspace + "/.strata/secrets/secrets.age")) == before)
        // The recipients file is checked line by line, with its location.
        try "alice age1broken\n".write(toFile: workspace + "/.strata/secrets/recipients", atomically: true, encoding: .utf8)
        let broken = try await secrets(["list"], as: "alice")
        #expect(broken.status == 2 && broken.error.contains(".strata/secrets/recipients:1:7: error: [invalid-recipients]"), "\(broken.error)")
    }
}
