import Foundation
import StrataDiagnostics
import StrataRules
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// static-linked-once over an Xcode project, per process image: an app and its extension are
/// checked apart, and what an app merges into its own image (mergeable libraries, in optimised
/// builds) is part of that image. The fixture: `Tests/Fixtures/Adopt/XcodeLinkage`.
@Suite struct XcodeMergeableLibrariesTests {
    static let fixture = Fixtures.path("Adopt/XcodeLinkage")

    /// Each finding as "image root: library", for the configuration asked.
    static func findings(at root: String = fixture, configuration: String) async throws -> [String] {
        var loader = WorkspaceLoader()
        loader.xcodeConfiguration = configuration
        let workspace = try await loader.load(path: root).workspace
        return StaticLinkedOnce().check(workspace).map { "\($0.subject.source): \($0.subject.target)" }.sorted()
    }

    /// A copy of the fixture with its project file changed by `edit`.
    static func copy(_ edit: (String) -> String) throws -> String {
        let root = try Fixtures.copy(of: fixture, label: "strata-xcode-linkage")
        let file = root + "/Linkage.xcodeproj/project.pbxproj"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let changed = edit(text)
        #expect(changed != text, "the edit changed nothing")
        try changed.write(toFile: file, atomically: true, encoding: .utf8)
        return root
    }

    @Test func eachProcessImageIsCheckedAndTheAppMergesItsFrameworksOnlyWhenOptimised() async throws {
        // Debug (-Onone): Networking is a dynamic library in the app too.
        #expect(try await Self.findings(configuration: "Debug") == ["LinkApp: Analytics", "LinkWidget: Analytics"])
        // Release: the app merges Networking, so Analytics is in its one image once; the widget
        // merges nothing and is a process of its own.
        #expect(try await Self.findings(configuration: "Release") == ["LinkWidget: Analytics"])
    }

