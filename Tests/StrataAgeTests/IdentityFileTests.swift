import Testing

@testable import StrataAge

@Suite struct IdentityFileTests {
    @Test func readsWhatItWritesAndSkipsComments() throws {
        let identity = X25519Identity()
        let text = IdentityFile.text(for: identity, created: "2026-11-23T09:00:00Z")
        #expect(text.hasPrefix("# created: 2026-11-23T09:00:00Z\n# public key: age1"))
        let read = try IdentityFile.identities(in: "\n" + text + "   \n")
        #expect(read.map(\.privateKeyBytes) == [identity.privateKeyBytes])
    }

    @Test func namesTheLineThatIsNotAKey() {
        #expect(throws: AgeError.invalidKey(reason: "line 2 of the identity file: an identity starts with 'AGE-SECRET-KEY-1'")) {
            try IdentityFile.identities(in: "# comment\n\(X25519Identity().recipient.text)\n")
        }
        #expect(throws: AgeError.invalidKey(reason: "the identity file holds no AGE-SECRET-KEY-1 line")) {
            try IdentityFile.identities(in: "# only a comment\n")
        }
    }
}
