import StrataReport
import Testing

/// The versioned JSON document (docs/OUTPUT.md), exactly: sorted keys, relative paths, `null`
/// for a workspace that could not be named, optional fields left out.
struct JSONFormatterTests {
    @Test func theDocumentOfAReport() {
        let report = ReportFixture.report(Array(ReportFixture.diagnostics.prefix(2)))
        #expect(
            JSONFormatter().format(report) == """
                {
                  "diagnostics" : [
                    {
                      "hint" : "add 'Logging' to the dependencies of 'Suit', in strata.yml",
                      "id" : "implicit-import",
                      "location" : {
                        "column" : 8,
                        "line" : 2,
                        "path" : "Sources/Suit/Suit Check.swift"
                      },
                      "message" : "'Suit' imports 'Logging', which is not one of its declared dependencies",
                      "notes" : [
                        {
                          "location" : {
                            "column" : 3,
                            "line" : 5,
                            "path" : "strata.yml"
                          },
                          "message" : "'Network' declares it"
                        }
                      ],
                      "severity" : "error",
                      "subject" : {
                        "source" : "Suit",
                        "target" : "Logging"
                      }
                    },
                    {
                      "id" : "stale-baseline",
                      "message" : "100% fixed: a: b\\nsecond line",
                      "notes" : [

                      ],
                      "severity" : "warning"
                    }
                  ],
                  "summary" : {
                    "dependencies" : 1,
                    "errors" : 1,
                    "inputFailed" : false,
                    "layers" : 4,
                    "suppressed" : 2,
                    "targets" : 40,
                    "warnings" : 1
                  },
                  "version" : 1,
                  "workspace" : "ISS"
                }

                """)
    }

    @Test func aWorkspaceThatCouldNotBeNamedIsNull() {
        var summary = ReportFixture.summary
        summary.workspace = nil
        summary.inputFailed = true
        let text = JSONFormatter().format(ReportFixture.report([], summary: summary))
        #expect(text.contains(#""workspace" : null"#) && text.contains(#""inputFailed" : true"#) && text.contains(#""diagnostics" : ["#))
    }
}
