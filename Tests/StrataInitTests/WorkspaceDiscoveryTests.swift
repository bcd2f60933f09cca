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
            "Station.xcodeproj/project.pbxproj", "Apps/Crew/Crew.xcodeproj/project.pbxproj", "Apps/Lab/Lab.xcodeproj/project.pbxproj",
            // XcodeGen's output beside its spec, and CocoaPods' own project: not read.
            "App/App.xcodeproj/project.pbxproj", "Pods/Pods.xcodeproj/project.pbxproj", "Vendor/Pods/Pods.xcodeproj/project.pbxproj",
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
        // A folder's own projects first, then its subfolders'.
        #expect(discovery.projectFolders == ["Station.xcodeproj", "Apps/Crew/Crew.xcodeproj", "Apps/Lab/Lab.xcodeproj"])
        #expect(discovery.xcode == ["Station.xcodeproj", "Apps/Crew/Crew.xcodeproj", "Apps/Lab/Lab.xcodeproj"])
        #expect(discovery.leftOut.map(\.file) == ["App/App.xcodeproj", "Vendor/Pods/Pods.xcodeproj"])

        let left = try #require(
            discovery.leavingOut(files: ["Modules/Radio/project.yml", "Tools/Lint/Package.swift", "Apps/Lab/Lab.xcodeproj/project.pbxproj"], because: "test"))
        #expect(left.xcode == ["Station.xcodeproj", "Apps/Crew/Crew.xcodeproj"])
        #expect(left.xcodegen == ["App/project.yml", "Modules/Network/project.yml"])
        #expect(left.packages == [".", "Packages/*"])
        #expect(left.leftOut.map(\.file) == [
                "App/App.xcodeproj", "Vendor/Pods/Pods.xcodeproj", "Apps/Lab/Lab.xcodeproj/project.pbxproj", "Modules/Radio/project.yml",
                "Tools/Lint/Package.swift",
            ])
        // The workspace's own package, or a file never found, is not left out.
        #expect(discovery.leavingOut(files: ["Package.swift"], because: "test") == nil)
        #expect(discovery.leavingOut(files: ["Nowhere/project.yml"], because: "test") == nil)
    }

    /// A pattern never stands for a file left out: `Sources/*` would read the server package
    /// left out beside the app's packages again, so they are listed one by one.
    @Test func aPatternNeverBringsBackWhatWasLeftOut() {
        let packages = ["Sources/Models", "Sources/Networking"]
        #expect(WorkspaceDiscovery.patterns(packages, leaf: nil) == ["Sources/*"])
        #expect(WorkspaceDiscovery.patterns(packages, leaf: nil, avoiding: ["Sources/PushServer/Package.swift"]) == packages)
        #expect(WorkspaceDiscovery.patterns(packages, leaf: nil, avoiding: ["Tools/Lint/Package.swift"]) == ["Sources/*"])
        let specs = ["Modules/Radio/project.yml", "Modules/Network/project.yml"]
        #expect(WorkspaceDiscovery.patterns(specs, leaf: true, avoiding: ["Modules/Copy/project.yml"]) == specs)
        let podspecs = ["Pods/Radio/Radio.podspec", "Pods/Network/Network.podspec"]
        #expect(WorkspaceDiscovery.patterns(podspecs, leaf: true) == ["Pods/*/*.podspec"])
        #expect(WorkspaceDiscovery.patterns(podspecs, leaf: true, avoiding: ["Pods/Old/Old.podspec"]) == podspecs)
    }
}
