import Foundation
import StrataDiagnostics
import StrataManifest
import StrataProjectFormat
import Testing

@testable import StrataXcodeProject

/// The Xcode project fixture read into its targets: roles, linkage and module names from the
/// chosen configuration's settings, sources from groups and synchronized folders, and
/// dependencies from target dependencies, the Frameworks phase and package products.
@Suite struct XcodeProjectTests {
    static let folder = ProjectFixtures.station

    static func station(_ configuration: String = "Debug") throws -> XcodeProject {
        try XcodeProject(path: folder + "/Station.xcodeproj", files: LocalFiles(), configuration: configuration)
    }

    static func target(_ name: String, in project: XcodeProject) throws -> XcodeTarget {
        try #require(project.targets.first { $0.name == name }, "no target '\(name)'")
    }

    @Test func targetsHaveTheirRolesAndTheAggregateIsLeftOutWithANote() throws {
        let project = try Self.station()
        #expect(project.name == "Station" && project.folder == Self.folder)
        #expect(project.targets.map(\.name) == ["StationApp", "StationWidget", "CoreKit", "DockingFeature", "StationTests"])
        #expect(project.targets.map(\.role) == [.application, .appExtension, .framework, .framework, .unitTests])
        let note = try #require(project.warnings.first { $0.id == XcodeProject.skippedTargetID })
        #expect(note.severity == .note && note.message.contains("'Lint' is an aggregate target"))
        #expect(note.location?.path == Self.folder + "/Station.xcodeproj/project.pbxproj")
    }

    @Test func settingsComeFromTheConfigurationAskedForThroughEveryLevel() throws {
        let debug = try Self.station("Debug")
        let app = try Self.target("StationApp", in: debug)
        // PRODUCT_NAME from the target's settings; the module name is its C99 identifier.
        #expect(app.productName == "Station App" && app.moduleName == "Station_App")
        // `DEBUG $(inherited)` in the project's settings, over STATION in its .xcconfig.
        #expect(app.compilationConditions == ["DEBUG", "STATION"])
        // MACH_O_TYPE from the .xcconfig the target's Debug configuration is based on (which
        // includes Base.xcconfig); Release sets it back to a dynamic library.
        #expect(try Self.target("DockingFeature", in: debug).kind == .library(isStatic: true))
        let release = try Self.station("Release")
        #expect(try Self.target("DockingFeature", in: release).kind == .library(isStatic: false))
        #expect(try Self.target("StationApp", in: release).compilationConditions == ["STATION"])
        // A configuration the project does not have: its default one (Release).
        #expect(try Self.target("DockingFeature", in: try Self.station("Profile")).kind == .library(isStatic: false))
        #expect(try Self.target("CoreKit", in: debug).isMergeable)
        #expect(try Self.target("CoreKit", in: debug).moduleName == "CoreKit")
        // Each file once, though Feature.xcconfig includes Base.xcconfig, which the project reads too.
        #expect(debug.inputs == ["Station.xcodeproj/project.pbxproj", "Configs/Base.xcconfig", "Configs/Feature.xcconfig"].map { Self.folder + "/" + $0 })
    }

    @Test func sourcesComeFromGroupsOfEverySourceTreeAndSynchronizedFolders() throws {
        let project = try Self.station()
        #expect(try Self.target("StationApp", in: project).sources.files == [Self.folder + "/App/StationApp.swift"])
        // A group with a name and no path is the folder of the group around it.
        #expect(try Self.target("StationWidget", in: project).sources.files == [Self.folder + "/Widget/StationWidget.swift"])
        // SOURCE_ROOT, on a group and on a file.
        #expect(try Self.target("CoreKit", in: project).sources.files == [Self.folder + "/CoreKit/Theme.swift"])
        #expect(try Self.target("StationTests", in: project).sources.files == [Self.folder + "/AppTests/StationTests.swift"])
        let docking = try Self.target("DockingFeature", in: project).sources
        #expect(docking == XcodeTargetSources(files: [], folders: [Self.folder + "/DockingFeature"], excluded: [Self.folder + "/DockingFeature/Legacy.swift"]))
    }

