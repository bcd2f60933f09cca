import Foundation
import StrataDiagnostics
import StrataManifest
import StrataProjectFormat
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// Xcode projects in adopt mode: the fixture's graph, and what a damaged or incomplete project
/// gives — an error at the line that caused it (exit 2), or a note for what is only skipped.
@Suite struct XcodeProjectAdoptTests {
    static let fixture = Fixtures.path("Adopt/XcodeProjects")

    /// A copy of the fixture to damage, with its strata.yml's `adopt:` replaced when asked.
    static func copy(label: String) throws -> String {
        let root = try Fixtures.temporaryFolder(label)
        try FileManager.default.removeItem(atPath: root)
        try FileManager.default.copyItem(atPath: fixture, toPath: root)
        return root
    }

    static func edit(_ path: String, _ change: (String) -> String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let changed = change(text)
        #expect(changed != text, "the edit changed nothing in \(path)")
        try changed.write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func errors(loading root: String) async -> [Diagnostic] {
        do throws(InputErrors) {
            _ = try await WorkspaceLoader().load(path: root)
            return []
        } catch {
            return error.diagnostics
        }
    }

    @Test func theFixtureReadsIntoOneGraphWithTheReferencedProjectAndThePackages() async throws {
        let loaded = try await WorkspaceLoader().load(path: Self.fixture)
        let workspace = loaded.workspace
        func edges(from name: String) -> [String] {
            workspace.dependencies[workspace.index[name]!].map { workspace.targets[$0.target].name }
        }
        #expect(
            Set(workspace.targets.map(\.name)) == [
                "StationApp", "StationWidget", "CoreKit", "DockingFeature", "StationTests", "SharedUI", "Kit", "alamofire/Alamofire",
            ])
        #expect(edges(from: "StationApp") == ["CoreKit", "DockingFeature", "SharedUI", "Kit", "alamofire/Alamofire"])
        #expect(edges(from: "StationTests") == ["StationApp"])
        #expect(edges(from: "DockingFeature") == ["CoreKit", "Kit"])
        let docking = try #require(workspace.targets.first { $0.name == "DockingFeature" })
        #expect(docking.linkage == .static)
        let app = try #require(workspace.targets.first { $0.name == "StationApp" })
        #expect(app.role == .app && app.modules == .named(["Station_App"]))
        // What a cache of the graph must stamp: both project files and the configuration files.
        for input in ["Station.xcodeproj/project.pbxproj", "Shared/Shared.xcodeproj/project.pbxproj", "Configs/Feature.xcconfig"] {
            #expect(loaded.inputs.contains(Self.fixture + "/" + input), "\(input)")
        }
        #expect(workspace.projectSpecs.contains { $0.targets == ["SharedUI"] })
    }

    /// A local package added as Xcode 14 and earlier did: a folder of the file tree (its type
    /// written `text`, as Pocket Casts' project has it) and products named without a package
    /// reference. The folder is read as a package and the products found in it by name.
    @Test func aPackageFolderInTheFileTreeProvidesProductsNamedWithoutAPackage() async throws {
        let root = try Self.copy(label: "xcode-package-folder")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.edit(root + "/Station.xcodeproj/project.pbxproj") { text in
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.removeAll {
                $0.contains("package = 621539B0DF01DC1632D6A948")
                    || $0.contains("621539B0DF01DC1632D6A948 /* XCLocalSwiftPackageReference \"Packages/Kit\" */,")
            }
            let section = lines.firstIndex { $0.contains("621539B0DF01DC1632D6A948 /* XCLocalSwiftPackageReference \"Packages/Kit\" */ = {") }!
            lines.removeSubrange(section...(section + 3))
            return lines.joined(separator: "\n").replacingOccurrences(
                of: "/* Kit */ = {isa = PBXFileReference; lastKnownFileType = wrapper; path = Packages/Kit;",
                with: "/* Kit */ = {isa = PBXFileReference; lastKnownFileType = text; path = Packages/Kit;")
        }
        let workspace = try await WorkspaceLoader().load(path: root).workspace
        func edges(from name: String) -> [String] {
            workspace.dependencies[workspace.index[name]!].map { workspace.targets[$0.target].name }
        }
        #expect(edges(from: "StationApp") == ["CoreKit", "DockingFeature", "SharedUI", "Kit", "alamofire/Alamofire"])
        #expect(edges(from: "DockingFeature") == ["CoreKit", "Kit"])
    }

