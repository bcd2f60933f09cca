import Foundation
import StrataWorkspaceTestSupport
import Testing

@testable import StrataInit

@Suite struct WorkspaceDiscoveryTests {
    @Test func packagesSpecsAndPodsAreFoundAsPatternsAndFixturesAreNot() throws {
        let root = try Fixtures.temporaryFolder("strata-discovery")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let files = [
            "Package.swift", "Packages/Login/Package.swift", "Packages/Profile/Package.swift", "Tools/Lint/Package.swift",
            "Modules/Radio/project.yml", "Modules/Network/project.yml", "App/project.yml",
            "Specs/Radio.podspec", "Specs/Network.podspec", "Podfile",
            // Not workspace packages: fixtures, examples, build products, checkouts, a package's own sub-packages.
            "Tests/Fixtures/Broken/Package.swift", "Examples/Demo/Package.swift", ".build/checkouts/yams/Package.swift",
            "Pods/Manifest.lock", "Pods/Alamofire/Alamofire.podspec", "Packages/Login/Fixtures/Package.swift", "Packages/Login/Sub/Inner/Package.swift",
        ]
        for file in files {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data().write(to: URL(fileURLWithPath: path))
        }
        let discovery = WorkspaceDiscovery(root: root)
        #expect(discovery.packages == [".", "Packages/*", "Tools/Lint"])
        #expect(discovery.packageFolders == [".", "Packages/Login", "Packages/Profile", "Tools/Lint"])
        #expect(discovery.xcodegen == ["App/project.yml", "Modules/*/project.yml"])
        #expect(discovery.podspecs == ["Specs/*.podspec"])
        #expect(discovery.podfile == "Podfile")

        let left = try #require(discovery.leavingOut(files: ["Modules/Radio/project.yml", "Tools/Lint/Package.swift"], because: "test"))
        #expect(left.xcodegen == ["App/project.yml", "Modules/Network/project.yml"])
        #expect(left.packages == [".", "Packages/*"])
        #expect(left.leftOut.map(\.file) == ["Modules/Radio/project.yml", "Tools/Lint/Package.swift"])
        // The workspace's own package, or a file never found, is not left out.
        #expect(discovery.leavingOut(files: ["Package.swift"], because: "test") == nil)
        #expect(discovery.leavingOut(files: ["Nowhere/project.yml"], because: "test") == nil)
    }
}
