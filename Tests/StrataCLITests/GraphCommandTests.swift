import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata graph` end to end, and the HTML page in a real browser (headless Chromium).
@Suite struct GraphCommandTests {
    @Test(arguments: ["dot", "mermaid", "json", "html"])
    func theReferenceWorkspaceInEveryFormat(format: String) async throws {
        let result = try await StrataBinary.run(["graph", "Examples/ISS", "--format", format])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        let start: String = ["dot": "digraph \"ISS\" {", "mermaid": "flowchart TB", "json": "{", "html": "<!DOCTYPE html>"][format]!
        #expect(result.stdout.hasPrefix(start))
        #expect(result.stdout.contains("SpacesuitServiceMocks"))
    }

    /// Xcode projects are drawn as the build configuration `--configuration` names reads them:
    /// DockingFeature's Feature.xcconfig makes it static, and its Release configuration dynamic.
    @Test func xcodeProjectsAreDrawnInTheConfigurationAskedFor() async throws {
        let copy = try Fixtures.copy(of: Fixtures.path("Adopt/XcodeProjects"), label: "strata-graph-xcode")
        defer { try? FileManager.default.removeItem(atPath: copy) }
        func linkage(_ arguments: [String]) async throws -> String? {
            let result = try await StrataBinary.run(["graph", copy, "--format", "json"] + arguments)
            #expect(result.status == 0, "\(result.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let targets = try #require(document["targets"] as? [[String: Any]])
            return targets.first { $0["name"] as? String == "DockingFeature" }?["linkage"] as? String
        }
        #expect(try await linkage([]) == "static")
        #expect(try await linkage(["--configuration", "Release"]) == "dynamic")
    }

    /// Apps and extensions are both `app` to the rules; the graph says which Xcode product each
    /// one is, in JSON (`product`) and in the DOT and HTML tooltips.
    @Test func xcodeTargetsSayWhichProductTheyAre() async throws {
        let fixture = Fixtures.path("Adopt/XcodeProjects")
        let json = try await StrataBinary.run(["graph", fixture, "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let targets = try #require(document["targets"] as? [[String: Any]])
        let product = { (name: String) in targets.first { $0["name"] as? String == name }?["product"] as? String }
        #expect(product("StationApp") == "application" && product("StationWidget") == "appExtension")
        #expect(product("SharedUI") == "framework" && product("StationTests") == "unitTests")
        #expect(targets.allSatisfy { $0["product"] == nil || $0["package"] == nil }, "a package's target has no Xcode product")
        let dot = try await StrataBinary.run(["graph", fixture, "--format", "dot"])
        #expect(dot.stdout.contains(#"tooltip="StationWidget (app extension"#), "\(dot.stdout)")
        let html = try await StrataBinary.run(["graph", fixture, "--format", "html"])
        #expect(html.stdout.contains("<title>StationWidget — app extension, "), "\(html.stdout.prefix(2000))")
    }

    @Test func violationsAreDrawnInRedWithTheirRule() async throws {
        let result = try await StrataBinary.run(["graph", "Examples/Violations/LayerDirection", "--format", "dot"])
        #expect(result.status == 0)
        let edge = result.stdout.split(separator: "\n").first { $0.contains(#""Logging" -> "Network""#) }
        #expect(edge?.contains(##"color="#d62728""##) == true && edge?.contains(#"label="layer-direction""#) == true, "\(result.stdout)")
        let json = try await StrataBinary.run(["graph", "Examples/Violations/LayerDirection", "--format", "json"])
        #expect(json.stdout.contains(#""rule" : "layer-direction""#))
    }

    @Test func focusAndOutputFile() async throws {
        let folder = try Fixtures.temporaryFolder("strata-graph")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await StrataBinary.run(
            [
                "graph", "Examples/ISS", "--format", "mermaid", "--focus", "Cosmonaut", "--dependencies", "--depth", "1", "--no-tests", "-o",
                folder + "/graph.mmd",
            ])
        // Without tests, no mocks either: the whole graph of a module with mocks, then its focus.
        for arguments in [
            ["graph", "Examples/ISS", "--format", "mermaid", "--no-tests"],
            ["graph", "Examples/ISS", "--format", "mermaid", "--focus", "Network", "--no-tests"],
        ] {
            let drawn = try await StrataBinary.run(arguments)
            #expect(drawn.status == 0 && drawn.stdout.contains("[\"Network\"]"), "\(arguments): \(drawn.stderr)")
            #expect(!drawn.stdout.contains("Mocks\"]") && !drawn.stdout.contains("Tests\"]"), "\(arguments): \(drawn.stdout)")
        }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("strata: wrote \(folder)/graph.mmd ("))
        let text = try String(contentsOfFile: folder + "/graph.mmd", encoding: .utf8)
        #expect(text.contains("[\"Cosmonaut\"]") && text.contains("[\"CosmonautServiceCore\"]"))
        #expect(!text.contains("Tests\"]") && !text.contains("[\"Spacesuit\"]"))
    }

    @Test func badSelectionsExitTwo() async throws {
        let unknown = try await StrataBinary.run(["graph", "Examples/ISS", "--focus", "Spacesut"])
        #expect(unknown.status == 2)
        #expect(
            unknown.stderr.hasPrefix("error: [unknown-module] there is no module or target 'Spacesut' in ISS\n    hint: did you mean 'Spacesuit'?"))
        let depth = try await StrataBinary.run(["graph", "Examples/ISS", "--depth", "2"])
        #expect(depth.status == 2)
        #expect(depth.stderr.contains("need --focus"))
        let unwritable = try await StrataBinary.run(["graph", "Examples/ISS", "-o", "/nonexistent/graph.dot"])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("[unwritable-output]"))
    }

    /// Chromium, which CI installs; a missing one fails in CI and is reported as skipped elsewhere.
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        .enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil, "needs Chromium (apt-get install chromium); CI installs it")
    )
    func theHTMLPageRunsWithoutScriptErrorsInChromium() async throws {
        let chromium = try #require(Self.chromium, "Chromium is not installed (apt-get install chromium)")
        let folder = try Fixtures.temporaryFolder("strata-graph-html")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for workspace in ["Examples/ISS", "Examples/Violations/NoCycles"] {
            let page = folder + "/\(workspace.split(separator: "/").last!).html"
            let written = try await StrataBinary.run(["graph", workspace, "--format", "html", "-o", page])
            #expect(written.status == 0)
            // --dump-dom prints the page after its script ran; the script reports on the root element.
            let dom = try await ProcessRunner.run(
                chromium,
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(folder)/profile",
                    "--virtual-time-budget=3000", "--dump-dom", "file://\(page)#selftest",
                ]
            ).output
            let root = try #require(dom.firstMatch(of: /<html[^>]*>/).map { String($0.output) }, "no page from Chromium")
            #expect(!root.contains("data-strata-errors"), "script errors in \(workspace): \(root)")
            #expect(root.contains("data-strata-ready=\""), "the script did not finish in \(workspace): \(root)")
            #expect(root.contains("data-strata-selftest=\"passed\""), "search, selection and zoom failed in \(workspace): \(root)")
        }
    }
}
