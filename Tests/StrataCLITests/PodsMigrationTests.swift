import Foundation
import StrataInit
import StrataManifest
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// `strata migrate` on a CocoaPods workspace: pods in three layers (subspecs with default
/// subspecs, a test spec, an app spec, resources, excluded files, an umbrella header, an
/// Objective-C file), a Podfile app with a test bundle, and an external pod whose package is a
/// local git repository. Migrated, the graph is the pods' graph; generated, SwiftPM builds and
/// tests it; checked, it is clean.
@Suite struct PodsMigrationTests {
    static let manifest = """
        name: Station
        layers:
          - { name: feature, patterns: ["*Feature"] }
          - { name: service, patterns: ["*Service"] }
          - { name: core, patterns: [CoreKit, Formatting] }
        adopt:
          packages: []
          podspecs: ["Pods/*/*.podspec"]
          podfile: Podfile
          spec-repos: [Specs]
        owners:
          "@station/core": [CoreKit]
        """

    static let files: [String: String] = [
        "Podfile": """
        platform :ios, '15.0'
        use_frameworks!
        target 'Station' do
          pod 'DockingFeature', :path => 'Pods/DockingFeature'
          pod 'CoreKit/Logging', :path => 'Pods/CoreKit'
          target 'StationTests' do
            inherit! :search_paths
          end
        end
        """,
        "Station/main.swift": "import DockingFeature\nimport CoreKit\nLog.write(DockingScreen().title)\n",
        "Pods/CoreKit/CoreKit.podspec": """
        Pod::Spec.new do |s|
          s.name = 'CoreKit'
          s.version = '1.4.0'
          s.source = { :git => 'https://git.example.com/core.git', :tag => s.version.to_s }
          s.ios.deployment_target = '15.0'
          s.swift_versions = ['5.9']
          s.frameworks = 'Foundation'
          s.source_files = 'Sources/CoreKit.h'
          s.default_subspecs = 'Logging'
          s.subspec 'Logging' do |l|
            l.source_files = 'Sources/Logging/**/*.swift'
          end
          s.subspec 'Storage' do |st|
            st.source_files = 'Sources/Storage/*.swift'
            st.dependency 'CoreKit/Logging'
          end
          s.subspec 'Experimental' do |e|
            e.source_files = 'Sources/Experimental/*.swift'
          end
          s.test_spec 'Tests' do |t|
            t.source_files = 'Tests/**/*.swift'
          end
        end
        """,
        "Pods/CoreKit/Sources/CoreKit.h": "#import <Foundation/Foundation.h>\n",
        "Pods/CoreKit/Sources/Logging/Log.swift": "public enum Log { public static func write(_ text: String) { print(text) } }\n",
        "Pods/CoreKit/Sources/Storage/Store.swift":
            "public struct Store { public init() {}\n  public func save(_ key: String) { Log.write(key) } }\n",
        "Pods/CoreKit/Sources/Experimental/Beta.swift": "this is not Swift, and no build must see it\n",
        "Pods/CoreKit/Tests/LogTests.swift":
            "import XCTest\n@testable import CoreKit\nfinal class LogTests: XCTestCase { func testWrite() { Log.write(\"x\") } }\n",
        "Pods/CoreKit/README.md": "# CoreKit\n",
        "Pods/Formatting/Formatting.podspec": """
        Pod::Spec.new do |s|
          s.name = 'Formatting'
          s.version = '2.0.0'
          s.source = { :git => 'https://git.example.com/formatting.git', :tag => "v#{s.version}" }
          s.source_files = 'Formatting/**/*.swift'
          s.dependency 'Clamp', '~> 1.2'
        end
        """,
        "Pods/Formatting/Formatting/Format.swift": "import Clamp\npublic func format(_ value: Int) -> String { String(clamp(value, to: 0...100)) }\n",
        "Pods/DockingService/DockingService.podspec": """
        Pod::Spec.new do |s|
          s.name = 'DockingService'
          s.version = '3.1.0'
          s.source = { :git => 'https://git.example.com/docking.git', :tag => s.version.to_s }
          s.source_files = 'Classes/**/*.{swift,m}'
          s.exclude_files = 'Classes/Legacy/**'
          s.resources = 'Resources/*.json'
          s.dependency 'CoreKit/Storage'
          s.dependency 'Formatting'
        end
        """,
        "Pods/DockingService/Classes/Docking.swift": """
        import Foundation
        import CoreKit
        import Formatting
        public protocol Docking { func dock() -> String }
        public struct DockingService: Docking {
          public init() {}
          public func dock() -> String {
            Store().save("dock")
            let ports = Bundle.module.url(forResource: "ports", withExtension: "json") != nil
            return format(ports ? 42 : 0)
          }
        }
        """,
        "Pods/DockingService/Classes/Bridge.m": "@import Foundation;\n",
        "Pods/DockingService/Classes/Legacy/Old.swift": "this is not Swift either\n",
        "Pods/DockingService/Resources/ports.json": "[1, 2]\n",
        "Pods/DockingService/Info.plist": "<plist/>\n",
        "Pods/DockingFeature/DockingFeature.podspec": """
        Pod::Spec.new do |s|
          s.name = 'DockingFeature'
          s.version = '1.0.0'
          s.source = { :git => 'https://git.example.com/feature.git', :tag => s.version.to_s }
          s.source_files = 'Sources/**/*.swift'
          s.dependency 'DockingService'
          s.app_spec 'Demo' do |app|
            app.source_files = 'Demo/*.swift'
          end
        end
        """,
        "Pods/DockingFeature/Sources/DockingScreen.swift": """
        import DockingService
        public struct DockingScreen { public init() {}
          public var title: String { "Docked at " + DockingService().dock() } }
        """,
        "Pods/DockingFeature/Demo/main.swift": "import DockingFeature\nprint(DockingScreen().title)\n",
    ]

