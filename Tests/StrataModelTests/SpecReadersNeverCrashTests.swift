import Foundation
import StrataDiagnostics
import StrataWorkspaceTestSupport
import Testing

@testable import StrataCocoaPods
@testable import StrataManifest
@testable import StrataProjectFormat
@testable import StrataXcodeGen

/// Whatever the bytes, the readers answer with a value or a located error, never a crash:
/// every truncation and many mutations of real specs.
@Suite struct SpecReadersNeverCrashTests {
    /// Deterministic mutations: truncations at every length, and single bytes replaced by
    /// characters that matter to Ruby and YAML.
    static func variants(of text: String, seed: UInt64) -> [String] {
        let bytes = Array(text.utf8)
        var variants = (0..<bytes.count).map { String(decoding: bytes[..<$0], as: UTF8.self) }
        var state = seed
        let specials = Array("'\"{}[]()|:#%<-=,.\n\t\\$&".utf8)
        for _ in 0..<1_500 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            var copy = bytes
            copy[Int(state >> 33) % copy.count] = specials[Int(state >> 17) % specials.count]
            variants.append(String(decoding: copy, as: UTF8.self))
        }
        return variants
    }

    @Test func rubyPodspecs() {
        for variant in Self.variants(of: PodspecReaderTests.ruby, seed: 1) {
            _ = try? PodspecReader.read(variant, path: "/w/P.podspec")
        }
    }

    @Test func jsonPodspecs() {
        for variant in Self.variants(of: PodspecReaderTests.json, seed: 2) {
            _ = try? PodspecJSONReader.read(variant, path: "/w/P.podspec.json")
        }
    }

    @Test func podfiles() throws {
        let podfile = try String(contentsOfFile: Fixtures.path("Adopt/CocoaPodsModules/Podfile"), encoding: .utf8)
        for variant in Self.variants(of: podfile, seed: 3) {
            _ = try? PodfileReader.read(variant, path: "/w/Podfile")
        }
    }

    @Test func xcodegenSpecs() throws {
        let spec = try String(contentsOfFile: Fixtures.path("Adopt/XcodeGenModules/Modules/ProfileFeature/project.yml"), encoding: .utf8)
        for variant in Self.variants(of: spec, seed: 4) {
            guard let node = try? SpecNode.parse(variant, path: "/w/project.yml") else { continue }
            var warnings: [Diagnostic] = []
            guard let spec = try? XcodeGenSpecLoader.resolveProject(node) else { continue }
            _ = try? XcodeGenProject(path: "/w/project.yml", spec: spec, configuration: "Debug", files: LocalFiles(), warnings: &warnings)
        }
    }
}
