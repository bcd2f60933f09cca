import Foundation

/// Swift files built to trip import scanners: every import form, imports hidden in strings,
/// comments, member names and nested scopes, `#if` blocks, odd whitespace, CRLF, byte-order
/// marks and unterminated constructs. The same seed always gives the same files.
public struct AdversarialSwiftCorpus: Sendable {
    public var seed: UInt64

    public init(seed: UInt64 = 1) {
        self.seed = seed
    }

    /// Pieces a file is made of. `$M` is replaced by a module name.
    static let pieces: [String] = [
        // Every import form.
        "import $M", "import $M.Sub", "import $M.Sub.Deeper", "import struct $M.Thing", "import class $M.Thing",
        "import enum $M.Thing", "import protocol $M.Thing", "import typealias $M.Thing", "import func $M.thing",
        "import let $M.thing", "import var $M.thing", "import func $M.+", "import `$M`",
        "@testable import $M", "@_exported import $M", "@_implementationOnly import $M", "@preconcurrency import $M",
        "@_spi(Internal) import $M", "@_weakLinked import $M", "@_spi(A) @_spi(B) @testable import $M",
        "@testable\nimport $M", "@_spi (Internal) import $M", "@available(*, deprecated) import $M",
        "public import $M", "package import $M", "internal import $M", "fileprivate import $M", "private import $M",
        "@_exported public import $M", "@preconcurrency internal import struct $M.Thing",
        "import $M; import $M.Sub", "import $M;import $M.Other;", "import\t$M", "import   $M  .  Sub", "import\n$M",
        // Imports that are not import declarations.
        "let s = \"import $M\"", "let s = \"\"\"\nimport $M\n  \"\"\"", "let s = #\"import \"$M\" \"#",
        "let s = ##\"raw \"# import $M \"##", "let s = \"\\(\"import $M\")\"", "let s = \"a \\(f(\")\", \"\\(1)\")) import $M\"",
        "let s = #\"\\#(\"import $M\")\"#", "let s = \"\"\"\n  \\(\"\"\"\n  import $M\n  \"\"\")\n  \"\"\"",
        // Raw literals that open with three quotes but close on the same line (swift-syntax reads
        // them as single-line strings: `#"""#` is `"`), and ones that really are multi-line.
        "let s = #\"\"\"#\nimport $M", "let s = ##\"\"\"##\nimport $M", "let s = #\"\"\"\"#\nimport $M",
        "let s = #\"\"\"a\"\"\"#\nimport $M", "let s = #\"\"\" \"#\nimport $M", "let s = ##\"\"\"\"#\"##\nimport $M",
        "let s = #\"\"\"\n\"#\n\"\"\"#\nimport $M", "let s = #\"\"\"\nimport $M\n\"\"\"#", "let s = ##\"\"\"\n\"\"\"#\nimport $M\n\"\"\"##",
        "// import $M", "/* import $M */", "/* /* import $M */ import $M */", "/// import $M", "/** import $M */",
        "x.import", "let y = z.import($M)", "let `import` = 1", "f(import: $M)", "func f() { import $M }",
        "struct S { import $M }", "let c = { import $M }", "enum E { case a; func g() { let s = \"}\"; import $M } }",
        "let r = #/import $M/#", "let r = ##/import\n$M/##",
        // Bare regex literals, and slashes that are operators: a brace or quote inside a regex
        // must not count, and division must not start one. (Pieces that leave a stray bracket
        // when read correctly are in `lexicalPieces`: past such garbage, parser recovery rather
        // than import syntax decides what follows.)
        "let r = /{/", "let r = /\"/", "let r = /[}]/", "let r = /a(b)c/", "let q = a / b / c",
        "let q = x/2 + y/3", "f(/{/)", "let r = try /x/", "let r = !/{/", "let r = / {/",
        "let r = #/{\n/#", "let r = #/\n{\n/#", "let r = ##/{/#", "let r = /{*/", "let r = (/{/, 1)",
        "let r = [/{/]", "return /{/", "let v = true /{/ false", "let r = /\\//", "let q = a /{ b }/ c",
        "let q = f(a) /x}/ 2",
        // #if blocks.
        "#if os(Linux)\nimport Glibc\n#elseif canImport(Darwin)\nimport Darwin\n#else\nimport $M\n#endif",
        "#if DEBUG && !os(Windows)\nimport $M\n#endif", "#if swift(>=5.9) || compiler(<6.0)\n  import $M\n#endif",
        "#if canImport(Darwin) || swift(>=5.9.1)\nimport $M\n#endif",
        "#if compiler(>=6.0.3) && !swift(<5.10.1.2)\nimport $M\n#endif", "let h = 0x1.8p3; let v = 5.9.description\nimport $M",
        "#if canImport($M)\n#if targetEnvironment(simulator)\nimport $M.Sim\n#else\nimport $M\n#endif\n#endif",
        "#if compiler(>=5.3)\n@preconcurrency\n#endif\nimport $M", "#if A\n@_spi(X)\n#else\n@testable\n#endif\nimport $M",
        "#if os(\n  Linux)\nimport $M\n#endif", "#if A // comment\nimport $M\n#endif // done",
        "#if A\n#if B\n#else\nimport $M\n#endif\n#endif", "#warning(\"import $M\")",
        // Code around them.
        "struct Thing {\n    var value = 1\n    func run() -> Int { value + 1 }\n}", "func top() {\n    print(\"hello\")\n}",
        "let answer = 42", "extension String {\n    var shout: String { uppercased() }\n}", "@main\nstruct App {\n    static func main() {}\n}",
        "let numbers = [1, 2, 3].map { $0 * 2 }", "class Box<T> {\n    let item: T\n    init(item: T) { self.item = item }\n}",
        "/// Documentation\n/// over lines\npublic func documented() {}", "let closure = { (x: Int) -> Int in x }",
    ]

