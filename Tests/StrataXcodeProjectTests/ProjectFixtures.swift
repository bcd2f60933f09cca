import Foundation
import StrataFileSystem

/// Where the Xcode project fixtures are, and scratch folders for the tests that write files.
/// (The workspace layer's test support is above this one.)
enum ProjectFixtures {
    /// `Tests/Fixtures/Adopt/XcodeProjects`, found from this file.
    static let station: String = {
        var url = URL(fileURLWithPath: #filePath)
        url.deleteLastPathComponent()  // StrataXcodeProjectTests
        url.deleteLastPathComponent()  // Tests
        return url.appendingPathComponent("Fixtures/Adopt/XcodeProjects").path
    }()

    /// A new empty folder under the temporary folder; the caller removes it.
    static func temporaryFolder(_ label: String) throws -> String {
        let path = PathResolution.resolve("\(label)-\(UUID().uuidString)", in: NSTemporaryDirectory())
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
