import Foundation
import StrataWorkspaceTestSupport
import StrataRegistry
import Testing

/// `GET /` and the JSON behind it: what a person browsing the registry sees, limited to the
/// scopes they may read, and the page itself in a real browser (headless Chromium).
@Suite struct BrowsePageTests {
    /// Chromium, which CI installs; a missing one fails in CI and is reported as skipped elsewhere.
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// iss-core (readable by anyone) with Network 1.0.0 and 1.1.0 and Log, iss-service (tokens only) with Suit.
    func populate(_ registry: RunningRegistry) async throws -> String {
        let writer = try await registry.token(["*": .write])
        for (identifier, version, dependencies) in [
            ("iss-core.Log", "1.0.0", [String]()), ("iss-core.Network", "1.0.0", ["iss-core.Log"]), ("iss-core.Network", "1.1.0", ["iss-core.Log"]),
            ("iss-service.Suit", "2.0.0", ["iss-core.Network"]),
        ] {
            let name = String(identifier.split(separator: ".")[1])
            let reply = try await registry.publish(identifier, version, archive: try TestArchive.make(TestArchive.package(name, dependencies: dependencies), root: name), token: writer)
            try #require(reply.status == 201, "\(identifier) \(version): \(reply.text)")
        }
        try await registry.storage.setAnonymousRead(true, scope: "iss-core")
        return writer
    }

    @Test func theJSONListsWhatTheCallerMayRead() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await populate(registry)
            func ids(_ reply: RegistryHTTPClient.Reply) -> [String] {
                ((reply.json?["scopes"] as? [[String: Any]]) ?? []).flatMap { ($0["packages"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String } }
            }
            let anonymous = try await registry.request("GET", "/-/packages", accept: "application/json")
            #expect(anonymous.status == 200)
            #expect(ids(anonymous) == ["iss-core.Log", "iss-core.Network"])
            let all = try await registry.request("GET", "/-/packages", token: writer, accept: "application/json")
            #expect(ids(all) == ["iss-core.Log", "iss-core.Network", "iss-service.Suit"])
            let network = ((all.json?["scopes"] as? [[String: Any]])?.first?["packages"] as? [[String: Any]])?.last
            let releases = try #require(network?["releases"] as? [[String: Any]])
            #expect(releases.map { $0["version"] as? String } == ["1.1.0", "1.0.0"])
            #expect(releases.first?["dependencies"] as? [String] == ["iss-core.Log"])
            #expect((releases.first?["checksum"] as? String)?.count == 64)

            let page = try await registry.request("GET", "/", accept: "text/html")
            #expect(page.status == 200 && page.header("Content-Type") == "text/html; charset=utf-8")
            #expect(!page.text.contains("http://") && !page.text.contains("https://"), "the page loads nothing from elsewhere")
        }
    }

    @Test(
        .enabled(if: chromium != nil || ProcessInfo.processInfo.environment["CI"] != nil, "needs Chromium (apt-get install chromium); CI installs it")
    )
    func thePageRendersInChromium() async throws {
        let chromium = try #require(Self.chromium, "Chromium is not installed (apt-get install chromium)")
        try await RunningRegistry.with { registry in
            _ = try await populate(registry)
            let dom = try await ProcessRunner.run(
                chromium,
                [
                    "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(registry.folder)/chromium",
                    "--virtual-time-budget=3000", "--dump-dom", registry.url + "/",
                ]
            ).output
            let root = try #require(dom.firstMatch(of: /<html[^>]*>/).map { String($0.output) }, "no page from Chromium")
            #expect(!root.contains("data-registry-errors"), "script errors: \(root)")
            #expect(root.contains("data-registry-ready=\"2\""), "\(root)")
            #expect(dom.contains("data-package=\"iss-core.Network\"") && dom.contains("data-package=\"iss-core.Log\""))
            #expect(!dom.contains("iss-service.Suit"), "a scope the browser may not read is not shown")
            #expect(dom.contains(">1.1.0<") && dom.contains(">iss-core.Log<"))
        }
    }
}