    /// Pieces whose regex-or-operator reading leaves a stray bracket: for the lexer's oracle.
    static let lexicalPieces: [String] = [
        "let r = /a)b/", "let r = /{ /", "let r = /x\\/{/", "let r = /[/]{/", "let r = /{//comment", "let r = x./{/",
        "let r = #/never closed", "let r = ##/\nnever closed", "x = a/{/b", "y = (/)/)", "z = [/]/]", "w = -/}/",
        "v = 1 /{ a }/ 2", "postfix func /(a: Int) { 5/ }", "u = try? /a b/", "t = /a /", "s = /\\ /",
    ]

    /// Endings that leave something unterminated, put at the end of a file.
    static let unterminatedEndings = [
        "let s = \"never closed", "/* never closed", "let s = \"\"\"\nimport Never\n", "let r = #/never", "/* /* */ import Never",
        "func f() {\n  import Never",
    ]

    static let modules = ["Foundation", "Network", "SpacesuitServiceCore", "Logging", "_Private", "Ünïcode", "Dispatch"]
    static let separators = ["\n", "\n\n", "\r\n", ";\n", "\n  ", "\n\t", " \n"]

    /// `count` files, each a random mix of pieces. With `lexical`, pieces that leave stray
    /// brackets are mixed in too (for checking tokens rather than imports).
    public func files(count: Int, lexical: Bool = false) -> [[UInt8]] {
        var random = Xorshift(seed: seed)
        let pieces = lexical ? Self.pieces + Self.lexicalPieces : Self.pieces
        return (0..<count).map { _ in file(&random, pieces: pieces) }
    }

    private func file(_ random: inout Xorshift, pieces: [String]) -> [UInt8] {
        var text = ""
        let crlf = Int.random(in: 0..<8, using: &random) == 0
        for index in 0..<Int.random(in: 1...24, using: &random) {
            var piece = pieces.randomElement(using: &random)!
            piece = piece.replacingModule(with: Self.modules.randomElement(using: &random)!)
            if index > 0 { text += Self.separators.randomElement(using: &random)! }
            text += piece
        }
        if Int.random(in: 0..<10, using: &random) == 0 {
            text += "\n" + Self.unterminatedEndings.randomElement(using: &random)!
        } else {
            text += "\n"
        }
        if crlf { text = text.replacingNewlinesWithCRLF() }
        var bytes = Array(text.utf8)
        if Int.random(in: 0..<10, using: &random) == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
        return bytes
    }
}

extension String {
    fileprivate func replacingModule(with module: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.range(of: "$M") {
            result += rest[..<range.lowerBound]
            result += module
            rest = rest[range.upperBound...]
        }
        return result + rest
    }

    fileprivate func replacingNewlinesWithCRLF() -> String {
        var result = ""
        var previous: Character?
        for character in self {
            if character == "\n" && previous != "\r" { result += "\r\n" } else { result.append(character) }
            previous = character
        }
        return result
    }
}

extension AdversarialSwiftCorpus {
    /// Each piece alone, and each unterminated ending alone, with one module name.
    public static func pieceSamples(lexical: Bool = false) -> [String] {
        (pieces + unterminatedEndings + (lexical ? lexicalPieces : [])).map { $0.replacingModule(with: "Network") + "\n" }
    }
}

/// A small seeded generator (xorshift64*), so a seed always gives the same corpus.
struct Xorshift: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
