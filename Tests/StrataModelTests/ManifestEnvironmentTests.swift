import StrataSwiftPM
import Testing

/// Which environment variables a manifest reads, so that the evaluated-manifest cache keys it by
/// their values: only reads the text names count, and any other read means "not kept".
@Suite struct ManifestEnvironmentTests {
    static func reads(_ text: String) -> ManifestEnvironment.Reads { ManifestEnvironment.reads(Array(text.utf8)) }

    @Test func aPlainManifestReadsNothing() {
        #expect(Self.reads("let package = Package(name: \"P\", targets: [.target(name: \"A\")])\n") == .variables([]))
    }

    @Test func subscriptsAndGetenvWithALiteralNameTheirVariable() {
        #expect(
            Self.reads(
                """
                import Foundation
                let ci = Context.environment["CI"] == "true"
                let local = ProcessInfo.processInfo.environment["USE_LOCAL_DEPS"] != nil
                let home = getenv("HOME")
                if Context.environment["CI"] != nil { }
                """) == .variables(["CI", "HOME", "USE_LOCAL_DEPS"]))
    }

    @Test func theWholeDictionaryOrAComputedKeyIsUnnamed() {
        #expect(Self.reads("let all = Context.environment\n") == .unnamed)
        #expect(Self.reads("let key = \"CI\"\nlet ci = ProcessInfo.processInfo.environment[key]\n") == .unnamed)
        #expect(Self.reads("let value = getenv(name)\n") == .unnamed)
        #expect(Self.reads("let flag = Context.environment[\"FLAG_\\(suffix)\"]\n") == .unnamed)
        #expect(Self.reads("let flag = Context.environment[\"CI\", default: \"\"]\n") == .unnamed)
    }

    @Test func wordsInCommentsStringsAndOtherNamesReadNothing() {
        #expect(
            Self.reads(
                """
                // Context.environment["CI"] would leave the plugins out; getenv("X") too.
                let environment = "production"
                let package = Package(name: "environment", targets: [.target(name: "getenv")])
                """) == .variables([]))
    }
}
