import Foundation
import StrataPackageIdentity
import StrataPublish
import StrataRegistry
import Testing

/// The registry API over HTTP, endpoint by endpoint, on a real server on loopback: statuses,
/// headers and problem documents as the registry specification gives them.
@Suite struct RegistryAPITests {
    @Test func aPublishedReleaseIsListedDescribedAndDownloadable() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await registry.token(["iss-core": .write])
            let archive = try TestArchive.make(
                TestArchive.package("Network").merging(["Package@swift-5.9.swift": "// swift-tools-version: 5.9\nimport PackageDescription\nlet package = Package(name: \"Network\")\n"]) { a, _ in a })

            let created = try await registry.publish(
                "iss-core.Network", "1.0.0", archive: archive, metadata: #"{"repositoryURLs": ["https://github.com/iss/Network.git"]}"#, token: writer)
            #expect(created.status == 201, "\(created.text)")
            #expect(created.header("Location") == "\(registry.url)/iss-core/Network/1.0.0")
            #expect(created.header("Content-Version") == "1")
            #expect(try await registry.publish("iss-core.Network", "1.1.0", archive: archive, token: writer).status == 201)

            let list = try await registry.request("GET", "/iss-core/Network", token: writer)
            #expect(list.status == 200)
            #expect(list.header("Content-Type") == "application/json")
            #expect(list.header("Content-Version") == "1")
            #expect(list.header("Link") == "<\(registry.url)/iss-core/Network/1.1.0>; rel=\"latest-version\"")
            let releases = try #require(list.json?["releases"] as? [String: [String: String]])
            #expect(releases == ["1.0.0": ["url": "\(registry.url)/iss-core/Network/1.0.0"], "1.1.0": ["url": "\(registry.url)/iss-core/Network/1.1.0"]])
            // Names are case-insensitive, and `.json` may end the path.
            #expect(try await registry.request("GET", "/ISS-CORE/network.json", token: writer).status == 200)

            let info = try await registry.request("GET", "/iss-core/Network/1.0.0", token: writer)
            #expect(info.status == 200)
            let document = try #require(info.json)
            #expect(document["id"] as? String == "iss-core.Network")
            #expect(document["version"] as? String == "1.0.0")
            let resource = try #require((document["resources"] as? [[String: Any]])?.first)
            let checksum = try #require(resource["checksum"] as? String)
            #expect(resource["name"] as? String == "source-archive" && resource["type"] as? String == "application/zip")
            #expect((document["metadata"] as? [String: Any])?["repositoryURLs"] as? [String] == ["https://github.com/iss/Network.git"])
            #expect((document["publishedAt"] as? String)?.hasSuffix("Z") == true)
            #expect(info.header("Link")?.contains("<\(registry.url)/iss-core/Network/1.1.0>; rel=\"latest-version\"") == true)
            #expect(info.header("Link")?.contains("rel=\"successor-version\"") == true)

            let zip = try await registry.request("GET", "/iss-core/Network/1.0.0.zip", token: writer, accept: "application/vnd.swift.registry.v1+zip")
            #expect(zip.status == 200)
            #expect(zip.body == archive)
            #expect(zip.header("Content-Type") == "application/zip")
            #expect(zip.header("Content-Disposition") == "attachment; filename=\"Network-1.0.0.zip\"")
            #expect(zip.header("Content-Length") == String(archive.count))
            #expect(zip.header("Digest")?.hasPrefix("sha-256=") == true)
            #expect(checksum == Self.sha256(archive))

            let manifest = try await registry.request(
                "GET", "/iss-core/Network/1.0.0/Package.swift", token: writer, accept: "application/vnd.swift.registry.v1+swift")
            #expect(manifest.status == 200)
            #expect(manifest.header("Content-Type") == "text/x-swift")
            #expect(manifest.text.hasPrefix("// swift-tools-version: 6.0"))
            #expect(
                manifest.header("Link")
                    == "<\(registry.url)/iss-core/Network/1.0.0/Package.swift?swift-version=5.9>; rel=\"alternate\"; filename=\"Package@swift-5.9.swift\"; swift-tools-version=\"5.9\""
            )
            let versioned = try await registry.request(
                "GET", "/iss-core/Network/1.0.0/Package.swift?swift-version=5.9", token: writer, accept: "application/vnd.swift.registry.v1+swift")
            #expect(versioned.status == 200 && versioned.text.hasPrefix("// swift-tools-version: 5.9"))
            let missing = try await registry.request(
                "GET", "/iss-core/Network/1.0.0/Package.swift?swift-version=4", token: writer, accept: "application/vnd.swift.registry.v1+swift")
            #expect(missing.status == 303)
            #expect(missing.header("Location") == "\(registry.url)/iss-core/Network/1.0.0/Package.swift")

