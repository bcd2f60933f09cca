import StrataDiagnostics
import StrataReport
import Testing

/// The compiler-style text format, exactly: positions relative to the working directory,
/// notes and hints below their diagnostic, one summary line; colour only when asked.
struct TextFormatterTests {
    @Test func diagnosticsNotesHintsAndTheSummary() {
        let text = TextFormatter(useColor: false).format(ReportFixture.report())
        #expect(
            text == """
                Sources/Suit/Suit Check.swift:2:8: error: [implicit-import] 'Suit' imports 'Logging', which is not one of its declared dependencies
                strata.yml:5:3: note: 'Network' declares it
                    hint: add 'Logging' to the dependencies of 'Suit', in strata.yml
                warning: [stale-baseline] 100% fixed: a: b
                second line
                /elsewhere/x.swift:1:1: note: [layer-order] outside
                ISS: 40 targets, 1 dependency, 4 layers — 1 error, 1 warning — 2 suppressed by baseline baseline.yml

                """)
    }

    @Test func aCleanRunAndAnUnreadableInput() {
        var clean = ReportFixture.summary
        clean.errors = 0
        clean.warnings = 0
        clean.baselinePath = nil
        #expect(TextFormatter(useColor: false).format(ReportFixture.report([], summary: clean)) == "ISS: 40 targets, 1 dependency, 4 layers — no violations\n")
        var failed = clean
        failed.errors = 2
        failed.inputFailed = true
        #expect(TextFormatter(useColor: false).format(ReportFixture.report([], summary: failed)) == "2 errors in the input; nothing was checked\n")
    }

    @Test func colourWrapsEachPartAndIsResetAfterIt() {
        let line = TextFormatter(useColor: true).diagnosticLines([ReportFixture.diagnostics[0]], displayPath: ReportFixture.display.callAsFunction)
        #expect(
            line[0]
                == "\u{1B}[1mSources/Suit/Suit Check.swift:2:8:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m [implicit-import] 'Suit' imports 'Logging', which is not one of its declared dependencies"
        )
        #expect(line[2] == "    \u{1B}[1;32mhint:\u{1B}[0m add 'Logging' to the dependencies of 'Suit', in strata.yml")
        #expect(!TextFormatter(useColor: false).diagnosticLines(ReportFixture.diagnostics, displayPath: { $0 }).joined().contains("\u{1B}"))
    }

    @Test func pathsAreShownRelativeToTheWorkingDirectoryOnlyInsideIt() {
        let display = PathDisplay(currentDirectory: "/work/ws")
        #expect(display("/work/ws/a/b.swift") == "a/b.swift")
        #expect(display("/work/wsx/a.swift") == "/work/wsx/a.swift")
        #expect(display("relative.swift") == "relative.swift")
        #expect(PathDisplay(currentDirectory: "/work/ws/").base == "/work/ws/")
    }
}
