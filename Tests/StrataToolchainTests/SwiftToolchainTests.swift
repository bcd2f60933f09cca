import Foundation
import Testing

@testable import StrataToolchain

/// The toolchain as Strata runs it, for real: its version and `swift package dump-package`'s
/// answers (JSON, or why there is none).
struct SwiftToolchainTests {
    /// A fresh temporary folder, removed by the caller.
    static func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("strata-toolchain-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func versionLinesOfEveryFormAreRead() {
        #expect(SwiftToolchain.parseVersion("Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n") == "6.3.1")
        #expect(SwiftToolchain.parseVersion("Apple Swift version 6.0 (swiftlang-6.0.0.9.10 clang-1600.0.26.2)") == "6.0.0")
        #expect(SwiftToolchain.parseVersion("swift-driver version: 1.120.5 Swift version 6.2-dev (LLVM 1, Swift 2)") == "6.2.0")
        #expect(SwiftToolchain.parseVersion("Swift version 6") == nil)
        #expect(SwiftToolchain.parseVersion("no version here") == nil)
    }

    @Test func theToolchainOnThisMachineSaysItsVersion() async throws {
        let version = try #require(await SwiftToolchain.reportedVersion())
        #expect((Int(version.prefix { $0 != "." }) ?? 0) >= 6, "\(version)")
        #expect(SwiftToolchain.identity.hasSuffix("none") == false)
    }

    @Test func aPackageIsDumpedAsJSON() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "Dumped", targets: [.target(name: "Core")])
        """.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        let json = try await PackageDump.run(packageAt: folder, scratch: folder + "/scratch")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["name"] as? String == "Dumped")
        #expect((object["targets"] as? [[String: Any]])?.map { $0["name"] as? String } == ["Core"])
    }

    @Test func aManifestSwiftPMRefusesGivesItsErrors() async throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        // swift-tools-version: 6.0
        import PackageDescription
        let package = Package(name: "Broken", targets: [.target(name: undefinedName)])
        """.write(toFile: folder + "/Package.swift", atomically: true, encoding: .utf8)
        do {
            _ = try await PackageDump.run(packageAt: folder, scratch: folder + "/scratch")
            Issue.record("a manifest that does not compile was dumped")
        } catch {
            guard case .failed(let standardError) = error else {
                Issue.record("expected .failed, got \(error)")
                return
            }
            #expect(standardError.contains("Package.swift:3:") && standardError.contains("undefinedName"), "\(standardError)")
        }
    }
}