            let identifiers = try await registry.request("GET", "/identifiers?url=https://github.com/iss/Network", token: writer)
            #expect(identifiers.status == 200)
            #expect(identifiers.json?["identifiers"] as? [String] == ["iss-core.Network"])
            #expect(try await registry.request("GET", "/identifiers?url=git@github.com:iss/Network.git", token: writer).status == 200)
            #expect(try await registry.request("GET", "/identifiers?url=https://github.com/iss/Other", token: writer).status == 404)
            #expect(try await registry.request("GET", "/identifiers", token: writer).status == 400)
        }
    }

    /// A release never changes, so it may be cached for good; but a shared cache (a CDN, a
    /// company proxy) would serve a private scope's release to anyone who asks it.
    @Test func onlyAnonymousReadScopesAreCacheableByASharedCache() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await registry.token(["iss-core": .write])
            try #require(try await registry.publish("iss-core.Network", "1.0.0", archive: try TestArchive.make(TestArchive.package("Network")), token: writer).status == 201)
            func cacheControl() async throws -> [String?] {
                let zip = try await registry.request("GET", "/iss-core/Network/1.0.0.zip", token: writer, accept: "application/vnd.swift.registry.v1+zip")
                let manifest = try await registry.request(
                    "GET", "/iss-core/Network/1.0.0/Package.swift", token: writer, accept: "application/vnd.swift.registry.v1+swift")
                #expect(zip.status == 200 && manifest.status == 200)
                return [zip.header("Cache-Control"), manifest.header("Cache-Control")]
            }
            #expect(try await cacheControl() == ["private, immutable", "private, immutable"])
            try await registry.storage.setAnonymousRead(true, scope: "ISS-Core")
            #expect(try await cacheControl() == ["public, immutable", "public, immutable"])
        }
    }

    /// A repository URL names one package: the first published with it. Otherwise any writer
    /// could publish `repositoryURLs: ["https://github.com/apple/swift-nio"]` and have
    /// `/identifiers` answer its own package for that URL.
    @Test func aRepositoryURLBelongsToTheFirstPackageThatNamesIt() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await registry.token(["*": .write])
            let nio = #"{"repositoryURLs": ["https://github.com/apple/swift-nio.git"]}"#
            let first = try await registry.publish(
                "apple.swift-nio", "1.0.0", archive: try TestArchive.make(TestArchive.package("swift-nio")), metadata: nio, token: writer)
            #expect(first.status == 201, "\(first.text)")
            // Another package naming it, in any spelling of the URL: refused, nothing stored.
            let claim = #"{"repositoryURLs": ["git@github.com:apple/swift-nio"]}"#
            let hijack = try await registry.publish(
                "evil.swift-nio", "1.0.0", archive: try TestArchive.make(TestArchive.package("swift-nio")), metadata: claim, token: writer)
            #expect(hijack.status == 409, "\(hijack.text)")
            #expect((hijack.json?["detail"] as? String)?.contains("belongs to apple.swift-nio") == true, "\(hijack.text)")
            #expect(try await registry.request("GET", "/evil/swift-nio", token: writer).status == 404)
            let lookup = try await registry.request("GET", "/identifiers?url=https://github.com/apple/swift-nio", token: writer)
            #expect(lookup.json?["identifiers"] as? [String] == ["apple.swift-nio"])
            // The owner names it again in later releases.
            #expect(
                try await registry.publish(
                    "apple.swift-nio", "1.1.0", archive: try TestArchive.make(TestArchive.package("swift-nio")), metadata: nio, token: writer).status == 201)
        }
    }

    @Test func releasesNeverChange() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await registry.token(["iss-core": .write])
            let archive = try TestArchive.make(TestArchive.package("Network"))
            #expect(try await registry.publish("iss-core.Network", "1.0.0", archive: archive, token: writer).status == 201)
            let again = try await registry.publish("iss-core.Network", "1.0.0", archive: try TestArchive.make(TestArchive.package("Network").merging(["README.md": "changed"]) { a, _ in a }), token: writer)
            #expect(again.status == 409)
            #expect(again.header("Content-Type") == "application/problem+json")
            #expect((again.json?["detail"] as? String)?.contains("already exists") == true)
            // Build metadata does not make another release.
            #expect(try await registry.publish("iss-core.Network", "1.0.0+build.7", archive: archive, token: writer).status == 409)
            let download = try await registry.request("GET", "/iss-core/Network/1.0.0.zip", token: writer, accept: "application/vnd.swift.registry.v1+zip")
            #expect(download.body == archive)
        }
    }

    @Test func twoPublishersOfOneVersionGetExactlyOneCreated() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await registry.token(["iss-core": .write])
            let archives = try (0..<8).map { index in try TestArchive.make(TestArchive.package("Network").merging(["NOTE.txt": "publisher \(index)"]) { a, _ in a }) }
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for archive in archives { group.addTask { try await registry.publish("iss-core.Network", "2.0.0", archive: archive, token: writer).status } }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 201 }.count == 1, "\(statuses)")
            #expect(statuses.filter { $0 == 409 }.count == archives.count - 1, "\(statuses)")
            let download = try await registry.request("GET", "/iss-core/Network/2.0.0.zip", token: writer, accept: "application/vnd.swift.registry.v1+zip")
            let info = try await registry.request("GET", "/iss-core/Network/2.0.0", token: writer)
            let checksum = ((info.json?["resources"] as? [[String: Any]])?.first?["checksum"] as? String)
            #expect(archives.contains(download.body))
            #expect(checksum == Self.sha256(download.body))
        }
    }

    @Test func acceptNegotiation() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await registry.token(["*": .write])
            #expect(try await registry.publish("iss-core.Network", "1.0.0", archive: try TestArchive.make(TestArchive.package("Network")), token: writer).status == 201)
            let cases: [(String?, Int)] = [
                (nil, 200), ("application/vnd.swift.registry.v1+json", 200), ("application/vnd.swift.registry", 200), ("*/*", 200),
                ("application/vnd.swift.registry.v2+json", 415), ("application/vnd.swift.registry.vX+json", 400),
                ("application/vnd.swift.registry.v1+zip", 415), ("application/vnd.swift.registry.v1+xml", 400),
            ]
            for (accept, status) in cases {
                let reply = try await registry.request("GET", "/iss-core/Network", token: writer, accept: accept)
                #expect(reply.status == status, "Accept: \(accept ?? "none")")
                #expect(reply.header("Content-Version") == "1")
                if status != 200 {
                    #expect(reply.header("Content-Type") == "application/problem+json")
                    #expect(reply.json?["detail"] is String)
                }
            }
        }
    }

    @Test func badRequestsGetProblemDocuments() async throws {
        try await RunningRegistry.with(limits: { var limits = SourceArchiveValidator.Limits(); limits.archiveBytes = 64 << 10; return limits }()) { registry in
            let writer = try await registry.token(["*": .write])
            let archive = try TestArchive.make(TestArchive.package("Network"))
            func detail(_ reply: RegistryHTTPClient.Reply) -> String { reply.json?["detail"] as? String ?? "" }

            // Unknown package and release: 404.
            #expect(try await registry.request("GET", "/iss-core/Nothing", token: writer).status == 404)
            #expect(try await registry.request("GET", "/iss-core/Nothing/1.0.0", token: writer).status == 404)
            // Invalid scope, name and version: 400.
            #expect(try await registry.request("GET", "/-bad/Network", token: writer).status == 400)
            #expect(try await registry.request("GET", "/iss-core/Net..work/1.0.0", token: writer).status == 400)
            #expect(try await registry.publish("iss-core.Network", "1.0", archive: archive, token: writer).status == 400)
            // Methods the endpoint does not have: 405.
            let delete = try await registry.request("DELETE", "/iss-core/Network/1.0.0", token: writer)
            #expect(delete.status == 405 && delete.header("Content-Type") == "application/problem+json")
            // Not multipart: 415.
            let plain = try await registry.request("PUT", "/iss-core/Network/1.0.0", headers: ["Content-Type": "application/zip"], body: archive, token: writer)
            #expect(plain.status == 415)
            // Too large: 413.
            let large = try TestArchive.make(TestArchive.package("Network").merging(["Big.bin": String(repeating: "x", count: 1 << 20)]) { a, _ in a })
            let big = Data(large) + Data((0..<(100 << 10)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 13) })
            #expect(try await registry.publish("iss-core.Network", "1.0.0", archive: big, token: writer).status == 413)
            // Not a zip, no manifest, a name that does not match, bad metadata: 422.
            #expect(try await registry.publish("iss-core.Network", "1.0.0", archive: Data("not a zip".utf8), token: writer).status == 422)
            let noManifest = try await registry.publish("iss-core.Network", "1.0.0", archive: try TestArchive.make(["README.md": "x"]), token: writer)
            #expect(noManifest.status == 422 && detail(noManifest).contains("no Package.swift"))
            let otherName = try await registry.publish("iss-core.Network", "1.0.0", archive: try TestArchive.make(TestArchive.package("Storage")), token: writer)
            #expect(otherName.status == 422 && detail(otherName).contains("'Storage'"))
            let badMetadata = try await registry.publish("iss-core.Network", "1.0.0", archive: archive, metadata: "[1, 2", token: writer)
            #expect(badMetadata.status == 422 && detail(badMetadata).contains("invalid JSON"))
            // After all of that, the version is still free.
            #expect(try await registry.publish("iss-core.Network", "1.0.0", archive: archive, token: writer).status == 201)
            // The name rule is the registry's policy, not the specification's: a scope may waive it.
            try await registry.storage.setManifestNameCheck(false, scope: "ISS-Core")
            let waived = try await registry.publish("iss-core.Network", "1.1.0", archive: try TestArchive.make(TestArchive.package("Storage")), token: writer)
            #expect(waived.status == 201, "\(waived.text)")
            #expect(try await registry.storage.scopesWithoutManifestNameCheck() == ["iss-core"])
        }
    }

    /// What a publish may weigh: a declared length over the limit is refused before the body is
    /// read, the metadata has a limit of its own, and a body that is not multipart says what is wrong.
    @Test func sizeLimitsAreKeptBeforeReadingAndMalformedBodiesAreNamed() async throws {
        var limits = SourceArchiveValidator.Limits()
        limits.archiveBytes = 64 << 10
        limits.metadataBytes = 1 << 10
        try await RunningRegistry.with(limits: limits) { registry in
            let writer = try await registry.token(["*": .write])
            let archive = try TestArchive.make(TestArchive.package("Network"))
            func detail(_ reply: RegistryHTTPClient.Reply) -> String { reply.json?["detail"] as? String ?? "" }

            // 1 GB declared, nothing sent: the answer comes at once, without waiting for a body.
            let connection = try RawHTTPConnection(port: registry.port)
            try connection.send(
                "PUT /iss-core/Network/1.0.0 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(writer)\r\nAccept: application/vnd.swift.registry.v1+json\r\nContent-Type: multipart/form-data; boundary=b\r\nContent-Length: 1000000000\r\n\r\n"
            )
            let answer = try #require(connection.readHead(), "no answer to a 1 GB declared length")
            #expect(answer.head.hasPrefix("HTTP/1.1 413"), "\(answer.head)")

            let heavy = #"{"description": ""# + String(repeating: "x", count: 2 << 10) + #""}"#
            let tooMuch = try await registry.publish("iss-core.Network", "1.0.0", archive: archive, metadata: heavy, token: writer)
            #expect(tooMuch.status == 413 && detail(tooMuch).contains("the release metadata is 2"), "\(detail(tooMuch))")

            func put(_ body: String) async throws -> RegistryHTTPClient.Reply {
                try await registry.request(
                    "PUT", "/iss-core/Network/1.0.0", headers: ["Content-Type": "multipart/form-data; boundary=b"], body: Data(body.utf8), token: writer)
            }
            let empty = try await put("")
            #expect(empty.status == 422 && detail(empty).contains("the request body is empty"), "\(detail(empty))")
            let noPart = try await put("just some text\r\n")
            #expect(noPart.status == 422 && detail(noPart).contains("no line starts with '--b'"), "\(detail(noPart))")
            let cut = try await put("--b\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n{}")
            #expect(cut.status == 422 && detail(cut).contains("cut short"), "\(detail(cut))")
            // After all of that, the version is still free.
            #expect(try await registry.publish("iss-core.Network", "1.0.0", archive: archive, metadata: #"{"description": "ok"}"#, token: writer).status == 201)
        }
    }

    /// SwiftPM sends `Expect: 100-continue` with every publish and waits for it before the body:
    /// answered once the headers pass, or with the final refusal, so a refused body is never sent.
    @Test func aClientExpectingContinueIsAnsweredBeforeItSendsTheBody() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await registry.token(["iss-core": .write])
            let reader = try await registry.token(["iss-core": .read])
            let body = MultipartBody.release(archive: try TestArchive.make(TestArchive.package("Network")), metadata: nil)
            func headers(_ version: String, token: String) -> String {
                "PUT /iss-core/Network/\(version) HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: application/vnd.swift.registry.v1+json\r\nContent-Type: \(body.contentType)\r\nContent-Length: \(body.finished.count)\r\nExpect: 100-continue\r\n\r\n"
            }

            let connection = try RawHTTPConnection(port: registry.port)
            try connection.send(headers("1.0.0", token: writer))
            let interim = try #require(connection.readHead(), "no 100 Continue")
            #expect(interim.head.hasPrefix("HTTP/1.1 100 Continue"), "\(interim.head)")
            // Well under the second a client waits before sending anyway.
            #expect(interim.elapsed < .milliseconds(500), "\(interim.elapsed)")
            try connection.send(body.finished)
            let created = try #require(connection.readHead(waitingUpTo: 120))
            #expect(created.head.hasPrefix("HTTP/1.1 201"), "\(created.head)")

            // A token that may not write: the refusal comes instead, and no body is needed.
            let refused = try RawHTTPConnection(port: registry.port)
            try refused.send(headers("1.1.0", token: reader))
            let answer = try #require(refused.readHead(), "no answer to a refused publish")
            #expect(answer.head.hasPrefix("HTTP/1.1 403"), "\(answer.head)")
            #expect(try await registry.request("GET", "/iss-core/Network/1.1.0", token: writer).status == 404)
        }
    }

    /// Uploads in flight share one memory budget: one that does not fit is turned away at once,
    /// before its body is sent, and the budget comes back when an upload is done.
    @Test func uploadsBeyondTheBudgetWaitTheirTurn() async throws {
        try await RunningRegistry.with(arguments: ["--upload-budget", "1"]) { registry in
            let writer = try await registry.token(["iss-core": .write])
            func body(_ name: String) throws -> MultipartBody {
                // 1.5 MiB of hexadecimal digits, a bit over half of that deflated: two do not fit in 1 MiB together.
                let noise = (0..<(1536 << 10) / 8).map { index in String(format: "%08x", UInt32(truncatingIfNeeded: index &* 2654435761)) }.joined()
                return MultipartBody.release(archive: try TestArchive.make(TestArchive.package(name).merging(["noise.txt": noise]) { a, _ in a }, root: name), metadata: nil)
            }
            func headers(_ name: String, _ body: MultipartBody) -> String {
                "PUT /iss-core/\(name)/1.0.0 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(writer)\r\nAccept: application/vnd.swift.registry.v1+json\r\nContent-Type: \(body.contentType)\r\nContent-Length: \(body.finished.count)\r\nExpect: 100-continue\r\n\r\n"
            }
            let first = try body("Network")
            try #require(first.finished.count > 600 << 10, "\(first.finished.count) bytes")
            let holding = try RawHTTPConnection(port: registry.port)
            try holding.send(headers("Network", first))
            #expect(try #require(holding.readHead()).head.hasPrefix("HTTP/1.1 100 Continue"))

            // The first holds its reservation while it has not sent its body.
            let second = try body("Radio")
            let turnedAway = try RawHTTPConnection(port: registry.port)
            try turnedAway.send(headers("Radio", second))
            let busy = try #require(turnedAway.readHead())
            #expect(busy.head.hasPrefix("HTTP/1.1 503") && busy.head.lowercased().contains("retry-after: 2"), "\(busy.head)")

            try holding.send(first.finished)
            #expect(try #require(holding.readHead(waitingUpTo: 120)).head.hasPrefix("HTTP/1.1 201"))
            // Given back: the second fits now.
            #expect(try await registry.publish("iss-core.Radio", "1.0.0", archive: try TestArchive.make(TestArchive.package("Radio")), token: writer).status == 201)
        }
    }

    /// The load the audit ran: eight concurrent large uploads with a write token, none turned
    /// away. Their bodies are spooled to disk as they arrive, so the server's peak memory grows by a
    /// few chunks per upload, not by the uploads.
    @Test func concurrentLargeUploadsAreSpooledToDiskNotHeldInMemory() async throws {
        try await RunningRegistry.with(arguments: ["--upload-budget", "2048"]) { registry in
            let writer = try await registry.token(["iss-core": .write])
            func peakMemory() throws -> Int {
                let status = try String(contentsOfFile: "/proc/\(registry.processIdentifier)/status", encoding: .utf8)
                return try #require(status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ")[1]) })
            }
            let before = try peakMemory()
            // 2 MiB that is not a zip: read whole, then refused (422).
            let junk = Data((0..<(2 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) })
            let body = MultipartBody.release(archive: junk, metadata: nil)
            // A debug build parses a body slowly, the more so beside the rest of the suite: the
            // requests may take longer than the client's default two minutes.
            let statuses = await withTaskGroup(of: Int?.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        try? await registry.request(
                            "PUT", "/iss-core/Load\(index)/1.0.0", headers: ["Content-Type": body.contentType], body: body.finished, token: writer,
                            timeout: 600
                        ).status
                    }
                }
                return await group.reduce(into: [Int?]()) { $0.append($1) }
            }
            #expect(statuses.allSatisfy { $0 == 422 }, "\(statuses)")
            let growth = try peakMemory() - before
            // Measured spooled: 13–16 MB, what eight connections take whatever their bodies weigh
            // (the same with 6 MiB bodies). Held in memory, each body was there three times over
            // on its way to the validator: 48 MiB more.
            #expect(growth < 32 << 10, "peak RSS grew by \(growth / 1024) MB from \(before / 1024) MB")
        }
    }

    /// The specification's own example sends the archive base64-encoded: it is stored as the bytes
    /// it encodes, and no upload leaves its spooled file behind, accepted or refused.
    @Test func aBase64ArchiveIsStoredAsItsBytesAndNoSpoolIsLeft() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await registry.token(["iss-core": .write])
            let archive = try TestArchive.make(TestArchive.package("Network"))
            let encoded = archive.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn])
            let body =
                "--b\r\nContent-Disposition: form-data; name=\"source-archive\"\r\nContent-Type: application/zip\r\n"
                + "Content-Transfer-Encoding: base64\r\n\r\n\(encoded)\r\n--b--\r\n"
            let published = try await registry.request(
                "PUT", "/iss-core/Network/1.0.0", headers: ["Content-Type": "multipart/form-data; boundary=b"], body: Data(body.utf8), token: writer)
            #expect(published.status == 201, "\(published.text)")
            let download = try await registry.request("GET", "/iss-core/Network/1.0.0.zip", token: writer, accept: nil)
            #expect(download.status == 200 && download.body == archive)
            #expect(try await registry.publish("iss-core.Network", "1.1.0", archive: Data("not a zip".utf8), token: writer).status == 422)

            let temporary = FileManager.default.temporaryDirectory.path
            let spools = try FileManager.default.contentsOfDirectory(atPath: temporary).filter {
                $0.hasPrefix("strata-registry-upload-\(registry.processIdentifier)-")
            }
            #expect(spools.isEmpty, "\(spools)")
        }
    }

    /// SE-0391: a signed release keeps its signatures, served with its metadata and its archive;
    /// a signature without its format, in a format SwiftPM cannot verify, or on the metadata alone is refused.
    @Test func signedReleasesKeepTheirSignatures() async throws {
        try await RunningRegistry.with { registry in
            let writer = try await registry.token(["*": .write])
            let archive = try TestArchive.make(TestArchive.package("Network"))
            let signature = Data((0..<300).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            func publish(
                _ version: String, format: String?, archiveSignature: Data?, metadata: Data? = Data("{}".utf8), metadataSignature: Data? = nil
            ) async throws -> RegistryHTTPClient.Reply {
                var body = MultipartBody()
                body.append("source-archive", type: "application/zip", archive)
                if let archiveSignature { body.append("source-archive-signature", type: "application/octet-stream", archiveSignature) }
                if let metadata { body.append("metadata", type: "application/json", metadata) }
                if let metadataSignature { body.append("metadata-signature", type: "application/octet-stream", metadataSignature) }
                var headers = ["Content-Type": body.contentType]
                if let format { headers["X-Swift-Package-Signature-Format"] = format }
                return try await registry.request("PUT", "/iss-core/Network/\(version)", headers: headers, body: body.finished, token: writer)
            }
            func detail(_ reply: RegistryHTTPClient.Reply) -> String { reply.json?["detail"] as? String ?? "" }

            let signed = try await publish("1.0.0", format: "cms-1.0.0", archiveSignature: signature, metadataSignature: Data("m".utf8))
            #expect(signed.status == 201, "\(signed.text)")
            let info = try await registry.request("GET", "/iss-core/Network/1.0.0", token: writer)
            let resource = try #require((info.json?["resources"] as? [[String: Any]])?.first)
            let signing = try #require(resource["signing"] as? [String: String])
            #expect(signing == ["signatureBase64Encoded": signature.base64EncodedString(), "signatureFormat": "cms-1.0.0"])
            let download = try await registry.request("GET", "/iss-core/Network/1.0.0.zip", token: writer, accept: nil)
            #expect(download.status == 200 && download.body == archive)
            #expect(download.header("X-Swift-Package-Signature-Format") == "cms-1.0.0")
            #expect(download.header("X-Swift-Package-Signature") == signature.base64EncodedString())
            let stored = try #require(try await registry.storage.release(of: try PackageIdentifier.parse("iss-core.Network").get(), version: SemanticVersion("1.0.0")!))
            #expect(stored.signing == Release.Signing(format: "cms-1.0.0", archiveSignature: signature, metadataSignature: Data("m".utf8)))

            // An unsigned release has neither.
            #expect(try await publish("1.1.0", format: nil, archiveSignature: nil).status == 201)
            let unsigned = try await registry.request("GET", "/iss-core/Network/1.1.0", token: writer)
            #expect((unsigned.json?["resources"] as? [[String: Any]])?.first?["signing"] == nil)
            #expect(try await registry.request("GET", "/iss-core/Network/1.1.0.zip", token: writer, accept: nil).header("X-Swift-Package-Signature") == nil)

            let refusals: [(RegistryHTTPClient.Reply, String)] = [
                (try await publish("2.0.0", format: nil, archiveSignature: signature), "needs the X-Swift-Package-Signature-Format header"),
                (try await publish("2.0.0", format: "pgp-1", archiveSignature: signature), "unsupported signature format 'pgp-1'"),
                (try await publish("2.0.0", format: "cms-1.0.0", archiveSignature: nil), "there is no 'source-archive-signature' part"),
                (try await publish("2.0.0", format: nil, archiveSignature: nil, metadataSignature: signature), "the metadata is signed but the source archive is not"),
                (try await publish("2.0.0", format: "cms-1.0.0", archiveSignature: Data()), "the 'source-archive-signature' part is empty"),
                (
                    try await publish("2.0.0", format: "cms-1.0.0", archiveSignature: signature, metadata: nil, metadataSignature: signature),
                    "needs a non-empty signature and a 'metadata' part"
                ),
            ]
            for (reply, message) in refusals {
                #expect(reply.status == 422 && detail(reply).contains(message), "\(message): \(reply.status) \(reply.text)")
            }
        }
    }

    static func sha256(_ data: Data) -> String { Checksum.sha256Hex(data) }
}