    @Test func dependenciesComeFromTargetsTheFrameworksPhaseAndPackages() throws {
        let project = try Self.station()
        let app = try Self.target("StationApp", in: project)
        let shared = Self.folder + "/Shared/Shared.xcodeproj"
        #expect(app.dependencies.map(\.kind) == [
            .target("CoreKit"), .target("DockingFeature"), .target("StationWidget"), .projectTarget(project: shared, name: "SharedUI"),
            .packageProduct("Kit", package: .local(Self.folder + "/Packages/Kit")),
            .packageProduct("Alamofire", package: .remote("https://github.com/Alamofire/Alamofire.git")),
        ])
        // The widget is embedded, not linked; UIKit is the SDK's and no dependency at all.
        #expect(app.dependencies.map(\.isLinked) == [true, true, false, true, true, true])
        // A target dependency through a container proxy of the same project, not linked.
        let core = try Self.target("CoreKit", in: project)
        #expect(core.dependencies.map(\.kind) == [.target("DockingFeature")] && core.dependencies.map(\.isLinked) == [false])
        #expect(core.dependencies[0].location.line == 469)
        // Linked without a target dependency: Xcode's implicit dependency on the product.
        let docking = try Self.target("DockingFeature", in: project)
        #expect(docking.dependencies.map(\.kind) == [.target("CoreKit"), .packageProduct("Kit", package: .local(Self.folder + "/Packages/Kit"))])
        #expect(try Self.target("StationTests", in: project).dependencies.map(\.kind) == [.target("StationApp")])
        #expect(project.projectReferences.map(\.value) == [shared])
        #expect(project.localPackages.map(\.value) == [Self.folder + "/Packages/Kit"])
    }
}

extension XcodeProjectTests {
    /// Writes `text` as the project file of the project at `project` (relative to `folder`) and
    /// reads it in the Debug configuration.
    static func read(_ text: String, at project: String = "App.xcodeproj", in folder: String) throws -> XcodeProject {
        try FileManager.default.createDirectory(atPath: folder + "/" + project, withIntermediateDirectories: true)
        try text.write(toFile: folder + "/" + project + "/project.pbxproj", atomically: true, encoding: .utf8)
        return try XcodeProject(path: folder + "/" + project, files: LocalFiles(), configuration: "Debug")
    }

