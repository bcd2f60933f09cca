import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGit
import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataPackageIdentity
import Testing

@testable import StrataRelease

@Suite struct APIComparisonTests {
    @Test func breakagesAreReadFromTheDigestersReportAndTurnedAroundForAdditions() {
        let report = """
            Building for debugging...
            Build complete! (9.11s)

            1 breaking change detected in NetworkCore:
              💔 API breakage: func NetworkClient.ping() has been removed

            No breaking changes detected in Network
            """
        #expect(APIComparison.breakages(in: report) == ["func NetworkClient.ping() has been removed"])
        #expect(APIComparison.breakages(in: "No breaking changes detected in Network\n").isEmpty)
        #expect(APIComparison.addition("func NetworkClient.ping() has been removed") == "func NetworkClient.ping() has been added")
        #expect(APIComparison.addition("struct Request has changed its kind") == "added: struct Request has changed its kind")
    }
}
