import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat
import Testing

@testable import StrataXcodeProject

/// `contents.xcworkspacedata`: the projects and package folders a workspace lists, each at its
/// line, through groups and every kind of location; damage is an error where it is.
@Suite struct XcodeWorkspaceTests {
    @Test func theFixturesWorkspaceListsItsProjectsAndItsPackageFolder() throws {
        let folder = ProjectFixtures.station
        let workspace = try XcodeWorkspace(path: folder + "/Station.xcworkspace", files: LocalFiles())
        #expect(workspace.projects.map(\.value) == [folder + "/Station.xcodeproj", folder + "/Shared/Shared.xcodeproj"])
        #expect(workspace.projects.map(\.location.line) == [4, 11])
        // A folder with a Package.swift is a package; README.md is neither.
        #expect(workspace.packageFolders.map(\.value) == [folder + "/Packages/Kit"])
    }

    @Test(arguments: [
        ("group:App.xcodeproj", "/w/Group/App.xcodeproj"), ("container:App.xcodeproj", "/w/App.xcodeproj"),
        ("absolute:/elsewhere/./App.xcodeproj", "/elsewhere/App.xcodeproj"), ("group:../App.xcodeproj", "/w/App.xcodeproj"),
    ])
    func locationsResolveAsXcodeResolvesThem(location: String, expected: String) {
        #expect(XcodeWorkspace.resolve(location, group: "/w/Group", workspace: "/w") == expected)
    }

    @Test func xcodesOwnFilesAndUnknownKindsAreLeftOut() {
        #expect(XcodeWorkspace.resolve("developer:Platforms/iPhoneOS.platform", group: "/w", workspace: "/w") == nil)
        #expect(XcodeWorkspace.resolve("no colon", group: "/w", workspace: "/w") == nil)
        // `self:` in the workspace embedded in a project is that project.
        #expect(XcodeWorkspace.resolve("self:", group: "/w/App.xcodeproj", workspace: "/w/App.xcodeproj") == "/w/App.xcodeproj")
    }

    @Test(arguments: [
        ("<Workspace>\n   <FileRef\n      location = \"group:A.xcodeproj\"", "an element that does not end", 2),
        ("<Workspace>\n<!-- never closed\n<FileRef location = \"group:A.xcodeproj\"/>", "a comment that does not end", 2),
        ("<Workspace>\n\n<FileRef location = group:A.xcodeproj>", "the value of 'location' is not quoted", 3),
        ("<Workspace>\n<FileRef location = \"group:A.xcodeproj>", "the value of 'location' does not end", 2),
    ])
    func damageIsAnErrorAtItsLine(text: String, message: String, line: Int) throws {
        let folder = try ProjectFixtures.temporaryFolder("xcworkspace")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/App.xcworkspace", withIntermediateDirectories: true)
        try text.write(toFile: folder + "/App.xcworkspace/contents.xcworkspacedata", atomically: true, encoding: .utf8)
        #expect {
            try XcodeWorkspace(path: folder + "/App.xcworkspace", files: LocalFiles())
        } throws: { error in
            let diagnostic = (error as? InputErrors)?.diagnostics.first
            return diagnostic?.id == XcodeWorkspace.errorID && diagnostic?.message == message && diagnostic?.location?.line == line
                && diagnostic?.hint != nil
        }
    }
}