    /// Targets are read in runs on all cores: what one reader would say comes out the same, the
    /// targets in their order and each warning once, in the targets' order, however many runs.
    @Test func manyTargetsReadInParallelKeepTheirOrderAndWarnOnce() throws {
        let folder = try ProjectFixtures.temporaryFolder("strata-xcode-parallel")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "OTHER_SWIFT_FLAGS = -DSHARED\n".write(toFile: folder + "/Shared.xcconfig", atomically: true, encoding: .utf8)
        let count = 300
        var objects = ["X = { isa = PBXFileReference; path = Shared.xcconfig; sourceTree = \"<group>\"; };"]
        for index in 0..<count {
            objects += [
                "T\(index) = { isa = PBXNativeTarget; name = Module\(index); productType = \"com.apple.product-type.framework\"; buildConfigurationList = L\(index); buildPhases = (F\(index)); };",
                "L\(index) = { isa = XCConfigurationList; buildConfigurations = (C\(index)); };",
                "C\(index) = { isa = XCBuildConfiguration; name = Debug; baseConfigurationReference = X; buildSettings = {}; };",
                "F\(index) = { isa = PBXFrameworksBuildPhase; files = (B\(index)); };",
                "B\(index) = { isa = PBXBuildFile; fileRef = R\(index); platformFilter = \"plan9\"; };",
                "R\(index) = { isa = PBXFileReference; path = Lib\(index).framework; sourceTree = BUILT_PRODUCTS_DIR; };",
            ]
        }
        let targets = (0..<count).map { "T\($0)" }.joined(separator: ", ")
        let project = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 77; objects = {
              P = { isa = PBXProject; mainGroup = G; targets = (\(targets)); };
              G = { isa = PBXGroup; children = (X); sourceTree = "<group>"; };
              \(objects.joined(separator: "\n  "))
            }; rootObject = P; }
            """
        let read = try Self.read(project, in: folder)
        #expect(read.targets.map(\.name) == (0..<count).map { "Module\($0)" })
        #expect(read.targets.allSatisfy { $0.compilationConditions == ["SHARED"] })
        let filters = read.warnings.filter { $0.id == "unknown-platform-filter" }
        #expect(filters.map(\.message) == (0..<count).map { "the PBXBuildFile 'B\($0)' has the platform filter 'plan9', which Strata does not know" })
        #expect(filters.map { $0.location!.line } == filters.map { $0.location!.line }.sorted())
        #expect(read.inputs.filter { $0.hasSuffix("Shared.xcconfig") }.count == 1, "\(read.inputs)")
    }

    /// A framework under `Carthage/Build` is Carthage's, as XcodeGen's `carthage:` dependency
    /// names it (the XcodeGen oracle found the two readers naming it apart); another prebuilt
    /// framework is `frameworks/`.
    @Test func aFrameworkUnderCarthageBuildIsCarthages() throws {
        let folder = try ProjectFixtures.temporaryFolder("strata-xcode-carthage")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let project = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 77; objects = {
              P = { isa = PBXProject; mainGroup = G; targets = (T); };
              G = { isa = PBXGroup; children = (C, V); sourceTree = "<group>"; };
              C = { isa = PBXGroup; children = (K); name = Carthage; path = Carthage/Build; sourceTree = "<group>"; };
              K = { isa = PBXFileReference; path = iOS/Kingfisher.framework; sourceTree = "<group>"; };
              V = { isa = PBXFileReference; path = Vendor/Lottie.xcframework; sourceTree = "<group>"; };
              T = { isa = PBXNativeTarget; name = Feed; productType = "com.apple.product-type.framework"; buildPhases = (F); };
              F = { isa = PBXFrameworksBuildPhase; files = (KF, VF); };
              KF = { isa = PBXBuildFile; fileRef = K; };
              VF = { isa = PBXBuildFile; fileRef = V; };
            }; rootObject = P; }
            """
        let read = try Self.read(project, in: folder)
        let feed = try Self.target("Feed", in: read)
        #expect(feed.dependencies.map(\.kind) == [
            .linkedFile("Kingfisher.framework", provider: "carthage"), .linkedFile("Lottie.xcframework", provider: "frameworks"),
        ])
    }

    /// Local packages as Xcode 14 and earlier added them: folders of the file tree, whatever
    /// type Xcode wrote (`folder`, `text`, none), the project's parent `..` among them (isowords'
    /// app project holds its root package so), and products named without a package reference.
    /// A file reference with an extension, or a folder without a Package.swift, is none.
    @Test func packageFoldersOfTheFileTreeAreLocalPackages() throws {
        let folder = try ProjectFixtures.temporaryFolder("strata-xcode-package-folders")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for package in ["", "/Modules/Server", "/Modules/Utils"] {
            try FileManager.default.createDirectory(atPath: folder + package, withIntermediateDirectories: true)
            try "// swift-tools-version: 5.9\n".write(toFile: folder + package + "/Package.swift", atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: folder + "/App/Assets", withIntermediateDirectories: true)
        let project = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
              P = { isa = PBXProject; mainGroup = G; targets = (T); };
              G = { isa = PBXGroup; children = (R, S, U, A, W); sourceTree = "<group>"; };
              R = { isa = PBXFileReference; lastKnownFileType = folder; name = isowords; path = ..; sourceTree = "<group>"; };
              S = { isa = PBXFileReference; lastKnownFileType = text; name = Server; path = ../Modules/Server; sourceTree = SOURCE_ROOT; };
              U = { isa = PBXFileReference; path = ../Modules/Utils; sourceTree = "<group>"; };
              A = { isa = PBXFileReference; lastKnownFileType = folder; path = Assets; sourceTree = "<group>"; };
              W = { isa = PBXFileReference; lastKnownFileType = text; path = Package.swift.txt; sourceTree = "<group>"; };
              T = { isa = PBXNativeTarget; name = App; productType = "com.apple.product-type.application"; packageProductDependencies = (D); };
              D = { isa = XCSwiftPackageProductDependency; productName = ServerKit; };
            }; rootObject = P; }
            """
        let read = try Self.read(project, at: "App/App.xcodeproj", in: folder)
        #expect(read.localPackages.map(\.value) == [folder, folder + "/Modules/Server", folder + "/Modules/Utils"])
        #expect(try Self.target("App", in: read).dependencies.map(\.kind) == [.packageProduct("ServerKit", package: nil)])
    }

    /// A bundle (Home Assistant's MacBridge, loaded at run time) builds no module others import:
    /// read, and noted as left out of the graph, as aggregate targets are.
    @Test func aBundleIsNotedAsLeftOut() throws {
        let folder = try ProjectFixtures.temporaryFolder("strata-xcode-bundle")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let project = """
            // !$*UTF8*$!
            { archiveVersion = 1; objectVersion = 56; objects = {
              P = { isa = PBXProject; mainGroup = G; targets = (B); };
              G = { isa = PBXGroup; children = (); sourceTree = "<group>"; };
              B = { isa = PBXNativeTarget; name = MacBridge; productType = "com.apple.product-type.bundle"; };
            }; rootObject = P; }
            """
        let read = try Self.read(project, in: folder)
        let note = try #require(read.warnings.first)
        #expect(read.warnings.count == 1)
        #expect(note.severity == .note && note.location?.line == 5)
        #expect(
            note.message == "target 'MacBridge' is a bundle ('com.apple.product-type.bundle'), which builds no module others import; left out of the graph")
    }
}
