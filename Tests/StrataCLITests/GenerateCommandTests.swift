import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata generate` end to end: the built binary on copies of the reference workspace.
@Suite struct GenerateCommandTests {
    /// A copy of Examples/ISS without build products, generated afresh (outside this repository
    /// CODEOWNERS paths start at the copy's root), removed by the caller.
    private func copyOfISS() async throws -> String {
        let destination = try Fixtures.copyOfISS("generate", items: ["strata.yml", "Package.swift", "Sources", "Tests", "Xcode"])
        let generate = try await StrataBinary.run(["generate"], in: destination)
        #expect(generate.stderr == "strata: created CODEOWNERS\nstrata: 1 file changed, 21 up to date\n")
        return destination
    }

    @Test func theReferenceWorkspaceIsUpToDate() async throws {
        let result = try await StrataBinary.run(["generate", "--check", "Examples/ISS"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "strata: 22 generated files are up to date in Examples/ISS\n")
    }

    @Test func checkPrintsADiffAndExitsOneWhenAFileIsStale() async throws {
        let folder = try await copyOfISS()
        defer { Fixtures.removeCopy(ofISS: folder) }
        let manifest = folder + "/strata.yml"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "macOS: \"15\"", with: "macOS: \"14\"").write(toFile: manifest, atomically: true, encoding: .utf8)
        let check = try await StrataBinary.run(["generate", "--check"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("--- a/Package.swift\n+++ b/Package.swift\n"))
        #expect(check.stdout.contains("\n-    platforms: [.macOS(\"15.0\")],\n+    platforms: [.macOS(\"14.0\")],\n"))
        #expect(check.stderr == "strata: 1 generated file is out of date; run 'strata generate' and commit the result\n")
        let generate = try await StrataBinary.run(["generate"], in: folder)
        #expect(generate.status == 0)
        #expect(generate.stderr == "strata: updated Package.swift\nstrata: 1 file changed, 21 up to date\n")
        let again = try await StrataBinary.run(["generate", "--check"], in: folder)
        #expect(again.status == 0)
    }

    @Test func aHandEditStopsTheRunWithExitTwoUntilForce() async throws {
        let folder = try await copyOfISS()
        defer { Fixtures.removeCopy(ofISS: folder) }
        try "# mine\n".write(toFile: folder + "/CODEOWNERS", atomically: true, encoding: .utf8)
        let result = try await StrataBinary.run(["generate"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("CODEOWNERS:1:1: error: [not-generated] 'CODEOWNERS' exists and was not written by strata\n    hint: "))
        let forced = try await StrataBinary.run(["generate", "--force"], in: folder)
        #expect(forced.status == 0)
        #expect(forced.stderr.contains("strata: updated CODEOWNERS (--force)\n"))
    }

    /// A re-run over an unchanged large workspace answers from the last run's stamps, saying
    /// the same as a full run; a hand edit since is still found.
    @Test func anUnchangedLargeWorkspaceIsAnsweredWithoutRenderingAndSaysTheSame() async throws {
        let folder = try Fixtures.temporaryFolder("strata-generate-cache")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var text = "name: Big\nlayers: [feature, core]\nmodules:\n"
        for index in 0..<2_600 { text += "  Module\(index): { layer: \(index % 2 == 0 ? "core" : "feature"), tests: false, linkage: static }\n" }
        try text.write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)
        #expect(try await StrataBinary.run(["generate"], in: folder).status == 0)
        let hourAgo = Date(timeIntervalSinceNow: -3_600)
        for relative in try FileManager.default.subpathsOfDirectory(atPath: folder) + ["."] where !relative.hasPrefix(".build") {
            try FileManager.default.setAttributes([.modificationDate: hourAgo], ofItemAtPath: folder + "/" + relative)
        }
        let full = try await StrataBinary.run(["generate"], in: folder)
        let kept = try await StrataBinary.run(["generate"], in: folder)
        #expect(full.status == 0 && kept.status == 0)
        #expect(kept.stderr == full.stderr)
        #expect(full.stderr.hasSuffix("strata: 1 generated file is up to date; nothing was written\n"), "\(full.stderr)")
        let verbose = try await StrataBinary.run(["generate", "--verbose"], in: folder)
        #expect(verbose.stderr.contains("strata: nothing changed since the last run found every file up to date; no file was rendered again\n"))
        #expect(verbose.stderr.contains("strata: up to date Package.swift\n"))
        let check = try await StrataBinary.run(["generate", "--check"], in: folder)
        #expect(check.status == 0 && check.stderr.hasSuffix("strata: 1 generated file is up to date\n"), "\(check.stderr)")
        // A hand edit since: a full run, which stops for --force.
        try (try String(contentsOfFile: folder + "/Package.swift", encoding: .utf8) + "// mine\n")
            .write(toFile: folder + "/Package.swift", atomically: false, encoding: .utf8)
        let edited = try await StrataBinary.run(["generate"], in: folder)
        #expect(edited.status == 2 && edited.stderr.contains("[generated-file-edited]"), "\(edited.stderr)")
    }

    @Test func anAdoptModeWorkspaceIsRefused() async throws {
        let result = try await StrataBinary.run(["generate", "."])
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: [adopt-mode] 'strata generate' writes build files from a generate-mode strata.yml"))
    }

    @Test func localDevelopmentIsSwitchedOnAndOffAndCheckKnowsBothForms() async throws {
        let folder = try Fixtures.temporaryFolder("strata-generate-local")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
        layers: [feature, core]
        generate: { distribution: registry }
        registry: { url: https://registry.example, scopes: { feature: st-feature, core: st-core } }
        modules:
          Clock: { layer: core, tests: false }
          Network: { layer: core, tests: false, distribution: path }
          Tools: { layer: core, tests: false, distribution: path }
          Crew: { layer: feature, dependencies: [Clock, Network], tests: false }

        """.write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)
        try "modules:\n  Clock: { version: 1.2.0 }\n  Crew: { version: 1.0.0, requires: { Clock: 1.1.0 } }\n".write(
            toFile: folder + "/strata.versions.yml", atomically: true, encoding: .utf8)
        let registry = try await StrataBinary.run(["generate"], in: folder)
        #expect(
            registry.status == 2
                && registry.stderr.contains(
                    "[unpublishable-dependency] module 'Crew' is distributed through the registry but uses 'Network', which comes from its folder"),
            "\(registry.stderr)")
        let manifest = try String(contentsOfFile: folder + "/strata.yml", encoding: .utf8)
        try manifest.replacingOccurrences(
            of: "Network: { layer: core, tests: false, distribution: path }", with: "Network: { layer: core, tests: false }"
        ).write(toFile: folder + "/strata.yml", atomically: true, encoding: .utf8)
        #expect(try await StrataBinary.run(["generate"], in: folder).status == 0)
        let crew = folder + "/Packages/Crew/Package.swift"
        #expect(try String(contentsOfFile: crew, encoding: .utf8).contains(#".package(id: "st-core.Clock", from: "1.1.0"),"#))

        for (arguments, message) in [
            (["generate", "--local", "Clok"], "--local Clok: no module of the workspace is called that"),
            (["generate", "--local", "Tools"], "--local Tools: Tools comes from its folder already (distribution: path)"),
        ] {
            let refused = try await StrataBinary.run(arguments, in: folder)
            #expect(refused.status == 2 && refused.stderr.contains(message), "\(arguments): \(refused.stderr)")
        }
        let local = try await StrataBinary.run(["generate", "--local", "C*"], in: folder)
        #expect(local.status == 0, "\(local.stderr)")
        #expect(local.stderr.hasPrefix("strata: local development: Clock, Crew come from their folders, not the registry"), "\(local.stderr)")
        #expect(try String(contentsOfFile: crew, encoding: .utf8).contains(#".package(path: "../Clock"),"#))
        // --check in local development compares with the local form; --no-local with the registry's.
        let check = try await StrataBinary.run(["generate", "--check"], in: folder)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        let registryForm = try await StrataBinary.run(["generate", "--check", "--no-local"], in: folder)
        #expect(
            registryForm.status == 1 && registryForm.stdout.contains("+        .package(id: \"st-core.Clock\", from: \"1.1.0\"),"),
            "\(registryForm.stdout)")
        #expect(try await StrataBinary.run(["generate", "--no-local"], in: folder).status == 0)
        #expect(try await StrataBinary.run(["generate", "--check"], in: folder).status == 0)
        #expect(try String(contentsOfFile: crew, encoding: .utf8).contains(#".package(id: "st-core.Clock", from: "1.1.0"),"#))
    }

    /// Every file under `folder`, relative, with its bytes.
    private func tree(_ folder: String, _ parts: [String]) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for part in parts {
            guard let enumerator = FileManager.default.enumerator(atPath: folder + "/" + part) else { continue }
            while let path = enumerator.nextObject() as? String {
                var isFolder: ObjCBool = false
                let full = folder + "/" + part + "/" + path
                if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                    files[part + "/" + path] = FileManager.default.contents(atPath: full)
                }
            }
        }
        return files
    }

    /// Issue 44: switching to the packages layout left every module's sources behind (54
    /// missing-sources warnings on ISS). --move-sources moves them with the build files, and back.
    @Test func moveSourcesFollowsTheLayoutBothWaysWithGit() async throws {
        let folder = try await copyOfISS()
        defer { Fixtures.removeCopy(ofISS: folder) }
        let before = try tree(folder, ["Sources", "Tests"])
        _ = try await TemporaryGitRepository.run(["init", "--quiet"], in: folder)
        _ = try await TemporaryGitRepository.run(["add", "--all"], in: folder)
        _ = try await TemporaryGitRepository.run(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "ISS"], in: folder)
        let manifest = folder + "/strata.yml"
        let single = try String(contentsOfFile: manifest, encoding: .utf8)
        try single.replacingOccurrences(of: "generate:\n", with: "generate:\n  layout: packages\n").write(
            toFile: manifest, atomically: true, encoding: .utf8)

        let moved = try await StrataBinary.run(["generate", "--move-sources"], in: folder)
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(!moved.stderr.contains("missing-sources"), "\(moved.stderr)")
        #expect(moved.stderr.contains("strata: moved Sources/Network → Packages/Network/Sources/Network"))
        #expect(FileManager.default.fileExists(atPath: folder + "/Packages/Network/Sources/Network"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/Sources/Network"))
        // Staged as git mv stages: git sees renames.
        let status = try await TemporaryGitRepository.run(["status", "--porcelain"], in: folder)
        #expect(status.contains("R  Sources/Network/"), "\(status)")
        let check = try await StrataBinary.run(["check", "--no-sources"], in: folder)
        #expect(check.status == 0, "\(check.stdout)")

        try single.write(toFile: manifest, atomically: true, encoding: .utf8)
        let back = try await StrataBinary.run(["generate", "--move-sources"], in: folder)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try tree(folder, ["Sources", "Tests"]) == before)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Packages/Network"))
    }

    @Test func moveSourcesRefusesWhenSomethingIsInTheWayAndChangesNothing() async throws {
        let folder = try await copyOfISS()
        defer { Fixtures.removeCopy(ofISS: folder) }
        let manifest = folder + "/strata.yml"
        let single = try String(contentsOfFile: manifest, encoding: .utf8)
        try single.replacingOccurrences(of: "generate:\n", with: "generate:\n  layout: packages\n").write(
            toFile: manifest, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: folder + "/Packages/Radio/Sources/Radio", withIntermediateDirectories: true)
        try "// stray\n".write(toFile: folder + "/Packages/Radio/Sources/Radio/Stray.swift", atomically: true, encoding: .utf8)
        let before = try tree(folder, ["Sources", "Tests", "Packages"])
        let result = try await StrataBinary.run(["generate", "--move-sources"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("error: [move-blocked] 'Packages/Radio/Sources/Radio' holds 1 file already"), "\(result.stderr)")
        #expect(try tree(folder, ["Sources", "Tests", "Packages"]) == before)
        #expect(!FileManager.default.fileExists(atPath: folder + "/Packages/Network"))
    }
}
