import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataManifest
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@Suite struct DiagnosticCodingTests {
    @Test func diagnosticsReadBackAsTheyWereWritten() throws {
        let awkward = "é \u{0} \"quoted\" 😀\n"
        let diagnostics = [
            Diagnostic(id: "a", severity: .error, message: awkward),
            Diagnostic(
                id: "missing-sources", severity: .warning, message: "m", location: SourceLocation(path: "/w/strata.yml", line: 6, column: -3),
                notes: [DiagnosticNote("declared here", at: SourceLocation(path: "/w/P.swift", line: 1, column: 2)), DiagnosticNote(awkward)],
                hint: awkward, subject: DiagnosticSubject(source: "A", target: "B")),
            Diagnostic(id: "n", severity: .note, message: "", hint: ""),
        ]
        var writer = ByteWriter()
        writer.diagnostics(diagnostics)
        writer.diagnostics([])
        var reader = ByteReader(writer.buffer)
        #expect(try reader.diagnostics() == diagnostics)
        #expect(try reader.diagnostics() == [])
        #expect(reader.isAtEnd)
        // Cut anywhere, it is an error, not a crash.
        for length in stride(from: 0, to: writer.buffer.count - 1, by: 5) {
            var cut = ByteReader(Array(writer.buffer.prefix(length)))
            #expect(throws: CorruptData.self) {
                _ = try cut.diagnostics(); _ = try cut.diagnostics()
            }
        }
    }
}
