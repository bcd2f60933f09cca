import Foundation
import StrataLexer
import StrataSources
import StrataSourcesTestSupport
import Testing

/// swift-syntax is the oracle: on every file of the corpus, the scanner must find exactly the
/// imports swift-syntax's parser finds — same paths, kinds, attributes, access levels,
/// positions and `#if` clauses.
@Suite struct ScannerOracleTests {
    /// The repository's root folder.
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/StrataSourcesTests/ScannerOracleTests.swift
        return url.path
    }()

    /// Every Swift file of the repository: Strata's sources and tests, the examples, the fixtures.
    static var repositoryFiles: [String] {
        var paths: [String] = []
        for folder in ["Sources", "Tests", "Examples", "Benchmarks/Sources"] {
            let root = repositoryRoot + "/" + folder
            let enumerator = FileManager.default.enumerator(atPath: root)
            while let relative = enumerator?.nextObject() as? String {
                if relative.contains(".build") { continue }
                if relative.hasSuffix(".swift") { paths.append(root + "/" + relative) }
            }
        }
        return paths.sorted()
    }

    /// Whether the scanner finds the imports swift-syntax does in `bytes`, and how many it finds.
    @discardableResult
    private func compare(_ bytes: [UInt8], name: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> (matches: Bool, imports: Int) {
        let scanned = ImportScanner().scan(SourceText(bytes: bytes)).imports
        let reference = SwiftSyntaxImportReader.imports(in: bytes)
        guard scanned != reference else { return (true, reference.count) }
        let text = String(decoding: bytes, as: UTF8.self)
        Issue.record(
            """
            \(name): the scanner and swift-syntax disagree
            scanner:      \(scanned.map(describe))
            swift-syntax: \(reference.map(describe))
            source:
            \(text.debugDescription)
            """, sourceLocation: sourceLocation)
        return (false, reference.count)
    }

    private func describe(_ i: ImportDeclaration) -> String {
        "\(i.line):\(i.column) \(i.attributes.map(\.description).joined(separator: " ")) \(i.accessLevel ?? "") \(i.kind?.rawValue ?? "") \(i.path.joined(separator: ".")) @\(i.moduleLine):\(i.moduleColumn) if[\(i.conditions.map(\.description).joined(separator: "; "))]"
    }

    @Test func theRepositoryAndTheExamplesMatchSwiftSyntax() throws {
        let files = Self.repositoryFiles
        #expect(files.count > 100)
        var imports = 0
        for path in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            imports += compare(bytes, name: path).imports
        }
        #expect(imports > 300)
    }

    @Test func anAdversarialCorpusMatchesSwiftSyntax() {
        let files = AdversarialSwiftCorpus(seed: 2026).files(count: 3_000)
        var failures = 0
        for (index, bytes) in files.enumerated() where failures < 5 {
            if !compare(bytes, name: "adversarial file \(index)").matches { failures += 1 }
        }
    }

    @Test func everyPieceOfTheCorpusMatchesOnItsOwn() {
        for piece in AdversarialSwiftCorpus.pieceSamples() {
            compare(Array(piece.utf8), name: "piece \(piece.debugDescription)")
        }
    }

    /// The lexer half of the scanner, checked on its own: it must find regex literals exactly
    /// where swift-syntax's lexer does, also in code full of stray brackets.
    @Test func regexLiteralsAreLexedWhereSwiftSyntaxLexesThem() {
        let samples = AdversarialSwiftCorpus.pieceSamples(lexical: true).map { Array($0.utf8) }
        let files = samples + AdversarialSwiftCorpus(seed: 7).files(count: 2_000, lexical: true)
        var failures = 0
        var compared = 0
        for bytes in files where failures < 5 {
            let source = SourceText(bytes: bytes)
            let mine = Lexer.tokenize(source).tokens.filter { $0.kind == .regex }.map(\.range)
            let theirs = SwiftSyntaxRegexSpans.spans(in: bytes)
            compared += theirs.count
            if mine != theirs {
                failures += 1
                Issue.record(
                    "regex literals differ: lexer \(mine), swift-syntax \(theirs) in \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
        #expect(compared > 2_000, "the corpus should hold many regex literals; it held \(compared)")
    }
}
