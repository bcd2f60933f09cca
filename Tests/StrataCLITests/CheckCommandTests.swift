import Foundation
import StrataWorkspaceTestSupport
import Testing

@Suite struct CheckCommandTests {
    @Test func theReferenceWorkspaceIsClean() async throws {
        let result = try await StrataBinary.run(["check", "Examples/ISS"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout == "ISS: 57 targets, 212 dependencies, 4 layers — no violations\n")
    }

    @Test func strataPassesItsOwnRules() async throws {
        let result = try await StrataBinary.run(["check", "--verbose", "--no-cache"])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.hasSuffix("no violations\n"))
        #expect(result.stderr.contains("Package.swift: read statically"))
        // The resolved packages' manifests, read for the modules of their products, are named too.
        let external = result.stderr.split(separator: "\n").filter {
            $0.hasSuffix("(a package outside the workspace, for the modules of its products)")
        }
        #expect(external.contains { $0.contains("/swift-log/Package.swift: read with swift package dump-package") }, "\(result.stderr)")
        #expect(external == external.sorted())
    }

    /// An Xcode target's `#if` flags are those of the configuration asked for: StationApp sets
    /// DEBUG in Debug only, so an import under `#if !DEBUG` counts in Release alone.
    @Test func anXcodeTargetsConditionsAreItsConfigurations() async throws {
        let copy = try Fixtures.copy(of: Fixtures.path("Adopt/XcodeProjects"), label: "strata-check-conditions")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        let app = copy + "/App/StationApp.swift"
        try (try String(contentsOfFile: app, encoding: .utf8) + "#if !DEBUG\nimport StationWidget\n#endif\n").write(
            toFile: app, atomically: true, encoding: .utf8)
        let finding = "App/StationApp.swift:13:8: error: [implicit-import] 'StationApp' imports 'StationWidget'"
        let debug = try await StrataBinary.run(["check", ".", "--configuration", "Debug"], in: copy)
        #expect(debug.status == 1 && !debug.stdout.contains(finding), "\(debug.stdout)")
        let release = try await StrataBinary.run(["check", ".", "--configuration", "Release"], in: copy)
        #expect(release.status == 1 && release.stdout.contains(finding), "\(release.stdout)")
    }

