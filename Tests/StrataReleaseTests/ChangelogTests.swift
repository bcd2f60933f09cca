import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGit
import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataPackageIdentity
import Testing

@testable import StrataRelease

@Suite struct ChangelogTests {
    let step = ReleasePlan.Step(
        module: "Network", from: "1.1.0", to: "2.0.0", bump: .major, reasons: ["breaking API change"], api: .breaking,
        apiDetails: ["func NetworkClient.ping() has been removed"], commits: ["NetworkCore: no ping (abc1234)"],
        raises: [ReleasePlan.Raise(dependency: "Logging", from: "1.0.0", to: "1.1.0")], dependents: ["Crew"])

    @Test func anEntrySaysWhyWhatChangedInTheAPIAndWhichCommits() {
        #expect(Changelog.entry(for: step, date: "2026-11-23") == """
            ## 2.0.0 — 2026-11-23

            A major release: breaking API change.

            Breaking API changes:
            - `func NetworkClient.ping() has been removed`

            Requires Logging 1.1.0.

            Changes:
            - NetworkCore: no ping (abc1234)

            """)
    }

    @Test func entriesGoNewestFirstBelowTheTitle() {
        let first = Changelog.prepending("## 1.0.0 — 2026-11-01\n\nFirst release.\n", to: nil)
        #expect(first == "# Changelog\n\n## 1.0.0 — 2026-11-01\n\nFirst release.\n")
        let second = Changelog.prepending("## 1.0.1 — 2026-11-02\n\nA patch release: no API change.\n", to: first)
        #expect(second == "# Changelog\n\n## 1.0.1 — 2026-11-02\n\nA patch release: no API change.\n\n## 1.0.0 — 2026-11-01\n\nFirst release.\n")
        // A changelog written by people, without the title, keeps its text below the new entry.
        let kept = Changelog.prepending("## 1.0.1 — 2026-11-02\n\nA patch release.\n", to: "Notes from before Strata.\n")
        #expect(kept == "# Changelog\n\n## 1.0.1 — 2026-11-02\n\nA patch release.\n\nNotes from before Strata.\n")
    }
}