    /// A product written without its package that no local package vends is one of the remote
    /// packages' (Xcode finds it by name among them): an external node of `any-package`, not an
    /// unknown dependency that stops the load (DuckDuckGo's iOS app writes three such).
    @Test func aProductWithoutAPackageThatNoLocalPackageVendsIsAnyPackages() async throws {
        let root = try Self.copy(label: "xcode-product-without-package")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.edit(root + "/Station.xcodeproj/project.pbxproj") {
            $0.replacingOccurrences(
                of: "\t\t\tpackage = 1B77EBBA2D773AB0E87CE224 /* XCRemoteSwiftPackageReference \"Alamofire\" */;\n\t\t\tproductName = Alamofire;",
                with: "\t\t\tproductName = Alamofire;")
        }
        let workspace = try await WorkspaceLoader().load(path: root).workspace
        let app = try #require(workspace.index["StationApp"])
        #expect(
            workspace.dependencies[app].map { workspace.targets[$0.target].name } == [
                "CoreKit", "DockingFeature", "SharedUI", "Kit", "any-package/Alamofire",
            ])
        #expect(workspace.targets.first { $0.name == "any-package/Alamofire" }?.role == .external)
    }

    /// Without a `name:`, the workspace is named after its Xcode project (the app), not after
    /// the first local package read beside it.
    @Test func aWorkspaceWithoutANameIsNamedAfterItsXcodeProject() async throws {
        let root = try Self.copy(label: "xcode-name")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.edit(root + "/strata.yml") { $0.replacingOccurrences(of: "name: XcodeProjects\n", with: "") }
        #expect(try await WorkspaceLoader().load(path: root).workspace.name == "Station")
    }

    /// Platform filters make a dependency conditional: `platformFilters` on both the target
    /// dependency and the Frameworks entry, Xcode's names as SwiftPM's; a declaration whose other
    /// half has no filter applies everywhere; a name Xcode does not write is a warning.
    @Test func platformFiltersMakeADependencyConditional() async throws {
        let root = try Self.copy(label: "xcode-platform-filters")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.edit(root + "/Station.xcodeproj/project.pbxproj") {
            $0.replacingOccurrences(
                of: "fileRef = D975A99DDB75010796525336 /* DockingFeature.framework */; };",
                with: "fileRef = D975A99DDB75010796525336 /* DockingFeature.framework */; platformFilters = (ios, xros, ); };"
            )
            .replacingOccurrences(
                of: "target = 0A5A1FE9A2FEF09D2C87A3B4 /* DockingFeature */;",
                with: "platformFilters = (\n\t\t\t\tios,\n\t\t\t\txros,\n\t\t\t);\n\t\t\ttarget = 0A5A1FE9A2FEF09D2C87A3B4 /* DockingFeature */;"
            )
            .replacingOccurrences(
                of: "fileRef = F237398CCD78D0615DB73644 /* SharedUI.framework */; };",
                with: "fileRef = F237398CCD78D0615DB73644 /* SharedUI.framework */; platformFilter = maccatalyst; };"
            )
            .replacingOccurrences(
                of: "productRef = E52A64F0258D363D7A309503 /* Kit */; };",
                with: "productRef = E52A64F0258D363D7A309503 /* Kit */; platformFilters = (ios, amiga, ); };")
        }
        let loaded = try await WorkspaceLoader().load(path: root)
        let workspace = loaded.workspace
        func condition(_ from: String, _ to: String) -> [String]? {
            workspace.dependencies[workspace.index[from]!].first { workspace.targets[$0.target].name == to }?.condition?.platforms
        }
        #expect(condition("StationApp", "DockingFeature") == ["ios", "visionos"])
        #expect(condition("StationApp", "SharedUI") == nil)
        #expect(condition("StationApp", "Kit") == nil)
        let warnings = loaded.diagnostics.filter { $0.id == "unknown-platform-filter" }
        #expect(warnings.count == 1 && warnings.first?.message.contains("'amiga'") == true, "\(loaded.diagnostics)")
    }

    @Test func aReferenceToAnObjectThatIsNotThereIsAnErrorAtTheObjectThatMakesIt() async throws {
        let root = try Self.copy(label: "xcode-dangling")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // CoreKit's build phase list names an object a bad merge lost.
        try Self.edit(root + "/Station.xcodeproj/project.pbxproj") { text in
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            // The target, after the group of the same name.
            let core = lines.lastIndex { $0.contains("/* CoreKit */ = {") }!
            var edited = lines
            edited[core + 4] = "\t\t\t\t0123456789ABCDEF01234567 /* Sources */,"
            return edited.joined(separator: "\n")
        }
        let errors = await Self.errors(loading: root)
        let error = try #require(errors.first)
        #expect(errors.count == 1, "\(errors)")
        #expect(error.id == "invalid-xcode-project" && error.severity == .error)
        #expect(
            error.message.contains("the PBXNativeTarget 'CoreKit' names '0123456789ABCDEF01234567' in 'buildPhases', which is not among the objects"),
            "\(error.message)")
        #expect(error.location?.path == root + "/Station.xcodeproj/project.pbxproj" && error.location?.line == 286)
        #expect(error.hint != nil)
    }

    @Test func aMissingReferencedProjectIsAnErrorWhereTheReferenceIsWritten() async throws {
        let root = try Self.copy(label: "xcode-missing-reference")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.removeItem(atPath: root + "/Shared/Shared.xcodeproj")
        let errors = await Self.errors(loading: root)
        let error = try #require(errors.first)
        #expect(errors.count == 1, "\(errors)")
        #expect(error.id == "missing-xcode-project")
        #expect(error.message == "project 'Station' references 'Shared.xcodeproj', which is not there")
        // The file reference to Shared.xcodeproj.
        #expect(error.location?.path == root + "/Station.xcodeproj/project.pbxproj" && error.location?.line == 90)
    }

    @Test func projectsThatReferenceEachOtherInACircleAreAnError() async throws {
        let root = try Self.copy(label: "xcode-cycle")
        defer { try? FileManager.default.removeItem(atPath: root) }
        // Shared references Station back.
        try Self.edit(root + "/Shared/Shared.xcodeproj/project.pbxproj") { text in
            text.replacingOccurrences(
                of: "/* Begin PBXGroup section */",
                with:
                    "\t\tAAAAAAAAAAAAAAAAAAAAAAAA /* Station.xcodeproj */ = {isa = PBXFileReference; path = ../Station.xcodeproj; sourceTree = \"<group>\"; };\n/* Begin PBXGroup section */"
            ).replacingOccurrences(
                of: "\t\t\tprojectRoot = \"\";",
                with:
                    "\t\t\tprojectReferences = (\n\t\t\t\t{\n\t\t\t\t\tProjectRef = AAAAAAAAAAAAAAAAAAAAAAAA;\n\t\t\t\t},\n\t\t\t);\n\t\t\tprojectRoot = \"\";"
            )
        }
        let errors = await Self.errors(loading: root)
        let error = try #require(errors.first)
        #expect(errors.count == 1, "\(errors)")
        #expect(error.id == "xcode-project-cycle")
        #expect(error.message == "projects reference each other in a circle: Station → Shared → Station", "\(error.message)")
    }

    @Test func unknownObjectKindsAreSkippedWithOneNoteEach() async throws {
        let root = try Self.copy(label: "xcode-unknown-kind")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.edit(root + "/Station.xcodeproj/project.pbxproj") { text in
            text.replacingOccurrences(
                of: "/* Begin PBXGroup section */",
                with:
                    "\t\tBBBBBBBBBBBBBBBBBBBBBBB1 = {isa = XCFutureThing; };\n\t\tBBBBBBBBBBBBBBBBBBBBBBB2 = {isa = XCFutureThing; };\n/* Begin PBXGroup section */"
            )
        }
        let loaded = try await WorkspaceLoader().load(path: root)
        let notes = loaded.diagnostics.filter { $0.id == "unknown-xcode-object" }
        #expect(notes.map(\.message) == ["2 objects of kind 'XCFutureThing', which Strata does not know, skipped"])
        #expect(notes.first?.severity == .note && notes.first?.location?.line == 154)
        #expect(loaded.workspace.targets.count == 8)
    }

    @Test func cocoaPodsOwnProjectIsNotReadButNamedOnce() async throws {
        let root = try Self.copy(label: "xcode-pods")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/Pods/Pods.xcodeproj", withIntermediateDirectories: true)
        try "garbage".write(toFile: root + "/Pods/Pods.xcodeproj/project.pbxproj", atomically: true, encoding: .utf8)
        try Self.edit(root + "/strata.yml") {
            $0.replacingOccurrences(of: "xcode: [Station.xcodeproj]", with: "xcode: [\"*.xcodeproj\", \"Pods/*.xcodeproj\"]")
        }
        let loaded = try await WorkspaceLoader().load(path: root)
        let notes = loaded.diagnostics.filter { $0.message.contains("Pods.xcodeproj") }
        #expect(notes.count == 1 && notes.first?.severity == .note, "\(notes)")
        #expect(loaded.workspace.targets.count == 8)
    }

    @Test func aPatternThatFindsNoProjectAndAnOversizedProjectAreErrors() async throws {
        let root = try Self.copy(label: "xcode-size")
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.edit(root + "/strata.yml") { $0.replacingOccurrences(of: "xcode: [Station.xcodeproj]", with: "xcode: [Apps/*.xcodeproj]") }
        let missing = await Self.errors(loading: root)
        #expect(missing.map(\.id) == ["missing-xcode-project"] && missing.first?.location?.line == 16, "\(missing)")

        try Self.edit(root + "/strata.yml") { $0.replacingOccurrences(of: "xcode: [Apps/*.xcodeproj]", with: "xcode: [Station.xcodeproj]") }
        // 50 MB: a comment that long is still a property list, but not one Strata reads.
        let file = root + "/Station.xcodeproj/project.pbxproj"
        var bytes = Array("// !$*UTF8*$!\n/* ".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 50_000_000)
        bytes += Array(" */\n{ objects = {}; rootObject = A; }\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let oversized = await Self.errors(loading: root)
        #expect(oversized.map(\.id) == ["invalid-xcode-project"], "\(oversized)")
        #expect(oversized.first?.message.contains("over the 32 MiB Strata reads") == true)
        #expect(oversized.first?.location?.path == file)
    }
}

