import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata new` end to end: scaffolded workspaces build, pass their tests and check clean.
@Suite struct NewCommandTests {
    private static func manifest(layout: String) -> String {
        """
        # A workspace that starts with nothing but this file.
        name: Forecasts
        layers:
          - name: domain
          - name: service
          - name: core

        generate:
          layout: \(layout)
          umbrella: Everything

        modules:

        """
    }

    /// The same commands a team would run to grow a workspace from nothing.
    private func scaffold(_ folder: String) async throws {
        let commands: [[String]] = [
            ["new", "module", "Networking", "--layer", "core", "--interface", "--mocks"],
            ["new", "module", "WeatherService", "--layer", "service", "--interface", "--mocks", "--host-app", "-d", "NetworkingInterface"],
            ["new", "module", "Weather", "--layer", "domain", "--interface", "--mocks", "--host-app", "--dependency", "WeatherServiceInterface"],
            ["new", "module", "Settings", "--layer", "domain", "--no-tests"],
            ["new", "app", "Main", "-d", "Weather,WeatherInterface,WeatherService,WeatherServiceInterface,Networking,NetworkingInterface,Settings"],
        ]
        for arguments in commands {
            let result = try await StrataBinary.run(arguments, in: folder)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("strata: created \(arguments[1]) '\(arguments[2])'"), "\(result.stderr)")
        }
        let check = try await StrataBinary.run(["generate", "--check"], in: folder)
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    private func shell(_ command: String, in folder: String) async throws -> StrataBinary.Result {
        try await StrataBinary.run([], in: folder, shell: command + " 2>&1")
    }

    @Test func aScaffoldedSinglePackageWorkspaceBuildsPassesItsTestsAndChecksClean() async throws {
        let workspace = try TemporaryWorkspace(Self.manifest(layout: "single"), label: "strata-new")
        try await scaffold(workspace.root)
        #expect(workspace.exists("Sources/Weather/WeatherCoordinator.swift"))
        #expect(workspace.exists("Sources/WeatherServiceInterface/WeatherServicing.swift"))
        #expect(!workspace.exists("Tests/SettingsTests"))
        // The app's list of its modules, written as a person would: no trailing comma.
        #expect(
            workspace.read("Sources/Main/main.swift")?.contains(
                #"let modules: [String] = ["Weather", "WeatherInterface", "WeatherService", "WeatherServiceInterface", "Networking", "NetworkingInterface", "Settings"]"#
            ) == true, "\(workspace.read("Sources/Main/main.swift") ?? "")")

        let test = try await shell("swift test \(ThrowawayBuild.flags)", in: workspace.root)
        #expect(test.status == 0, "\(test.stdout)")
        #expect(test.stdout.contains("Test run with 5 tests in 3 suites passed"), "\(test.stdout)")
        let host = try await shell("swift run --skip-build WeatherHost", in: workspace.root)
        #expect(host.stdout.hasSuffix("WeatherHost: showing WeatherHome\n"), "\(host.stdout)")
        let service = try await shell("swift run --skip-build WeatherServiceHost", in: workspace.root)
        #expect(service.stdout.hasSuffix("WeatherServiceHost: WeatherService is running\n"), "\(service.stdout)")
        let app = try await shell("swift run --skip-build Main", in: workspace.root)
        #expect(
            app.stdout.hasSuffix(
                "Main: 7 modules: Weather, WeatherInterface, WeatherService, WeatherServiceInterface, Networking, NetworkingInterface, Settings\n"),
            "\(app.stdout)")

        let check = try await StrataBinary.run(["check", "--strict-imports", "."], in: workspace.root)
        #expect(check.status == 0)
        #expect(check.stdout == "Forecasts: 17 targets, 36 dependencies, 3 layers — no violations\n", "\(check.stdout)\(check.stderr)")
    }

    @Test func aScaffoldedPackagePerModuleWorkspaceBuildsPassesItsTestsAndChecksClean() async throws {
        let workspace = try TemporaryWorkspace(Self.manifest(layout: "packages"), label: "strata-new")
        try await scaffold(workspace.root)
        #expect(workspace.exists("Packages/Weather/Sources/Weather/WeatherCoordinator.swift"))
        #expect(workspace.exists("Packages/Weather/Tests/WeatherTests/WeatherTests.swift"))
        #expect(workspace.exists("Sources/WeatherHost/main.swift"))

        let build = try await shell("swift build \(ThrowawayBuild.flags)", in: workspace.root)
        #expect(build.status == 0, "\(build.stdout)")
        for package in ["Networking", "WeatherService", "Weather"] {
            let test = try await shell("swift test \(ThrowawayBuild.flags) --package-path Packages/\(package)", in: workspace.root)
            #expect(test.status == 0, "\(package): \(test.stdout)")
        }
        let check = try await StrataBinary.run(["check", "--strict-imports", "."], in: workspace.root)
        #expect(check.status == 0)
        #expect(check.stdout.hasSuffix("3 layers — no violations\n"), "\(check.stdout)\(check.stderr)")
    }

    @Test func theManifestKeepsItsCommentsAndGetsOneEntryPerCommand() async throws {
        let iss = try Fixtures.copyOfISS("strata-new-iss")
        defer { Fixtures.removeCopy(ofISS: iss) }
        let before = try String(contentsOfFile: iss + "/strata.yml", encoding: .utf8)
        let result = try await StrataBinary.run(
            ["new", "module", "Telescope", "--layer", "service", "--interface", "--mocks", "-d", "RadioCore,Logging"], in: iss)
        #expect(result.status == 0, "\(result.stderr)")
        let after = try String(contentsOfFile: iss + "/strata.yml", encoding: .utf8)
        // ISS declares Strata's runtime, so the module is wired to it (StrataDI for its assembly, mocks and tests).
        let runtime = "[\"StrataRuntime/StrataDI\"]"
        let entry =
            "  Telescope:\n    layer: service\n    interface: true\n    mocks: { packages: \(runtime) }\n    tests: { packages: \(runtime) }\n"
            + "    dependencies: [RadioCore, Logging]\n    packages: \(runtime)\n"
        #expect(
            after
                == before.replacingOccurrences(
                    of: "    tests: { dependencies: [NetworkCore] }\n\n  # domain\n",
                    with: "    tests: { dependencies: [NetworkCore] }\n" + entry + "\n  # domain\n"))
        #expect(result.stderr.contains("strata: created Sources/TelescopeCore/TelescopeServicing.swift\n") == false)
        #expect(result.stderr.contains("strata: created Sources/TelescopeCore/TelescopeProtocol.swift\n"))
        #expect(result.stderr.contains("strata: created Xcode/Telescope/project.yml\n"))
        #expect(
            result.stderr.hasSuffix("strata: created module 'Telescope' in layer 'service' with 4 targets and 6 files; 5 generated files changed\n"))
    }

    @Test func aDryRunPrintsTheChangeAndWritesNothing() async throws {
        let workspace = try TemporaryWorkspace(Self.manifest(layout: "single"), label: "strata-new")
        let before = workspace.snapshot()
        let result = try await StrataBinary.run(["new", "module", "Radar", "--layer", "core", "--dry-run"], in: workspace.root)
        #expect(result.status == 0)
        #expect(result.stdout.contains("--- a/strata.yml\n+++ b/strata.yml\n"))
        #expect(result.stdout.contains("\n+  Radar:\n+    layer: core\n"))
        #expect(result.stdout.contains("would create Sources/Radar/DefaultRadar.swift\n"))
        #expect(result.stdout.contains("would create Package.swift\n"))
        #expect(result.stderr == "strata: dry run; nothing was written\n")
        #expect(workspace.snapshot() == before)
    }

    @Test func badInputExitsTwoWithAClearErrorAndWritesNothing() async throws {
        let workspace = try TemporaryWorkspace(Self.manifest(layout: "single"), label: "strata-new")
        _ = try await StrataBinary.run(["new", "module", "Radar", "--layer", "core"], in: workspace.root)
        try workspace.write("Sources/Existing/Keep.swift", "// mine\n")
        let before = workspace.snapshot()
        let cases: [([String], String)] = [
            (
                ["new", "module", "my-module", "--layer", "core"],
                "error: [invalid-name] module name 'my-module' is not a valid Swift identifier\n    hint: use letters, digits and underscores, not starting with a digit, e.g. 'myModule'\n"
            ),
            (
                ["new", "module", "Radar", "--layer", "core"],
                "error: [duplicate-target] there is already a module named 'Radar'\nstrata.yml:13:3: note: 'Radar' is declared here\n    hint: choose another name\n"
            ),
            (
                ["new", "app", "RadarTests"],
                "error: [duplicate-target] app 'RadarTests' needs target 'RadarTests', which already exists as a target of module 'Radar'\nstrata.yml:13:3: note: 'RadarTests' is declared here\n    hint: choose another name, or change the naming templates in 'naming:'\n"
            ),
            (
                ["new", "module", "Sonar", "--layer", "servce"],
                "error: [unknown-layer] there is no layer 'servce' in strata.yml\n    hint: did you mean 'service'?\n"
            ),
            (
                ["new", "module", "Sonar", "--layer", "core", "-d", "Radr"],
                "error: [unknown-dependency] module 'Sonar' would depend on 'Radr', which is not a module or target in this workspace\n    hint: did you mean 'Radar'?\n"
            ),
            (
                ["new", "module", "Existing", "--layer", "core", "--no-tests"],
                "Sources/Existing:1:1: error: [target-folder-exists] 'Sources/Existing' already exists\n    hint: strata new only creates new folders: move it away, or declare the module in strata.yml by hand and run 'strata generate'\n"
            ),
        ]
        for (arguments, expected) in cases {
            let result = try await StrataBinary.run(arguments, in: workspace.root)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == expected, "\(arguments)")
            #expect(workspace.snapshot() == before, "\(arguments) changed the workspace")
        }
        // The layer rules are checked before anything is written.
        let layer = try await StrataBinary.run(["new", "module", "Sonar", "--layer", "core", "-d", "Radar"], in: workspace.root)
        #expect(layer.status == 2)
        #expect(layer.stderr.hasPrefix("error: [same-layer] 'Sonar' depends on 'Radar', another module in layer 'core'"), "\(layer.stderr)")
        #expect(layer.stderr.contains("nothing was written"))
        #expect(workspace.snapshot() == before)
    }

    @Test func aReadOnlyWorkspaceIsReportedAndLeftAsItWas() async throws {
        let workspace = try TemporaryWorkspace(Self.manifest(layout: "single"), label: "strata-new")
        let before = workspace.snapshot()
        // Root may write anywhere, so as root the command runs as 'nobody' (setpriv, util-linux).
        let asUser = getuid() == 0 ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""
        let result = try await StrataBinary.run(
            [], in: workspace.root,
            shell: "chmod -R a-w . && \(asUser)'\(StrataBinary.path)' new module Radar --layer core; status=$?; chmod -R u+w .; exit $status")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("error: [write-failed]"), "\(result.stderr)")
        #expect(result.stderr.contains("Permission denied"), "\(result.stderr)")
        #expect(result.stderr.contains("hint: nothing was changed"), "\(result.stderr)")
        #expect(workspace.snapshot() == before)
    }

    @Test func templatesThatDoNotFitTogetherStopNewAndFailCheck() async throws {
        let workspace = try TemporaryWorkspace(Self.manifest(layout: "single"), label: "strata-new")
        try workspace.write("templates/layers/service/implementation/{{module}}Client.swift.mustache", "public struct {{module}}Client {}\n")
        let before = workspace.snapshot()
        let new = try await StrataBinary.run(["new", "module", "WeatherService", "--layer", "service"], in: workspace.root)
        #expect(new.status == 2)
        #expect(
            new.stderr.hasPrefix(
                "templates/layers/service/implementation/{{module}}Client.swift.mustache:1:1: error: [invalid-template] strata's built-in 'layers/service/tests/"
            ),
            "\(new.stderr)")
        #expect(workspace.snapshot() == before)
        let check = try await StrataBinary.run(["check"], in: workspace.root)
        #expect(check.status == 2)
        #expect(check.stdout.contains("error: [invalid-template]"), "\(check.stdout)")
        // A module of a layer whose templates fit is still made.
        let core = try await StrataBinary.run(["new", "module", "Radar", "--layer", "core"], in: workspace.root)
        #expect(core.status == 0, "\(core.stderr)")
    }
}
