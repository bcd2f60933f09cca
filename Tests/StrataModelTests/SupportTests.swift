import StrataModel
import Testing

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

@Suite struct NamingTemplateTests {
    @Test func templatesNameAndRecogniseTargets() throws {
        let template = try #require(NamingTemplate("{module}Core", placeholder: "module"))
        #expect(template.name(for: "Network") == "NetworkCore")
        #expect(template.base(of: "NetworkCore") == "Network")
        #expect(template.base(of: "Core") == nil)
        #expect(template.base(of: "Network") == nil)
        #expect(NamingTemplate("Core", placeholder: "module") == nil)
        #expect(NamingTemplate("{module}{module}", placeholder: "module") == nil)
    }
}

@Suite struct SwiftIdentifierTests {
    @Test func moduleNamesMustBePlainIdentifiers() {
        #expect(SwiftIdentifier.isValid("Network"))
        #expect(SwiftIdentifier.isValid("_Private2"))
        #expect(!SwiftIdentifier.isValid("2Fast"))
        #expect(!SwiftIdentifier.isValid("my-module"))
        #expect(!SwiftIdentifier.isValid("struct"))
        #expect(!SwiftIdentifier.isValid(""))
        #expect(SwiftIdentifier.suggestion(for: "my-module") == "myModule")
    }
}