    /// A Podfile naming the Xcode project's targets gives those targets its pods: an unused pod
    /// is found at its `pod` line with a hint that says to edit the Podfile, and a test target's
    /// `inherit! :search_paths` pods, seen but not linked, are no unused dependency of its own.
    @Test func aPodfileGivesTheXcodeProjectsTargetsTheirPods() async throws {
        let copy = try Fixtures.copy(of: Fixtures.path("Adopt/XcodeProjects"), label: "strata-check-podfile")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.createDirectory(atPath: copy + "/LocalPods/Logger/Sources", withIntermediateDirectories: true)
        try "public func log(_ line: String) { print(line) }\n".write(
            toFile: copy + "/LocalPods/Logger/Sources/Logger.swift", atomically: true, encoding: .utf8)
        try """
        Pod::Spec.new do |s|
          s.name = 'Logger'
          s.version = '1.0.0'
          s.source = { :git => 'https://example.com/logger.git', :tag => s.version.to_s }
          s.source_files = 'Sources/**/*.swift'
        end

        """.write(toFile: copy + "/LocalPods/Logger/Logger.podspec", atomically: true, encoding: .utf8)
        try """
        use_frameworks!
        target 'StationApp' do
          pod 'Logger', :path => 'LocalPods/Logger'
          target 'StationTests' do
            inherit! :search_paths
          end
        end

        """.write(toFile: copy + "/Podfile", atomically: true, encoding: .utf8)
        var manifest = try String(contentsOfFile: copy + "/strata.yml", encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "xcode: [Station.xcodeproj]", with: "xcode: [Station.xcodeproj]\n  podfile: Podfile")
        manifest = manifest.replacingOccurrences(of: "patterns: [CoreKit, Kit]", with: "patterns: [CoreKit, Kit, Logger]")
        try manifest.write(toFile: copy + "/strata.yml", atomically: true, encoding: .utf8)

        let text = try await StrataBinary.run(["check", "."], in: copy)
        #expect(text.stdout.components(separatedBy: "\n").filter { $0.contains("[unused-dependency]") }.count == 1, "\(text.stdout)")
        #expect(text.stdout.contains("Podfile:3:3: warning: [unused-dependency] 'StationApp' depends on 'Logger'"), "\(text.stdout)")
        #expect(
            text.stdout.contains("hint: remove 'Logger' from the dependencies of target 'StationApp' in the Podfile (a 'pod' line)"), "\(text.stdout)"
        )
        #expect(!text.stdout.contains("'StationTests' depends on 'Logger'"), "\(text.stdout)")
    }

    @Test func pathsArePrintedRelativeToTheWorkingDirectory() async throws {
        let result = try await StrataBinary.run(["check", "Examples/Violations/SameLayer"])
        #expect(result.stdout.hasPrefix("Examples/Violations/SameLayer/strata.yml:6:49: error: [same-layer]"))
        let elsewhere = try await StrataBinary.run(["check", "SameLayer/strata.yml"], in: Fixtures.violationsRoot)
        #expect(elsewhere.stdout.hasPrefix("SameLayer/strata.yml:6:49:"))
    }

    @Test func usageErrorsExitWithStatusTwo() async throws {
        let typo = try await StrataBinary.run(["check", "--frmat", "json"])
        #expect(typo.status == 2)
        #expect(typo.stderr.contains("Did you mean '--format'?"))
        // Lower-case like every other message of Strata's, not ArgumentParser's "Error:".
        #expect(typo.stderr.hasPrefix("error: Unknown option '--frmat'"), "\(typo.stderr)")
        let badFormat = try await StrataBinary.run(["check", "--format", "xml"])
        #expect(badFormat.status == 2)
        let missing = try await StrataBinary.run(["check", "No/Such/Folder"])
        #expect(missing.status == 2)
        #expect(missing.stdout.contains("error: [missing-workspace] 'No/Such/Folder' does not exist"))
        let noManifest = try await StrataBinary.run(["check", "Sources"])
        #expect(noManifest.status == 2)
        #expect(noManifest.stdout.contains("no strata.yml in 'Sources'"))
    }

    @Test func helpAndVersionExitWithStatusZero() async throws {
        let help = try await StrataBinary.run(["check", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--write-baseline"))
        let version = try await StrataBinary.run(["--version"])
        #expect(version.status == 0)
        // "0.1.0 (development build)", or in a release "0.1.0 (commit <40 hex digits>)".
        let words = version.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ", maxSplits: 1)
        #expect(words.first?.split(separator: ".").count == 3)
        let detail = words.dropFirst().first.map(String.init) ?? ""
        #expect(detail == "(development build)" || detail.wholeMatch(of: /\(commit [0-9a-f]{40}\)/) != nil, "\(detail)")
    }

    @Test func rulesAreListedWithTheirDefaultSeverities() async throws {
        let result = try await StrataBinary.run(["rules"])
        #expect(result.status == 0)
        for id in [
            "layer-direction", "same-layer", "interface-purity", "prefer-interface", "mocks-in-production",
            "no-cycles", "static-linked-once", "unmapped-target",
        ] {
            #expect(result.stdout.contains(id))
        }
        #expect(result.stdout.contains("prefer-interface        warning"))
        #expect(result.stdout.contains("unused-dependency       warning"))
        #expect(result.stdout.contains("unknown-import          off"), "off until --strict-imports or strata.yml turns it on")
    }

    @Test func colourIsUsedOnlyOnATerminalWithoutNoColor() async throws {
        let folder = Fixtures.violation("SameLayer")
        let piped = try await StrataBinary.run(["check"], in: folder)
        #expect(!piped.stdout.contains("\u{1B}["))
        // `script` gives the command a pseudo-terminal.
        let command = "\(StrataBinary.path) check"
        let terminal = try await StrataBinary.runShell("script -qec '\(command)' /dev/null", in: folder)
        #expect(terminal.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let noColor = try await StrataBinary.runShell("NO_COLOR=1 script -qec '\(command)' /dev/null", in: folder)
        #expect(!noColor.contains("\u{1B}["))
        #expect(noColor.contains("error: [same-layer]"))
    }

    @Test func manifestReaderOptionForcesDumpPackage() async throws {
        let result = try await StrataBinary.run(
            ["check", "--verbose", "--no-cache", "--manifest-reader", "dump-package"], in: Fixtures.path("Adopt/LocalPackages"))
        #expect(result.status == 0)
        #expect(result.stderr.contains("Packages/Suit/Package.swift: read with swift package dump-package (dump-package was requested)"))
    }

    /// A load that fails still says how each manifest was read, and how the failing one was tried.
    @Test func verboseSaysHowManifestsWereReadWhenTheInputFails() async throws {
        let workspace = try TemporaryWorkspace("layers: [core]\nadopt: { packages: [Good, Bad] }\n", label: "strata-verbose-failure")
        let files = [
            "Good/Package.swift": """
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Good", targets: [.target(name: "Good")])

            """,
            "Good/Sources/Good/Good.swift": "public struct Good {}\n",
            "Bad/Package.swift": """
            // swift-tools-version: 5.9
            import PackageDescription
            let name = "Bad" + ""
            let package = Package(name: "Bad", targets: [.target(name: name)])
            this does not compile

            """,
            "Bad/Sources/Bad/Bad.swift": "public struct Bad {}\n",
        ]
        for (path, text) in files { try workspace.write(path, text) }
        let result = try await StrataBinary.run(["check", "--verbose", "--no-cache"], in: workspace.root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("strata: Good/Package.swift: read statically\n"), "\(result.stderr)")
        #expect(result.stderr.contains("strata: Bad/Package.swift: read with swift package dump-package ("), "\(result.stderr)")
        #expect(result.stderr.contains("), which failed (the errors below say why)\n"), "\(result.stderr)")
        #expect(result.stderr.contains("load the workspace (it failed)"))
        #expect(result.stdout.contains("Bad/Package.swift:5:1: error: [package-evaluation]"), "\(result.stdout)")
    }
}

extension StrataBinary {
    /// Runs a shell command line and returns its standard output.
    static func runShell(_ command: String, in directory: String) async throws -> String {
        let result = try await run([], in: directory, shell: command)
        return result.stdout
    }
}
