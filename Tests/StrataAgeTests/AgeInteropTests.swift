import Foundation
import StrataAge
import Subprocess
import SystemPackage
import Testing

/// The folder holding `age` and `age-keygen`, if they are installed.
private let ageFolder = ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"].first { FileManager.default.isExecutableFile(atPath: $0 + "/age") }

/// Both directions with the real `age` tool (Debian's `age` package, which CI installs): files
/// Strata writes open with `age`, and files `age` writes open with Strata.
@Suite(.serialized, .enabled(if: ageFolder != nil || ProcessInfo.processInfo.environment["CI"] != nil, "needs age (apt-get install age); CI installs it"))
struct AgeInteropTests {
    let folder = NSTemporaryDirectory() + "strata-age-\(UUID().uuidString)"
    let plaintext = Array("ISS ground station API key: 5f2b-77c1\n".utf8) + (0..<70_000).map { UInt8(truncatingIfNeeded: $0) }

    init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

    func path(_ name: String) -> String { folder + "/" + name }

    func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path(name))) }

    func read(_ name: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path(name)))) }

    /// How a tool's run ended: its exit status and what it printed on both streams.
    struct Run {
        let status: Int32
        let output: String
    }

    /// `age` (or `age-keygen`) with `arguments`, in the test's folder.
    func age(_ arguments: [String], tool: String = "age") async throws -> Run {
        let ageFolder = try #require(ageFolder, "age is not installed (apt-get install age)")
        return try await run(ageFolder + "/" + tool, arguments, input: .none)
    }

    /// `age` on a terminal, for passphrases, which it reads only from one: `script(1)` gives it a
    /// pseudo-terminal fed with `typed`.
    func ageOnATerminal(_ command: String, typing typed: String) async throws -> Run {
        let ageFolder = try #require(ageFolder, "age is not installed (apt-get install age)")
        return try await run("/usr/bin/script", ["-qec", ageFolder + "/" + command, "/dev/null"], input: .string(typed))
    }

    func run(_ executable: String, _ arguments: [String], input: some InputProtocol) async throws -> Run {
        let result = try await Subprocess.run(
            .path(FilePath(executable)), arguments: Arguments(arguments), workingDirectory: FilePath(folder), input: input,
            output: .string(limit: 1 << 20), error: .string(limit: 1 << 20))
        let status: Int32 = if case .exited(let code) = result.terminationStatus { code } else { -1 }
        return Run(status: status, output: result.standardOutput + result.standardError)
    }

    @Test func ageOpensWhatStrataEncryptsToAKeyFromAgeKeygen() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try await age(["-o", "key.txt"], tool: "age-keygen").status == 0)
        let identities = try IdentityFile.identities(in: String(contentsOfFile: path("key.txt"), encoding: .utf8))
        try write(try AgeFile.encrypt(plaintext, to: [identities[0].recipient, X25519Identity().recipient]), to: "secret.age")
        let decrypted = try await age(["--decrypt", "-i", "key.txt", "-o", "plain", "secret.age"])
        #expect(decrypted.status == 0, "\(decrypted.output)")
        #expect(try read("plain") == plaintext)
    }

    @Test func strataOpensWhatAgeEncryptsToAStrataKey() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let identity = X25519Identity()
        try Data(IdentityFile.text(for: identity, created: "2026-11-23T09:00:00Z").utf8).write(to: URL(fileURLWithPath: path("key.txt")))
        try write(plaintext, to: "plain")
        // To the recipient as text, and to the identity file (age reads our file back).
        #expect(try await age(["-r", identity.recipient.text, "-o", "to-recipient.age", "plain"]).status == 0)
        #expect(try await age(["-e", "-i", "key.txt", "-o", "to-identity.age", "plain"]).status == 0)
        #expect(try AgeFile.decrypt(read("to-recipient.age"), with: [identity]) == plaintext)
        #expect(try AgeFile.decrypt(read("to-identity.age"), with: [identity]) == plaintext)
        // An empty file too: one empty final chunk.
        try write([], to: "empty")
        #expect(try await age(["-r", identity.recipient.text, "-o", "empty.age", "empty"]).status == 0)
        #expect(try AgeFile.decrypt(read("empty.age"), with: [identity]) == [])
    }

    /// The streaming file functions, at chunk boundaries, both ways: exactly one chunk, one
    /// chunk and a byte, several chunks.
    @Test func filesEncryptedAsStreamsOpenWithAgeAndTheOtherWayRound() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let identity = X25519Identity()
        try Data(IdentityFile.text(for: identity, created: "2026-11-23T09:00:00Z").utf8).write(to: URL(fileURLWithPath: path("key.txt")))
        for size in [0, 65_536, 65_537, 3 * 65_536 + 11] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            try write(bytes, to: "plain")
            try AgeFile.encryptFile(at: path("plain"), to: path("strata.age"), recipients: [identity.recipient])
            let opened = try await age(["-d", "-i", "key.txt", "-o", "from-strata", "strata.age"])
            #expect(opened.status == 0, "\(size): \(opened.output)")
            // age creates its output at its first byte: an empty plaintext leaves none.
            #expect((size == 0 ? (try? read("from-strata")) ?? [] : try read("from-strata")) == bytes, "\(size)")
            #expect(try await age(["-r", identity.recipient.text, "-o", "age.age", "plain"]).status == 0)
            try AgeFile.decryptFile(at: path("age.age"), to: path("from-age"), identities: [identity])
            #expect(try read("from-age") == bytes, "\(size)")
        }
    }

    @Test func passphrasesWorkBothWays() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try write(plaintext, to: "plain")
        let encrypted = try await ageOnATerminal("age -p -o by-age.age plain", typing: "orbital dawn\norbital dawn\n")
        #expect(encrypted.status == 0, "\(encrypted.output)")
        #expect(try AgeFile.decrypt(read("by-age.age"), with: [ScryptIdentity(passphrase: "orbital dawn")]) == plaintext)
        #expect(throws: AgeError.incorrectPassphrase) { try AgeFile.decrypt(read("by-age.age"), with: [ScryptIdentity(passphrase: "orbital dusk")]) }

        try write(try AgeFile.encrypt(plaintext, to: [ScryptRecipient(passphrase: "orbital dawn", workFactor: 12)]), to: "by-strata.age")
        let decrypted = try await ageOnATerminal("age -d -o back by-strata.age", typing: "orbital dawn\n")
        #expect(decrypted.status == 0, "\(decrypted.output)")
        #expect(try read("back") == plaintext)
    }

    @Test func ageRefusesAFileStrataWroteOnceAByteChanges() async throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try await age(["-o", "key.txt"], tool: "age-keygen").status == 0)
        let identity = try IdentityFile.identities(in: String(contentsOfFile: path("key.txt"), encoding: .utf8))[0]
        var file = try AgeFile.encrypt(plaintext, to: [identity.recipient])
        file[file.count / 2] ^= 1
        try write(file, to: "changed.age")
        #expect(try await age(["--decrypt", "-i", "key.txt", "-o", "plain", "changed.age"]).status != 0)
    }
}
