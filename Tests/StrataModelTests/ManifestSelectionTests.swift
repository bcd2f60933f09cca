import Foundation
import StrataProjectFormat
import StrataSwiftPM
import StrataToolchain
import StrataWorkspaceTestSupport
import Testing

/// SwiftPM's choice of manifest among `Package.swift` and `Package@swift-….swift`, for any toolchain.
struct ManifestSelectionTests {
    /// A package folder with these manifests, each declaring the tools version given.
    private func folder(_ manifests: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-selection-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, tools) in manifests {
            try "// swift-tools-version:\(tools)\nimport PackageDescription\n".write(
                toFile: folder + "/" + name, atomically: true, encoding: .utf8)
        }
        return folder
    }

    private func chosen(_ manifests: [String: String], toolchain: ToolsVersion) async throws -> String {
        let folder = try folder(manifests)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = await ManifestSelection.manifestPath(in: folder, files: LocalFiles(), toolchain: { toolchain })
        return (path as NSString).lastPathComponent
    }

    @Test func aFileNamedForTheToolchainWinsMostPreciseFirst() async throws {
        let all = ["Package.swift": "6.0", "Package@swift-6.swift": "5.9", "Package@swift-6.3.swift": "5.9", "Package@swift-6.3.1.swift": "5.9"]
        #expect(try await chosen(all, toolchain: ToolsVersion(6, 3, 1)) == "Package@swift-6.3.1.swift")
        #expect(try await chosen(all, toolchain: ToolsVersion(6, 3, 2)) == "Package@swift-6.3.swift")
        #expect(try await chosen(all, toolchain: ToolsVersion(6, 1)) == "Package@swift-6.swift")
        // An exact name wins even when it declares an older tools version than Package.swift.
        #expect(
            try await chosen(["Package.swift": "6.0", "Package@swift-6.0.swift": "5.5"], toolchain: ToolsVersion(6, 0)) == "Package@swift-6.0.swift")
    }

    @Test func otherwiseTheHighestVersionNotAboveTheToolchainIfItDeclaresNewerTools() async throws {
        let manifests = ["Package.swift": "5.5", "Package@swift-5.9.swift": "5.9", "Package@swift-5.7.swift": "5.7", "Package@swift-99.swift": "5.9"]
        #expect(try await chosen(manifests, toolchain: ToolsVersion(6, 3, 1)) == "Package@swift-5.9.swift")
        #expect(try await chosen(manifests, toolchain: ToolsVersion(5, 8)) == "Package@swift-5.7.swift")
        #expect(try await chosen(manifests, toolchain: ToolsVersion(5, 6)) == "Package.swift")
        // Package.swift is newer than the best version-specific file: Package.swift.
        #expect(try await chosen(["Package.swift": "6.0", "Package@swift-5.10.swift": "5.10"], toolchain: ToolsVersion(6, 3, 1)) == "Package.swift")
        #expect(try await chosen(["Package.swift": "5.9", "Package@swift-5.10.swift": "5.9"], toolchain: ToolsVersion(6, 3, 1)) == "Package.swift")
    }

    @Test func theToolchainIsNotAskedWithoutVersionSpecificManifests() async throws {
        let folder = try folder(["Package.swift": "6.0", "Package@swift.swift": "5.9", "Package@swift-x.swift": "5.9"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = await ManifestSelection.manifestPath(
            in: folder, files: LocalFiles(),
            toolchain: {
                Issue.record("the toolchain was asked")
                return ToolsVersion(6, 0)
            })
        #expect(path == folder + "/Package.swift")
    }

    @Test func versionSpecificNamesAreRecognisedExactly() {
        #expect(ManifestSelection.versionSpecific("Package@swift-5.swift") == ToolsVersion(5, 0))
        #expect(ManifestSelection.versionSpecific("Package@swift-5.10.swift") == ToolsVersion(5, 10))
        #expect(ManifestSelection.versionSpecific("Package@swift-6.0.2.swift") == ToolsVersion(6, 0, 2))
        for name in [
            "Package.swift", "Package@swift-.swift", "Package@swift-5..swift", "Package@swift-5.1.2.3.swift", "Package@swift-v5.swift",
            "Package@swift-5.swift.orig",
        ] {
            #expect(ManifestSelection.versionSpecific(name) == nil, "\(name)")
        }
    }

    @Test func theToolchainVersionIsReadFromSwiftVersion() async {
        // The real toolchain answers; whatever it is, it is at least the 6.0 this package requires.
        #expect(await SwiftToolchain.version() >= ToolsVersion(6, 0))
    }
}
