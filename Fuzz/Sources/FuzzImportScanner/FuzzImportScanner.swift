// libFuzzer entry point: every input goes through the whole file path of `strata check` — the
// reader's checks, the lexer, the import scanner, `#if` evaluation — and the invariants below
// must hold. A crash, a failed invariant (a trap) or a hang is a finding.
import StrataLexer
import StrataSources

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImportScanner(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let scan = SourceFileReader.scan(bytes: bytes)
    let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } + bytes.reduce(0) { $0 + ($1 == 0x0D ? 1 : 0) }
    for declaration in scan.imports {
        precondition(!declaration.path.isEmpty && declaration.path.allSatisfy { !$0.isEmpty }, "an import without a module")
        precondition(declaration.line >= 1 && declaration.line <= lines, "an import on a line the file does not have")
        precondition(declaration.column >= 1 && declaration.moduleColumn >= 1, "a column before the line")
        precondition(
            (declaration.moduleLine, declaration.moduleColumn) > (declaration.line, declaration.column),
            "a module name before its import keyword")
        for platform in Platform.allCases {
            _ = BuildConfiguration(platform: platform, defines: ["DEBUG"], workspaceModules: ["A"]).isActive(declaration.conditions)
        }
    }
    for problem in scan.problems {
        precondition((problem.line ?? 1) >= 1 && (problem.line ?? 1) <= lines, "a problem on a line the file does not have")
    }

    // The lexer: tokens in order, inside the file, and the bracket skipper exactly on the full stream.
    let source = SourceText(bytes: bytes)
    let (tokens, problems) = Lexer.tokenize(source)
    var end = 0
    for token in tokens {
        precondition(token.range.lowerBound >= end && token.range.upperBound <= bytes.count, "tokens overlap or leave the file")
        precondition(!token.range.isEmpty, "an empty token")
        end = token.range.upperBound
    }
    var skipper = Lexer(source)
    var brackets: [Token] = []
    while let token = skipper.nextBracket() { brackets.append(token) }
    precondition(brackets == tokens.filter(\.kind.isBracket), "nextBracket() and next() disagree")
    precondition(skipper.problems == problems, "nextBracket() and next() report different problems")
    return 0
}

// SwiftPM links an executable's entry point under the name below; libFuzzer's driver is
// started from it, so that the target builds with `swift build` like any other.
@_silgen_name("LLVMFuzzerRunDriver")
func runLibFuzzer(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

@_cdecl("fuzz_import_scanner_main")
public func main(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runLibFuzzer(&count, &arguments, fuzzImportScanner)
}
