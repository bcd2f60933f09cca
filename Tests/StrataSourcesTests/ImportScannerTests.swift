import StrataLexer
import StrataSources
import Testing

@Suite struct ImportScannerTests {
    private func imports(_ text: String) -> [ImportDeclaration] {
        ImportScanner().scan(SourceText(text)).imports
    }

    @Test func everyFormIsRead() throws {
        let found = imports(
            """
            import Foundation
            import Darwin.C.stdio
            import struct Network.Request
            @testable @_spi(Internal) import Radio
            @_exported public import Logging
            import A; import B
            """)
        #expect(found.map(\.path) == [["Foundation"], ["Darwin", "C", "stdio"], ["Network", "Request"], ["Radio"], ["Logging"], ["A"], ["B"]])
        #expect(found[2].kind == .struct)
        #expect(found[3].attributes == [ImportAttribute(name: "testable"), ImportAttribute(name: "_spi", arguments: "Internal")])
        #expect(found[3].isTestable)
        #expect(found[4].isExported && found[4].accessLevel == "public")
        #expect((found[6].line, found[6].column, found[6].moduleColumn) == (6, 11, 18))
    }

    @Test func textThatOnlyLooksLikeAnImportIsIgnored() {
        #expect(
            imports(
                """
                // import A
                /* /* import B */ import C */
                let s = "import D"
                let t = \"\"\"
                import E
                \"\"\"
                let u = #"import "F""#
                let v = "\\("import G")"
                let r = #/import H/#
                x.import
                func f() { import I }
                """
            ).isEmpty)
    }

    @Test func anEmptyBacktickNameIsNoImport() {
        // Found by the fuzzer: `import ``` once gave an import with an empty module name.
        #expect(imports("import ``\nimport ``.A\nimport A.``\n").isEmpty)
        #expect(imports("import `A`\n").map(\.path) == [["A"]])
    }

    @Test func conditionsAreRecorded() {
        let found = imports(
            """
            #if os(Linux)
            import Glibc
            #elseif canImport(Darwin) && !DEBUG
            import Darwin
            #else
            import WASILibc
            #endif
            """)
        #expect(
            found.map(\.conditions) == [
                [IfConfigClause(negated: [], condition: "os ( Linux )")],
                [IfConfigClause(negated: ["os ( Linux )"], condition: "canImport ( Darwin ) && ! DEBUG")],
                [IfConfigClause(negated: ["os ( Linux )", "canImport ( Darwin ) && ! DEBUG"], condition: nil)],
            ])
        #expect(found[1].conditions[0].description == "!(os(Linux)) && canImport(Darwin) && !DEBUG")
    }

    @Test func anIfConfigOfAttributesBelongsToTheNextImport() {
        let found = imports(
            """
            #if compiler(>=5.9)
            @preconcurrency
            #endif
            import Dispatch
            """)
        #expect(found.map(\.attributes) == [[ImportAttribute(name: "preconcurrency")]])
        #expect(found[0].conditions.isEmpty)
    }

    @Test func unterminatedConstructsAreReportedWithTheirPosition() {
        let scanned = ImportScanner().scan(SourceText("import A\nlet s = \"open\n/* never"))
        #expect(scanned.imports.map(\.module) == ["A"])
        #expect(scanned.problems.map(\.message) == ["unterminated string literal", "unterminated block comment"])
        #expect(scanned.problems.map(\.line) == [2, 3])
    }
}
