import Foundation
import StrataPackageIdentity

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The registry answered, but not as asked: its status and the problem's detail.
public struct RegistryRefusal: Error, Sendable, CustomStringConvertible {
    public var status: Int
    public var detail: String
    public var description: String { "the registry refused the request (HTTP \(status)): \(detail)" }
}

/// The registry could not be reached at all (refused, timed out, no such host): where, and why
/// in a sentence, instead of Foundation's error dump.
public struct RegistryUnreachable: Error, Sendable, CustomStringConvertible {
    public var url: String
    public var reason: String
    public var description: String { "cannot reach the registry at \(url): \(reason)" }
}

/// The two requests `strata publish` makes of a registry (SE-0292): a package's releases, and
/// `PUT` of a new release.
struct RegistryClient: Sendable {
    /// The registry's URL without a trailing slash.
    let base: String
    /// Bearer token; nil asks anonymously.
    let token: String?

    init(url: String, token: String?) {
        base = url.hasSuffix("/") ? String(url.dropLast()) : url
        self.token = token
    }

    func url(of identifier: PackageIdentifier, version: String? = nil) -> String {
        "\(base)/\(identifier.scope)/\(identifier.name)" + (version.map { "/\($0)" } ?? "")
    }

    /// The versions the registry lists for `identifier` (`GET /{scope}/{name}`); empty when it
    /// has none (404).
    func releases(of identifier: PackageIdentifier) async throws -> [SemanticVersion] {
        var request = URLRequest(url: URL(string: url(of: identifier))!)
        authorize(&request)
        let (data, response) = try await send(request)
        let status = response.statusCode
        if status == 404 { return [] }
        guard status == 200 else { throw refusal(status, data) }
        let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        let releases = document?["releases"] as? [String: Any] ?? [:]
        return releases.keys.compactMap(SemanticVersion.init).sorted()
    }

    /// The source archive of `identifier` at `version` (`GET /{scope}/{name}/{version}.zip`);
    /// nil when the registry has no such release (404).
    func archive(of identifier: PackageIdentifier, version: String) async throws -> Data? {
        var request = URLRequest(url: URL(string: url(of: identifier, version: version) + ".zip")!)
        authorize(&request)
        request.setValue("application/vnd.swift.registry.v1+zip", forHTTPHeaderField: "Accept")
        let (data, response) = try await send(request)
        if response.statusCode == 404 { return nil }
        guard response.statusCode == 200 else { throw refusal(response.statusCode, data) }
        return data
    }

    /// `PUT` the release as multipart form data; returns the `Location` of the new release.
    func publish(_ identifier: PackageIdentifier, version: String, archive: Data, metadata: Data?) async throws -> String {
        let target = url(of: identifier, version: version)
        let body = MultipartBody.release(archive: archive, metadata: metadata)
        var request = URLRequest(url: URL(string: target)!)
        request.httpMethod = "PUT"
        request.httpBody = body.finished
        request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        authorize(&request)
        let (data, response) = try await send(request)
        guard response.statusCode == 201 else { throw refusal(response.statusCode, data) }
        return response.value(forHTTPHeaderField: "Location") ?? target
    }

    private func authorize(_ request: inout URLRequest) {
        request.setValue("application/vnd.swift.registry.v1+json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    }

    private func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let (data, response): (Data, URLResponse)
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch let error as URLError {
            throw RegistryUnreachable(url: base, reason: Self.reason(error))
        }
        guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
        return (data, http)
    }

    /// What went wrong, in words that say what to check.
    static func reason(_ error: URLError) -> String {
        switch error.code {
        case .cannotConnectToHost: "nothing answers there (connection refused); is the registry running, and is the URL right?"
        case .timedOut: "it did not answer in time"
        case .cannotFindHost, .dnsLookupFailed: "no such host"
        case .notConnectedToInternet, .networkConnectionLost: "the network is down"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
            .serverCertificateHasUnknownRoot:
            "the TLS connection failed (\(error.localizedDescription))"
        default: error.localizedDescription
        }
    }

    private func refusal(_ status: Int, _ data: Data) -> RegistryRefusal {
        let detail = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["detail"] as? String
        return RegistryRefusal(status: status, detail: detail ?? String(decoding: data.prefix(500), as: UTF8.self))
    }
}
