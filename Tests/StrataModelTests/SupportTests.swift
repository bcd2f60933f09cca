import SwiftParser
import SwiftSyntax
import Testing

@testable import StrataModel

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

@Suite struct PathPatternTests {
    @Test(arguments: [
        // No slash: a file or folder name in any folder.
        ("*.md", "README.md", true), ("*.md", "docs/guide/intro.md", true), ("*.md", "Sources/A/A.swift", false),
        ("__Snapshots__", "Tests/ATests/__Snapshots__/test.1.png", true), ("__Snapshots__", "Tests/ATests/Snapshots.swift", false),
        // A path from the workspace folder; a folder stands for what is inside it.
        ("docs", "docs/a/b.md", true), ("docs/", "docs/a.md", true), ("docs", "Sources/docs/a.md", true),
        ("/docs", "Sources/docs/a.md", false), ("docs/*.md", "docs/a.md", true), ("docs/*.md", "docs/a/b.md", false),
        ("Scripts/*.sh", "Scripts/build.sh", true), ("Scripts/*.sh", "Tools/Scripts/build.sh", false),
        // `**`: any number of folders, none included.
        ("**/*.md", "README.md", true), ("**/*.md", "a/b/c.md", true), ("Sources/**/Fixtures", "Sources/A/Fixtures/x.json", true),
        ("Sources/**/Fixtures", "Sources/Fixtures/x.json", true), ("Sources/**/Fixtures", "Tests/A/Fixtures/x.json", false),
        ("docs/**", "docs/a/b/c", true), ("docs/**", "doc/a", false),
    ])
    func matchesLikeGitignore(pattern: String, path: String, expected: Bool) {
        #expect(PathPattern(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
    }

    @Test func badPatternsSayWhatIsWrong() {
        #expect(PathPattern.problem(in: "") == "is empty")
        #expect(PathPattern.problem(in: "/") == "is empty")
        #expect(PathPattern.problem(in: "../Shared/*") != nil)
        #expect(PathPattern.problem(in: "docs/a**") != nil)
        #expect(PathPattern.problem(in: "docs/**/*.md") == nil)
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

    @Test func unicodeNamesThatSwiftAcceptsAreValid() {
        for name in ["Café", "Ωmega", "Straße", "模块", "Модуль", "naïve", "e\u{301}tude", "Ré2", "🚀Launch"] {
            #expect(SwiftIdentifier.isValid(name), "\(name)")
        }
        for name in ["_", "a b", "café-bar", "\u{301}Mark", "x∑", "$0", "a$"] {
            #expect(!SwiftIdentifier.isValid(name), "\(name)")
        }
        #expect(SwiftIdentifier.suggestion(for: "café-bar") == "caféBar")
        #expect(SwiftIdentifier.suggestion(for: "9Lives") == "M9Lives")
        #expect(SwiftIdentifier.suggestion(for: "class") == "classModule")
    }

    /// swift-syntax, the compiler's own parser, is the oracle: `let NAME = 0` must parse with
    /// NAME as one identifier exactly when Strata calls the name valid (keywords aside).
    @Test func agreesWithSwiftSyntaxOnEveryKindOfCharacter() {
        var candidates = ["Network", "_x", "_", "x1", "1x", "Café", "a-b", "a.b", "a b"]
        // One character from each stretch of the Basic Multilingual Plane and beyond, alone,
        // after a letter, and before one.
        var scalar: UInt32 = 0x20
        while scalar < 0x3_0000 {
            if let character = Unicode.Scalar(scalar), !character.properties.isWhitespace, character != "`" {
                candidates += ["\(character)", "a\(character)", "\(character)a"]
            }
            scalar += scalar < 0x3000 ? 7 : 97
        }
        var disagreements: [String] = []
        // Strata refuses '$' in module names, which the parser allows in identifiers: it marks
        // names the compiler makes up, and shells treat it specially.
        for name in candidates where !SwiftIdentifier.keywords.contains(name) && !name.contains("$") {
            let file = Parser.parse(source: "let \(name) = 0\n")
            let pattern = file.statements.first?.item.as(VariableDeclSyntax.self)?.bindings.first?.pattern.as(IdentifierPatternSyntax.self)
            let parsed = !file.hasError && pattern?.identifier.text == name
            if parsed != SwiftIdentifier.isValid(name) {
                disagreements.append("\(name.unicodeScalars.map { String($0.value, radix: 16) }): swift-syntax \(parsed)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(20))")
    }
}
