import Foundation
import StrataRegistry
import Testing

/// Who may do what: every token state against reading and publishing a scope, on a real server.
/// Refusals are 401 (no usable credentials) or 403 (credentials without the permission), each
/// with a problem document naming the scope and the permission that was missing.
@Suite struct AuthorizationMatrixTests {
    enum Holder: String, CaseIterable {
        case none, unknown, wrongScope, readOnly, writer, allScopesWriter, revoked, expired
    }

    /// (status of a read, status of a publish) for each holder, in scope `core` (not anonymous).
    static let expected: [Holder: (read: Int, write: Int)] = [
        .none: (401, 401), .unknown: (401, 401), .wrongScope: (403, 403), .readOnly: (200, 403), .writer: (200, 201),
        .allScopesWriter: (200, 201), .revoked: (401, 401), .expired: (401, 401),
    ]

    @Test func everyTokenStateAgainstEveryPermission() async throws {
        try await RunningRegistry.with { registry in
            let seed = try await registry.token(["core": .write], name: "seed")
            let archive = try TestArchive.make(TestArchive.package("Network"))
            #expect(try await registry.publish("core.Network", "1.0.0", archive: archive, token: seed).status == 201)

            var secrets: [Holder: String] = [.unknown: AccessControl.newSecret()]
            secrets[.wrongScope] = try await registry.token(["service": .write], name: "service team")
            secrets[.readOnly] = try await registry.token(["core": .read], name: "reader")
            secrets[.writer] = try await registry.token(["core": .write], name: "core team")
            secrets[.allScopesWriter] = try await registry.token(["*": .write], name: "release train")
            secrets[.revoked] = try await registry.token(["core": .write], name: "old laptop")
            secrets[.expired] = try await registry.token(["core": .write], name: "temporary", expiresAt: Date().addingTimeInterval(-60))
            let revokedID = try #require(try await registry.storage.tokens().first { $0.name == "old laptop" }?.id)
            #expect(try await registry.storage.revokeToken(id: revokedID, at: Date()))

            for (index, holder) in Holder.allCases.enumerated() {
                let token = secrets[holder]
                let (read, write) = Self.expected[holder]!
                let list = try await registry.request("GET", "/core/Network", token: token)
                #expect(list.status == read, "\(holder) reading")
                let publish = try await registry.publish("core.Network", "2.0.\(index)", archive: archive, token: token)
                #expect(publish.status == write, "\(holder) publishing: \(publish.text)")
                for reply in [list, publish] where reply.status >= 400 {
                    #expect(reply.header("Content-Type") == "application/problem+json", "\(holder)")
                    let detail = reply.json?["detail"] as? String ?? ""
                    #expect(!detail.isEmpty, "\(holder)")
                    if reply.status == 403 { #expect(detail.contains("'core'"), "\(holder): \(detail)") }
                    if reply.status == 401 { #expect(reply.header("WWW-Authenticate") != nil, "\(holder)") }
                }
                let login = try await registry.request("POST", "/login", token: token)
                #expect(login.status == ([.none, .unknown, .revoked, .expired].contains(holder) ? 401 : 200), "\(holder) logging in")
            }
            // A scope opened for anonymous reads: anyone reads, nobody writes without a token.
            try await registry.storage.setAnonymousRead(true, scope: "core")
            #expect(try await registry.request("GET", "/core/Network").status == 200)
            #expect(try await registry.request("GET", "/core/Network/1.0.0.zip", accept: nil).status == 200)
            #expect(try await registry.publish("core.Network", "3.0.0", archive: archive, token: nil).status == 401)
            // Basic authentication with the token as the password works as Bearer does.
            let basic = "Basic " + Data("anyone:\(secrets[.writer]!)".utf8).base64EncodedString()
            #expect(try await registry.request("POST", "/login", headers: ["Authorization": basic]).status == 200)
            // Identifier lookup reveals only packages of scopes the caller may read.
            try await registry.storage.setAnonymousRead(false, scope: "core")
            #expect(try await registry.request("GET", "/identifiers?url=https://example.com/x", token: secrets[.wrongScope]).status == 404)
        }
    }
}
