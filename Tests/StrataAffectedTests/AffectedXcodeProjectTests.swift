import Foundation
import StrataAffected
import StrataWorkspaceTestSupport
import Testing

/// Scripted histories on the Xcode projects fixture (`Adopt/XcodeProjects`: an app with a widget
/// extension, two frameworks, a unit-test bundle hosted by the app, a referenced project): a
/// changed project file is compared target by target at both revisions, so a setting of one
/// target affects that target and what depends on it, not the whole project.
@Suite struct AffectedXcodeProjectTests {
    let history: GitHistory
    let base: String
    static let project = "Station.xcodeproj/project.pbxproj"

    init() async throws {
        let fixture = Fixtures.path("Adopt/XcodeProjects")
        var files: [String: String] = [:]
        let walker = FileManager.default.enumerator(atPath: fixture)
        while let relative = walker?.nextObject() as? String {
            guard !relative.hasPrefix(".build"), relative != "strata.yml", relative != "expected.txt" else { continue }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: fixture + "/" + relative, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            files[relative] = try String(contentsOfFile: fixture + "/" + relative, encoding: .utf8)
        }
        let manifest = try String(contentsOfFile: fixture + "/strata.yml", encoding: .utf8)
        history = try await GitHistory(manifest: manifest, files: files, label: "strata-affected-xcode")
        base = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// StationWidget's Debug and Release configurations hold no settings of their own.
    func setWidget(_ configuration: String, id: String, _ setting: String) throws {
        let empty = "\t\t\(id) /* \(configuration) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t};"
        let set = "\t\t\(id) /* \(configuration) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\t\t\tbuildSettings = {\n\t\t\t\t\(setting)\n\t\t\t};"
        try history.edit(Self.project, replacing: empty, with: set)
    }

    @Test func aTargetsOwnSettingAffectsThatTargetAndNamesTheSetting() async throws {
        try setWidget("Debug", id: "242856A578D6076521FBBFE7", "OTHER_SWIFT_FLAGS = \"-warn-concurrency\";")
        try await history.commit("the widget builds with a flag")
        let report = try await history.affected(base: base)
        #expect(report.analysis.affected.map(\.name) == ["StationWidget"])
        let widget = try #require(report.analysis.affected.first)
        guard case .declaration(let why) = widget.reason.cause else {
            Issue.record("StationWidget is affected by \(widget.reason.cause), not by its declaration")
            return
        }
        #expect(why == "StationWidget: its build settings changed (OTHER_SWIFT_FLAGS)")
        #expect(report.analysis.everythingReasons.isEmpty)
    }

    @Test func aSettingOfAnotherConfigurationAffectsOnlyWhenThatConfigurationIsRead() async throws {
        try setWidget("Release", id: "3946CD8479FB998BAD2ED69A", "SWIFT_STRICT_CONCURRENCY = complete;")
        try await history.commit("the widget's release build is stricter")
        #expect(try await history.affectedNames(base: base).isEmpty)
        #expect(try await history.affectedNames(base: base, configuration: "Release") == ["StationWidget"])
    }

    @Test func theProjectsXcconfigAffectsEveryTargetOfTheProject() async throws {
        try history.append("Configs/Base.xcconfig", "OTHER_SWIFT_FLAGS = -warn-concurrency\n")
        try await history.commit("every target builds with a flag")
        let affected = try await history.affectedNames(base: base)
        #expect(affected == ["StationApp", "StationWidget", "CoreKit", "DockingFeature", "StationTests"])
    }

    @Test func aBuildPhaseChangeAffectsItsTarget() async throws {
        try history.edit(Self.project, replacing: "name = \"Embed Frameworks\";", with: "name = \"Embed Frameworks\";\n\t\t\trunOnlyForDeploymentPostprocessing = 1;")
        try await history.commit("embed only when archiving")
        let report = try await history.affected(base: base)
        let seeds = report.analysis.affected.filter { $0.reason.chain.count == 1 }
        #expect(seeds.map(\.name) == ["StationApp"])
        guard case .declaration(let why)? = seeds.first?.reason.cause else {
            Issue.record("StationApp is not affected by its declaration")
            return
        }
        #expect(why == "StationApp: its build phases changed (PBXCopyFilesBuildPhase 'Embed Frameworks')")
    }

    /// CoreKit gets a build rule that generates Swift from `.proto` files.
    func addProtobufRule(script: String) throws {
        let rule = """
            /* Begin PBXBuildRule section */
            \t\tC0DE00000000000000000001 /* PBXBuildRule */ = {
            \t\t\tisa = PBXBuildRule;
            \t\t\tcompilerSpec = com.apple.compilers.proxy.script;
            \t\t\tfilePatterns = "*.proto";
            \t\t\tfileType = pattern.proxy;
            \t\t\tname = "Generate Protobuf";
            \t\t\toutputFiles = (
            \t\t\t\t"$(DERIVED_FILE_DIR)/$(INPUT_FILE_BASE).pb.swift",
            \t\t\t);
            \t\t\tscript = "\(script)";
            \t\t};
            /* End PBXBuildRule section */

            /* Begin PBXContainerItemProxy section */
            """
        try history.edit(Self.project, replacing: "/* Begin PBXContainerItemProxy section */", with: rule)
        let coreKitPhases = "\t\t\t\tAF3A31CDA51E5F335ADAB563 /* Sources */,\n\t\t\t);\n\t\t\tbuildRules = (\n"
        try history.edit(Self.project, replacing: coreKitPhases, with: coreKitPhases + "\t\t\t\tC0DE00000000000000000001 /* PBXBuildRule */,\n")
    }

    @Test func aBuildRuleAddedOrChangedAffectsItsTarget() async throws {
        try addProtobufRule(script: "protoc --swift_out=$DERIVED_FILE_DIR $INPUT_FILE_PATH")
        let added = try await history.commit("CoreKit compiles protos")
        let report = try await history.affected(base: base)
        let seeds = report.analysis.affected.filter { $0.reason.chain.count == 1 }
        #expect(seeds.map(\.name) == ["CoreKit"])
        guard case .declaration(let why)? = seeds.first?.reason.cause else {
            Issue.record("CoreKit is not affected by its declaration")
            return
        }
        #expect(why == "CoreKit: its build rules changed ('Generate Protobuf')")

        try history.edit(Self.project, replacing: "protoc --swift_out=", with: "protoc --swift_opt=Visibility=Public --swift_out=")
        try await history.commit("public generated types")
        let changed = try await history.affected(base: added)
        #expect(changed.analysis.affected.filter { $0.reason.chain.count == 1 }.map(\.name) == ["CoreKit"])
    }

    @Test func reformattingTheProjectFileAffectsNothing() async throws {
        try history.edit(Self.project, replacing: "/* Begin XCBuildConfiguration section */", with: "/* Begin XCBuildConfiguration section */\n\n")
        try await history.commit("blank lines")
        #expect(try await history.affectedNames(base: base).isEmpty)
    }

    @Test func xcodebuildGetsOnlyTestingArgumentsForTheAffectedBundles() async throws {
        try history.append("App/StationApp.swift")
        try await history.commit("edit the app")
        let report = try await history.affected(base: base)
        #expect(report.rendered(as: .xcodebuild) == "-only-testing:StationTests\n")
        try history.append("Widget/StationWidget.swift")
        try await history.commit("edit the widget")
        let widgetOnly = try await history.affected(base: try await history.git("rev-parse", "HEAD~1").trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(widgetOnly.rendered(as: .xcodebuild) == "")
    }
}