    /// A package for the external pod `Clamp`, in a git repository of its own tagged 1.2.0.
    static func clampRepository(in folder: String) async throws -> String {
        let repository = folder + "/clamp"
        try FileManager.default.createDirectory(atPath: repository + "/Sources/Clamp", withIntermediateDirectories: true)
        try """
        // swift-tools-version: 5.9
        import PackageDescription
        let package = Package(name: "Clamp", products: [.library(name: "Clamp", targets: ["Clamp"])], targets: [.target(name: "Clamp")])
        """.write(toFile: repository + "/Package.swift", atomically: true, encoding: .utf8)
        try "public func clamp(_ value: Int, to range: ClosedRange<Int>) -> Int { min(max(value, range.lowerBound), range.upperBound) }\n"
            .write(toFile: repository + "/Sources/Clamp/Clamp.swift", atomically: true, encoding: .utf8)
        let git = try await StrataBinary.run(
            [], in: repository,
            shell:
                "git init -q && git add -A && git -c user.name=t -c user.email=t@example.com commit -qm clamp && git tag 1.2.0")
        try #require(git.status == 0, "\(git.stderr)")
        return repository
    }

    static func workspace() throws -> (root: String, folder: String) {
        let root = try Fixtures.temporaryFolder("strata-migrate-pods")
        let folder = root + "/station"
        for (path, text) in files.merging(["strata.yml": manifest], uniquingKeysWith: { a, _ in a }) {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return (root, folder)
    }

    @Test func podsMigrateGenerateBuildAndCheckClean() async throws {
        let (root, folder) = try Self.workspace()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let before = try String(contentsOfFile: folder + "/strata.yml", encoding: .utf8)

        // Clamp's podspec (in the spec repo) names a git repository at hand with a Package.swift at
        // its tag: pods.yml is drafted with its package, and the migration proved and written at once.
        let clamp = try await Self.clampRepository(in: root)
        try FileManager.default.createDirectory(atPath: folder + "/Specs/Clamp/1.2.0", withIntermediateDirectories: true)
        try """
        Pod::Spec.new do |s|
          s.name = 'Clamp'
          s.version = '1.2.0'
          s.source = { :git => '\(clamp)', :tag => s.version.to_s }
          s.source_files = 'Sources/**/*.swift'
        end
        """.write(toFile: folder + "/Specs/Clamp/1.2.0/Clamp.podspec", atomically: true, encoding: .utf8)
        let migrated = try await StrataBinary.run(["migrate"], in: folder)
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let homes = try String(contentsOfFile: folder + "/pods.yml", encoding: .utf8)
        #expect(homes.contains("  Clamp: { url: \"\(clamp)\", from: 1.2.0, product: Clamp } # Package.swift seen at 1.2.0\n"), "\(homes)")
        #expect(try String(contentsOfFile: folder + "/strata.yml", encoding: .utf8) != before)
        #expect(migrated.stderr.contains("4 modules and 2 apps from pods; the migrated graph is the pods' graph"), "\(migrated.stderr)")
        for note in Self.expectedNotes { #expect(migrated.stderr.contains("strata: note: " + note), "\(note)\n\(migrated.stderr)") }
        let manifest = try String(contentsOfFile: folder + "/strata.yml", encoding: .utf8)
        for line in Self.expectedLines { #expect(manifest.contains(line), "\(line)\n\(manifest)") }

        let generated = try await StrataBinary.run(["generate", "--quiet"], in: folder)
        #expect(generated.status == 0, "\(generated.stderr)")
        let build = try await StrataBinary.run([], in: folder, shell: "swift build --build-tests \(ThrowawayBuild.flags) 2>&1")
        #expect(build.status == 0, "\(build.stdout.suffix(3_000))")
        let demo = try await StrataBinary.run([], in: folder, shell: "swift run \(ThrowawayBuild.flags) DockingFeatureDemo 2>&1")
        #expect(demo.stdout.contains("Docked at 42"), "\(demo.stdout.suffix(2_000))")
        let check = try await StrataBinary.run(["check", "--strict-imports"], in: folder)
        #expect(check.status == 0 && check.stdout.contains("no violations"), "\(check.stdout)")
    }

    static let expectedNotes = [
        "pod 'CoreKit': subspecs 'CoreKit/Logging', 'CoreKit/Storage' are built into module 'CoreKit', as CocoaPods builds a pod and the subspecs in use as one module ('import CoreKit')",
        "pod 'CoreKit': subspecs 'CoreKit/Experimental' are left out: they are not default subspecs and nothing in the workspace asks for them",
        "pod 'CoreKit': 1 header files (Sources/CoreKit.h) are left out: a Swift target has no headers",
        "pod 'DockingService' mixes Swift and Objective-C/C: SwiftPM builds one language per target, so its 1 C-family files (Classes/Bridge.m) are left out",
        "pod 'DockingService': its resources go into the module's own bundle ('Bundle.module')",
        "Podfile target 'StationTests' is a test bundle of the Xcode project: it stays there",
        "the Podfile's 'use_frameworks!' made the pods dynamic frameworks; the modules link statically",
        "app 'Station': its sources are taken from 'Station', the folder named after it beside the Podfile",
    ]

    static let expectedLines = [
        "  DockingFeature:\n    layer: feature\n    path: \"Pods/DockingFeature/Sources\"\n    dependencies: [DockingService]\n    swift-language-mode: \"5\"\n    tests: false\n",
        "    path: \"Pods/DockingService\"\n    exclude: [\"Classes/Bridge.m\", \"Classes/Legacy\", \"DockingService.podspec\", \"Info.plist\"]\n    resources: [\"Resources\"]\n",
        "    path: \"Pods/CoreKit/Sources\"\n    exclude: [\"CoreKit.h\", \"Experimental\"]\n",
        "    frameworks: [{ name: Foundation, platforms: [iOS] }]\n",
        "    tests: { path: \"Pods/CoreKit/Tests\", swift-language-mode: \"5\" }\n",
        "    packages: [\"clamp/Clamp\"]\n",
        "generate: { platforms: { iOS: \"15.0\" } }\n",
        "owners:\n  \"@station/core\": [CoreKit]\n",
        "apps:\n  DockingFeatureDemo: { dependencies: [DockingFeature], path: \"Pods/DockingFeature/Demo\" }\n  Station: { dependencies: [DockingFeature, CoreKit], path: \"Station\" }\n",
    ]
}
