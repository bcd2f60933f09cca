import Foundation
import StrataSources
import Testing

@testable import StrataProjectFormat
@testable import StrataSwiftPM
@testable import StrataWorkspace

/// `#if` in a manifest is decided for the machine that compiles it.
struct ManifestConditionsTests {
    static let manifest = """
        // swift-tools-version:5.9
        import PackageDescription
        #if os(macOS)
        let extra: [Target] = [.target(name: "Mac")]
        #elseif os(Linux) && !DEBUG
        let extra: [Target] = [.target(name: "Linux")]
        #else
        let extra: [Target] = [.target(name: "Other")]
        #endif
        #if canImport(Darwin)
          #if swift(>=5.0)
        let more: [Target] = [.target(name: "Darwin5")]
          #else
        let more: [Target] = []
          #endif
        #else
        let more: [Target] = []
        #endif
        let package = Package(name: "P", targets: extra + more)
        """

    private func targets(host: Platform?) -> [String]? {
        guard case .read(let manifest) = PackageManifestReader.readStatically(path: "/p/Package.swift", bytes: Array(Self.manifest.utf8), host: host)
        else { return nil }
        return manifest.targets.map(\.name)
    }

    @Test func theBranchesOfTheHostAreRead() {
        #expect(targets(host: .macos) == ["Mac", "Darwin5"])
        // Flags are never set when SwiftPM compiles a manifest: !DEBUG is true.
        #expect(targets(host: .linux) == ["Linux"])
        #expect(targets(host: .windows) == ["Other"])
        #expect(targets(host: nil) == nil)
    }

    @Test func theHostOfAPlatformIsTheMachineThatBuildsForIt() {
        #expect(ManifestConditions.host(for: .ios) == .macos)
        #expect(ManifestConditions.host(for: .visionos) == .macos)
        #expect(ManifestConditions.host(for: .linux) == .linux)
        #expect(ManifestConditions.host(for: .android) == nil)
    }

    @Test func hostDependentConditionsAreListedWithoutDecidingThem() {
        let conditions = ManifestConditions.hostConditions(in: Array(Self.manifest.utf8))
        #expect(conditions.map(\.text) == ["os(macOS)", "os(Linux) && !DEBUG", "canImport(Darwin)"])
    }
}
