import StrataLexer
import Testing

@Suite struct LexerTests {
    private func kinds(_ text: String) -> [TokenKind] {
        Lexer.tokenize(SourceText(text)).tokens.map(\.kind)
    }

    private func texts(_ text: String) -> [String] {
        let source = SourceText(text)
        return Lexer.tokenize(source).tokens.map { source.text(of: $0) }
    }

    @Test func commentsAreSkippedIncludingNestedOnes() {
        #expect(texts("a // import X\nb /* c /* import Y */ d */ e") == ["a", "b", "e"])
    }

    @Test func stringsOfEveryFormAreOneToken() {
        let source = ####"x = "import A" + #"raw "quote" "# + ##"two "# hashes"## + y"####
        #expect(texts(source) == ["x", "=", #""import A""#, "+", ###"#"raw "quote" "#"###, "+", ###"##"two "# hashes"##"###, "+", "y"])
        let multiline = "let s = \"\"\"\n  import A\n  \"\"\"\nimport B"
        #expect(texts(multiline).suffix(2) == ["import", "B"])
    }

    @Test func interpolationsMayContainStringsAndParentheses() {
        let text = #"let s = "a \(f(")", "\(1)")) b"; next"#
        let source = SourceText(text)
        let tokens = Lexer.tokenize(source).tokens
        #expect(tokens.map { source.text(of: $0) } == ["let", "s", "=", #""a \(f(")", "\(1)")) b""#, ";", "next"])
        #expect(tokens[3].hasInterpolation)
    }

    @Test func rawStringInterpolationNeedsItsHashes() {
        let text = ##"#"not \(an) interpolation, but \#(this) is"#"##
        let tokens = Lexer.tokenize(SourceText(text)).tokens
        #expect(tokens.count == 1)
        #expect(tokens[0].hasInterpolation)
        #expect(!Lexer.tokenize(SourceText(##"#"only \(text)"#"##)).tokens[0].hasInterpolation)
    }

