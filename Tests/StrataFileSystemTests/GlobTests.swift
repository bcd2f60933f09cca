import Testing

@testable import StrataFileSystem

@Suite struct GlobTests {
    @Test(arguments: [
        ("*Service", "SuitService", true), ("*Service", "ServiceCore", false), ("Net*", "Network", true),
        ("?ore", "Core", true), ("?ore", "Score", false), ("[A-C]*", "Brain", true), ("[!A-C]*", "Brain", false),
        ("*", "", true), ("a*b*c", "aXXbYYc", true), ("a*b*c", "aXXbYY", false), ("[ab", "[ab", true), ("Feature", "Feature", true),
    ])
    func matchesShellStylePatterns(pattern: String, name: String, expected: Bool) {
        #expect(Glob(pattern).matches(name) == expected)
    }

    @Test func patternsAreRecognised() {
        #expect(Glob.isPattern("Packages/*"))
        #expect(!Glob.isPattern("Network"))
    }
}
