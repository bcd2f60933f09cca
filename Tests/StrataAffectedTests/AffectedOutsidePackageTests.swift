import Foundation
import StrataAffected
import StrataWorkspaceTestSupport
import Testing

/// A package the workspace depends on by a path outside it (here outside the repository, as
/// `swift package strata affected` in an app that depends on a checkout elsewhere has it): both
/// revisions read it from the disk, so it neither fails the load nor counts as a change.
@Suite struct AffectedOutsidePackageTests {
    @Test func aPathDependencyOutsideTheRepositoryIsReadFromTheDisk() async throws {
        let folder = try Fixtures.temporaryFolder("strata-outside-package")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outside = folder + "/Shared"  // the package's identity: its folder's name
        try FileManager.default.createDirectory(atPath: outside + "/Sources/Shared", withIntermediateDirectories: true)
        try AffectedAdoptModeTests.package("Shared", dependsOn: nil).write(toFile: outside + "/Package.swift", atomically: true, encoding: .utf8)
        try "public struct Shared {}\n".write(toFile: outside + "/Sources/Shared/Shared.swift", atomically: true, encoding: .utf8)
        let app = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "App",
                dependencies: [.package(path: "\(outside)")],
                targets: [
                    .target(name: "Core"),
                    .target(name: "Feature", dependencies: ["Core", .product(name: "Shared", package: "Shared")]),
                ]
            )

            """
        let history = try await GitHistory(
            manifest: "layers:\n  - { name: feature, patterns: [Feature] }\n  - { name: core, patterns: [\"*\"] }\nadopt: { packages: [\".\"] }\n",
            files: ["Package.swift": app, "Sources/Core/Core.swift": "public struct Core {}\n", "Sources/Feature/Feature.swift": "import Core\nimport Shared\n"],
            label: "strata-affected-outside")
        let base = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try history.append("Sources/Core/Core.swift")
        try await history.commit("edit Core")
        // An untracked file: the head is read from git too, not from the work tree.
        try history.write("notes.txt", "not committed\n")
        #expect(try await history.affectedNames(base: base) == ["Core", "Feature"])
        // A manifest change: the base graph is loaded at its commit rather than taken from the head's.
        try history.append("Package.swift", "// a comment\n")
        try await history.commit("edit the manifest")
        #expect(try await history.affectedNames(base: base) == ["Core", "Feature"])
    }
}