    /// As Swift lexes numbers: one fractional part, before the exponent (found in swift-crypto's
    /// `#if swift(>=5.9.1)`, which swift-syntax reads as `5.9`, `.`, `1`).
    @Test func aNumberHasAtMostOneFraction() {
        #expect(texts("swift(>=5.9.1)") == ["swift", "(", ">=", "5.9", ".", "1", ")"])
        #expect(
            texts("0x1.8p3 1.5e-3 1_000.25 0x1F.description 2..<3") == ["0x1.8p3", "1.5e-3", "1_000.25", "0x1F", ".", "description", "2", "..<", "3"])
        #expect(texts("1e5.x") == ["1e5", ".", "x"])
        #expect(texts("t.0.1 + 5.10.1.2") == ["t", ".", "0", ".", "1", "+", "5.10", ".", "1", ".", "2"])
    }

    @Test func tokensKnowWhetherTheyStartALine() {
        let tokens = Lexer.tokenize(SourceText("a b\n  c /* x\n */ d")).tokens
        #expect(tokens.map(\.isAtStartOfLine) == [true, false, true, true])
    }

    @Test func unterminatedConstructsAreReportedAndLexingGoesOn() {
        let (tokens, problems) = Lexer.tokenize(SourceText("a \"open\nb /* never closed"))
        #expect(problems.map(\.kind) == [.unterminatedString, .unterminatedBlockComment])
        #expect(tokens.map(\.kind) == [.identifier, .string, .identifier])
        #expect(tokens[1].isUnterminated)
    }

    @Test func punctuationAndOperatorsAreSplitAsSwiftDoes() {
        #expect(kinds(".target(name: \"A\"),") == [.period, .identifier, .leftParen, .identifier, .colon, .string, .rightParen, .comma])
        #expect(texts("a..<b ... c+/*x*/d -> e") == ["a", "..<", "b", "...", "c", "+", "d", "->", "e"])
        #expect(texts("1.5e-3 0x1p4 1..2") == ["1.5e-3", "0x1p4", "1", "..", "2"])
        #expect(kinds("@testable #if `default` $0") == [.at, .identifier, .poundKeyword, .identifier, .identifier])
    }

    @Test func aByteOrderMarkAndAShebangAreTrivia() {
        #expect(texts("\u{FEFF}import A") == ["import", "A"])
        #expect(texts("#!/usr/bin/env swift\nimport A") == ["import", "A"])
    }

    @Test func positionsAreOneBasedLinesAndUTF8Columns() {
        let source = SourceText("é = 1\r\n  x")
        let tokens = Lexer.tokenize(source).tokens
        #expect(source.lineAndColumn(of: tokens[1].range.lowerBound) == (1, 4))
        #expect(source.lineAndColumn(of: tokens[3].range.lowerBound) == (2, 3))
    }

    @Test func stringValuesAreDecoded() {
        let source = SourceText(##"["plain", "esc\"aped\n\u{41}", #"raw \n"#, "\(x)"]"##)
        let strings = Lexer.tokenize(source).tokens.filter { $0.kind == .string }
        #expect(strings.map { source.stringValue(of: $0) } == ["plain", "esc\"aped\nA", #"raw \n"#, nil])
        let multiline = SourceText("\"\"\"\n    one\n      two\n    \"\"\"")
        #expect(multiline.stringValue(of: Lexer.tokenize(multiline).tokens[0]) == "one\n  two")
    }

    @Test func rawLiteralsOpeningWithThreeQuotesThatCloseOnTheirLineAreSingleLine() {
        // As swift-syntax reads them: `#"""#` is the string `"`, and the next line is code again.
        let cases: [(String, String)] = [
            (##"#"""#"##, #"""#), (###"##"""##"###, #"""#), (##"#""""#"##, #""""#), (##"#"""a"""#"##, #"""a"""#),
            (##"#""" "#"##, #""" "#),
        ]
        for (literal, value) in cases {
            let source = SourceText(literal + "\nimport B")
            let tokens = Lexer.tokenize(source)
            #expect(tokens.problems.isEmpty, "\(literal)")
            #expect(source.stringValue(of: tokens.tokens[0]) == value, "\(literal)")
            #expect(tokens.tokens.dropFirst().map { source.text(of: $0) } == ["import", "B"], "\(literal)")
        }
        // With nothing closing it on its line, it is a multi-line literal.
        let multiline = SourceText("#\"\"\"\n  \"#\n  \"\"\"#\nimport B")
        let tokens = Lexer.tokenize(multiline).tokens
        #expect(multiline.stringValue(of: tokens[0]) == "\"#")
        #expect(tokens.dropFirst().map { multiline.text(of: $0) } == ["import", "B"])
    }

    @Test func theLineIndexAgreesWithCountingFromTheStart() {
        var random = SystemRandomNumberGenerator()
        // Long runs too, which the index skips eight bytes at a time, so that breaks land at
        // every place in a word.
        let pieces = ["a", "é", "\n", "\r\n", "\r", " ", "xyz", "abcdefghijklmnopq", "\u{0B}\u{0C}\u{8A}\u{8D}"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            let source = SourceText(text)
            let index = LineIndex(source)
            for offset in 0...source.bytes.count {
                var counter = LineCounter(source)
                #expect(index.position(of: offset) == counter.position(of: offset), "\(text.debugDescription) at \(offset)")
            }
        }
    }

    @Test func arbitraryBytesNeverCrashTheLexer() {
        var random = SystemRandomNumberGenerator()
        let alphabet = Array("\"#/*\\()[]{}`\n\r ab$.=".utf8) + [0xFF, 0xC3, 0x00]
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            let (tokens, _) = Lexer.tokenize(SourceText(bytes: bytes))
            var previousEnd = 0
            for token in tokens {
                #expect(token.range.lowerBound >= previousEnd && token.range.upperBound <= bytes.count && !token.range.isEmpty)
                previousEnd = token.range.upperBound
            }
        }
    }
}
