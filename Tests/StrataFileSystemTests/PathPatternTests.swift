import Testing

@testable import StrataFileSystem

@Suite struct PathPatternTests {
    @Test(arguments: [
        // No slash: a file or folder name in any folder.
        ("*.md", "README.md", true), ("*.md", "docs/guide/intro.md", true), ("*.md", "Sources/A/A.swift", false),
        ("__Snapshots__", "Tests/ATests/__Snapshots__/test.1.png", true), ("__Snapshots__", "Tests/ATests/Snapshots.swift", false),
        // A path from the workspace folder; a folder stands for what is inside it.
        ("docs", "docs/a/b.md", true), ("docs/", "docs/a.md", true), ("docs", "Sources/docs/a.md", true),
        ("/docs", "Sources/docs/a.md", false), ("docs/*.md", "docs/a.md", true), ("docs/*.md", "docs/a/b.md", false),
        ("Scripts/*.sh", "Scripts/build.sh", true), ("Scripts/*.sh", "Tools/Scripts/build.sh", false),
        // `**`: any number of folders, none included.
        ("**/*.md", "README.md", true), ("**/*.md", "a/b/c.md", true), ("Sources/**/Fixtures", "Sources/A/Fixtures/x.json", true),
        ("Sources/**/Fixtures", "Sources/Fixtures/x.json", true), ("Sources/**/Fixtures", "Tests/A/Fixtures/x.json", false),
        ("docs/**", "docs/a/b/c", true), ("docs/**", "doc/a", false),
    ])
    func matchesLikeGitignore(pattern: String, path: String, expected: Bool) {
        #expect(PathPattern(pattern).matches(path) == expected, "\(pattern) ~ \(path)")
    }

    @Test func badPatternsSayWhatIsWrong() {
        #expect(PathPattern.problem(in: "") == "is empty")
        #expect(PathPattern.problem(in: "/") == "is empty")
        #expect(PathPattern.problem(in: "../Shared/*") != nil)
        #expect(PathPattern.problem(in: "docs/a**") != nil)
        #expect(PathPattern.problem(in: "docs/**/*.md") == nil)
    }
}
