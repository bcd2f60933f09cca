import Foundation
import StrataWorkspaceTestSupport
import Testing

/// Strata's own strata.yml states, as `constraints:`, what Package.swift's comments only promised:
/// the strata binary never links the server's dependencies. A copy of its manifests with one
/// forbidden link added is caught, with the path that leads there.
@Suite struct OwnConstraintsTests {
    @Test func aForbiddenLinkAddedToStrataItselfIsReportedWithItsPath() async throws {
        let copy = try Fixtures.temporaryFolder("strata-own-constraints")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        for file in ["Package.swift", "strata.yml"] {
            try FileManager.default.copyItem(atPath: Fixtures.repositoryRoot + "/" + file, toPath: copy + "/" + file)
        }
        let clean = try await StrataBinary.run(["check", ".", "--no-sources", "--no-cache"], in: copy)
        #expect(clean.status == 0, "\(clean.stdout)\n\(clean.stderr)")

        // StrataCLI, linked into strata, now depends on the registry server.
        let manifest = try String(contentsOfFile: copy + "/Package.swift", encoding: .utf8)
        let target = try #require(manifest.range(of: "name: \"StrataCLI\","))
        let list = try #require(manifest.range(of: "dependencies: [", range: target.upperBound..<manifest.endIndex))
        try (manifest[..<list.upperBound] + "\"StrataRegistry\", " + manifest[list.upperBound...])
            .write(toFile: copy + "/Package.swift", atomically: true, encoding: .utf8)

        let caught = try await StrataBinary.run(["check", ".", "--no-sources", "--no-cache"], in: copy)
        #expect(caught.status == 1, "\(caught.stdout)\n\(caught.stderr)")
        #expect(
            caught.stdout.contains(
                "error: [forbidden-dependency] 'StrataCLI' reaches 'hummingbird/Hummingbird' through StrataCLI → StrataRegistry → hummingbird/Hummingbird: the strata binary never links"
            ), "\(caught.stdout)")
        #expect(caught.stdout.contains("note: 'StrataCLI' depends on 'StrataRegistry'"))
        #expect(caught.stdout.contains("strata.yml:") && caught.stdout.contains("note: forbidden by this constraint"))
    }
}
