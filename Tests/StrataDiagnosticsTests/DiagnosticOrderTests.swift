import StrataDiagnostics
import Testing

@Suite struct DiagnosticOrderTests {
    @Test func diagnosticsSortByFileThenPositionThenId() {
        let a = Diagnostic(id: "b", severity: .error, message: "m", location: SourceLocation(path: "/a", line: 2, column: 1))
        let b = Diagnostic(id: "a", severity: .error, message: "m", location: SourceLocation(path: "/a", line: 2, column: 1))
        let c = Diagnostic(id: "a", severity: .error, message: "m", location: SourceLocation(path: "/a", line: 10, column: 1))
        let d = Diagnostic(id: "a", severity: .error, message: "m", location: SourceLocation(path: "/b", line: 1, column: 1))
        let e = Diagnostic(id: "z", severity: .error, message: "m", location: nil)
        #expect([d, c, a, b, e].sorted(by: Diagnostic.presentationOrder) == [e, b, a, c, d])
    }
}