    /// The finding says what runs the process: the app, or the app extension.
    @Test func aFindingNamesTheProcessByWhatXcodeBuilds() async throws {
        var loader = WorkspaceLoader()
        loader.xcodeConfiguration = "Release"
        let workspace = try await loader.load(path: Self.fixture).workspace
        let messages = StaticLinkedOnce().check(workspace).map(\.message)
        #expect(messages.count == 1)
        #expect(
            messages.first?.hasPrefix(
                "in app extension 'LinkWidget', static library 'Analytics' would be embedded in 2 images: 'LinkWidget' (the app extension), ")
                == true, "\(messages)")
        let debug = try await WorkspaceLoader().load(path: Self.fixture).workspace
        #expect(
            StaticLinkedOnce().check(debug).contains {
                $0.message.hasPrefix("in app 'LinkApp', static library 'Analytics'") && $0.message.contains("'LinkApp' (the app)")
            })
    }

    @Test func aReleaseConfigurationThatIsNotOptimisedMergesNothing() async throws {
        let root = try Self.copy { $0.replacingOccurrences(of: #"SWIFT_OPTIMIZATION_LEVEL = "-O";"#, with: #"SWIFT_OPTIMIZATION_LEVEL = "-Onone";"#) }
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try await Self.findings(at: root, configuration: "Release") == ["LinkApp: Analytics", "LinkWidget: Analytics"])
    }

    @Test func manualMergingTakesOnlyLibrariesBuiltMergeable() async throws {
        let manual = try Self.copy { $0.replacingOccurrences(of: "MERGED_BINARY_TYPE = automatic;", with: "MERGED_BINARY_TYPE = manual;") }
        defer { try? FileManager.default.removeItem(atPath: manual) }
        #expect(try await Self.findings(at: manual, configuration: "Release") == ["LinkApp: Analytics", "LinkWidget: Analytics"])

        let mergeable = try Self.copy {
            $0.replacingOccurrences(of: "MERGED_BINARY_TYPE = automatic;", with: "MERGED_BINARY_TYPE = manual;")
                .replacingOccurrences(of: #"SWIFT_OPTIMIZATION_LEVEL = "-O";"#, with: #"MERGEABLE_LIBRARY = YES; SWIFT_OPTIMIZATION_LEVEL = "-O";"#)
        }
        defer { try? FileManager.default.removeItem(atPath: mergeable) }
        #expect(try await Self.findings(at: mergeable, configuration: "Release") == ["LinkWidget: Analytics"])
    }

    /// An XcodeGen spec's merging, read in the configuration asked for: `configs:` over `base:`,
    /// the target's over the project's, and XcodeGen's presets (`-Onone` in Debug, `-O` in Release).
    @Test func anXcodeGenSpecsMergingIsReadForTheConfiguration() async throws {
        let root = try Fixtures.temporaryFolder("strata-xcodegen-merging")
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (folder, source) in [("App", "import Networking\nimport Analytics\n"), ("Networking", "import Analytics\n"), ("Analytics", "")] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            try (source + "public let value = 1\n").write(toFile: "\(root)/\(folder)/\(folder).swift", atomically: true, encoding: .utf8)
        }
        try """
        name: Merging
        layers:
          - { name: feature, patterns: [Networking] }
          - { name: core, patterns: [Analytics] }
        adopt:
          packages: []
          xcodegen: [project.yml]

        """.write(toFile: root + "/strata.yml", atomically: true, encoding: .utf8)
        func write(app appSettings: String, networking: String) throws {
            try """
            name: Merging
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                settings:
            \(appSettings)
                dependencies: [{ target: Networking }, { target: Analytics }]
              Networking:
                type: framework
                platform: iOS
                sources: [Networking]
                settings:
            \(networking)
                dependencies: [{ target: Analytics, link: true }]
              Analytics:
                type: library.static
                platform: iOS
                sources: [Analytics]

            """.write(toFile: root + "/project.yml", atomically: true, encoding: .utf8)
        }
        func withStagingRelease() throws {
            let spec = try String(contentsOfFile: root + "/project.yml", encoding: .utf8)
            try (spec + "configs: { Debug: debug, Release: release, Staging Release: release }\n").write(
                toFile: root + "/project.yml", atomically: true, encoding: .utf8)
        }
        // Automatic, for Release only: Debug links Networking dynamically, so Analytics (which
        // Networking links, as XcodeGen does a static library only with `link: true`) is in two images.
        try write(app: "      configs:\n        release:\n          MERGED_BINARY_TYPE: automatic", networking: "      PRODUCT_NAME: Networking")
        #expect(try await Self.findings(at: root, configuration: "Debug") == ["App: Analytics"])
        #expect(try await Self.findings(at: root, configuration: "Release") == [])
        // Manual: only a library built mergeable is merged (a YAML boolean, as XcodeGen writes it YES).
        try write(app: "      base:\n        MERGED_BINARY_TYPE: manual", networking: "      PRODUCT_NAME: Networking")
        #expect(try await Self.findings(at: root, configuration: "Release") == ["App: Analytics"])
        try write(app: "      base:\n        MERGED_BINARY_TYPE: manual", networking: "      MERGEABLE_LIBRARY: yes")
        #expect(try await Self.findings(at: root, configuration: "Release") == [])
        // A key spelled as a configuration's name is that configuration's alone; another applies to
        // every configuration whose name contains it, case aside (as XcodeGen 2.45 generates).
        try write(app: "      configs:\n        Release:\n          MERGED_BINARY_TYPE: automatic", networking: "      PRODUCT_NAME: Networking")
        try withStagingRelease()
        #expect(try await Self.findings(at: root, configuration: "Release") == [])
        #expect(try await Self.findings(at: root, configuration: "Staging Release") == ["App: Analytics"])
        try write(app: "      configs:\n        release:\n          MERGED_BINARY_TYPE: automatic", networking: "      PRODUCT_NAME: Networking")
        try withStagingRelease()
        #expect(try await Self.findings(at: root, configuration: "Staging Release") == [])
        // A Release that is not optimised merges nothing.
        try write(
            app: "      base:\n        MERGED_BINARY_TYPE: automatic\n        SWIFT_OPTIMIZATION_LEVEL: -Onone",
            networking: "      PRODUCT_NAME: Networking")
        #expect(try await Self.findings(at: root, configuration: "Release") == ["App: Analytics"])
    }
}