extension XcodeProjectAdoptTests {
    /// A workspace lists the projects and package folders: the same graph as the project, whose
    /// reference reads the other project anyway.
    @Test func aWorkspaceReadsIntoTheGraphItsProjectsMake() async throws {
        let root = try Self.copy(label: "xcode-workspace")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let direct = try await WorkspaceLoader().load(path: root)
        try Self.edit(root + "/strata.yml") { $0.replacingOccurrences(of: "xcode: [Station.xcodeproj]", with: "xcode: [Station.xcworkspace]") }
        let throughWorkspace = try await WorkspaceLoader().load(path: root)
        #expect(throughWorkspace.workspace.targets.map(\.name) == direct.workspace.targets.map(\.name))
        #expect(throughWorkspace.workspace.dependencies.count == direct.workspace.dependencies.count)
        #expect(throughWorkspace.inputs.contains(root + "/Station.xcworkspace/contents.xcworkspacedata"))

        // A project the workspace names that is not there: an error at its line.
        try FileManager.default.removeItem(atPath: root + "/Shared/Shared.xcodeproj")
        let errors = await Self.errors(loading: root)
        #expect(errors.map(\.message) == ["workspace 'Station.xcworkspace' references 'Shared.xcodeproj', which is not there"], "\(errors)")
        #expect(errors.first?.location?.line == 11)
    }
}

extension XcodeProjectAdoptTests {
    /// `--configuration` decides the settings projects are read with: DockingFeature's
    /// Feature.xcconfig makes it static, and its Release configuration dynamic again.
    @Test func theConfigurationAskedForDecidesLinkage() async throws {
        func linkage(_ configuration: String) async throws -> Linkage? {
            var loader = WorkspaceLoader()
            loader.xcodeConfiguration = configuration
            let workspace = try await loader.load(path: Self.fixture).workspace
            return workspace.targets.first { $0.name == "DockingFeature" }?.linkage
        }
        #expect(try await linkage("Debug") == .static)
        #expect(try await linkage("Release") == .dynamic)
    }
}
