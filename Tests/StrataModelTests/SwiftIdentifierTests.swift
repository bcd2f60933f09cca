import SwiftParser
import SwiftSyntax
import Testing

@testable import StrataManifest

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
