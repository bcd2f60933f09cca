import Foundation
import StrataLexer
import StrataSourcesTestSupport
import Testing

/// `Lexer.nextBracket()` skips most tokens without building them. It must give exactly the
/// brackets `next()` gives — same ranges, same start-of-line flags, same problems — and leave
/// the lexer where `next()` would, whatever mix of the two a caller uses.
@Suite struct BracketSkippingTests {
    /// Swift files to compare on: the repository, and the packages SwiftPM checked out to build it.
    static var corpus: [[UInt8]] {
        let root = ScannerOracleTests.repositoryRoot
        var files = ScannerOracleTests.repositoryFiles
        let checkouts = root + "/.build/checkouts"
        for package in (try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? [] {
            let enumerator = FileManager.default.enumerator(atPath: checkouts + "/" + package)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".swift") { files.append(checkouts + "/" + package + "/" + relative) }
            }
        }
        let real = files.compactMap { FileManager.default.contents(atPath: $0).map { [UInt8]($0) } }
        return real + AdversarialSwiftCorpus(seed: 11).files(count: 2_000) + AdversarialSwiftCorpus(seed: 12).files(count: 2_000, lexical: true)
            + AdversarialSwiftCorpus.pieceSamples(lexical: true).map { Array($0.utf8) }
    }

    @Test func bracketsAreExactlyThoseOfTheFullTokenStream() {
        var failures = 0
        let files = Self.corpus
        #expect(files.count > 4_000)
        for bytes in files where failures < 5 {
            var precise = Lexer(SourceText(bytes: bytes))
            var expected: [Token] = []
            while let token = precise.next() {
                if token.kind.isBracket { expected.append(token) }
            }
            var fast = Lexer(SourceText(bytes: bytes))
            var actual: [Token] = []
            while let token = fast.nextBracket() { actual.append(token) }
            if actual != expected || fast.problems != precise.problems {
                failures += 1
                let firstDifference = actual.indices.first { $0 >= expected.count || actual[$0] != expected[$0] } ?? actual.count
                Issue.record(
                    "brackets differ at \(firstDifference) (\(actual.count) against \(expected.count)); problems \(fast.problems) against \(precise.problems) in \(String(decoding: bytes.prefix(3_000), as: UTF8.self).debugDescription)"
                )
            }
        }
    }

    /// Switching between the two at random, every `next()` gives the token the full stream has
    /// there and every `nextBracket()` the next bracket of it.
    @Test func handOversBetweenTheTwoKeepTheLexerExact() {
        var random = SplitMix(seed: 5)
        var failures = 0
        for bytes in Self.corpus.prefix(6_000) where failures < 5 {
            let stream = Lexer.tokenize(SourceText(bytes: bytes)).tokens
            var lexer = Lexer(SourceText(bytes: bytes))
            var index = 0
            while index <= stream.count {
                if random.next() % 3 == 0 {
                    let token = lexer.next()
                    guard token == (index < stream.count ? stream[index] : nil) else {
                        failures += 1
                        Issue.record("next() gave \(String(describing: token)) where the stream has token \(index)")
                        break
                    }
                    index += 1
                } else {
                    let token = lexer.nextBracket()
                    let bracket = stream[index...].firstIndex { $0.kind.isBracket }
                    guard token == bracket.map({ stream[$0] }) else {
                        failures += 1
                        Issue.record(
                            "nextBracket() gave \(String(describing: token)) where the stream's next bracket is \(String(describing: bracket))")
                        break
                    }
                    index = (bracket ?? stream.count) + 1
                }
                if index > stream.count { break }
            }
        }
    }
}

/// A small seeded generator, so a failure can be reproduced.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
