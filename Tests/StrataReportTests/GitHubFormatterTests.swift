@testable import StrataReport
import Testing

/// GitHub workflow commands, exactly: one command per diagnostic with its file, line and
/// column, notes and hints in the message, and the runner's escapes.
struct GitHubFormatterTests {
    @Test func oneWorkflowCommandPerDiagnosticAndASummary() {
        #expect(
            GitHubFormatter().format(ReportFixture.report()) == """
                ::error file=Sources/Suit/Suit Check.swift,line=2,col=8,title=strata [implicit-import]::'Suit' imports 'Logging', which is not one of its declared dependencies%0Anote: strata.yml:5: 'Network' declares it%0Ahint: add 'Logging' to the dependencies of 'Suit', in strata.yml
                ::warning title=strata [stale-baseline]::100%25 fixed: a: b%0Asecond line
                ::notice file=/elsewhere/x.swift,line=1,col=1,title=strata [layer-order]::outside
                strata: ISS: 1 error(s), 1 warning(s), 2 suppressed

                """)
    }

    @Test func propertiesEscapeColonsAndCommasToo() {
        #expect(GitHubFormatter.escapeProperty("a:b,c%d\ne") == "a%3Ab%2Cc%25d%0Ae")
        #expect(GitHubFormatter.escapeData("a:b,c%d\r\ne") == "a:b,c%25d%0D%0Ae")
    }
}
