import Foundation
import HTTPTypes
public import Hummingbird
import HummingbirdCore
import HummingbirdTLS
public import Logging
import NIOCore
import NIOSSL
public import Prometheus
import StrataPackageIdentity

/// The registry's HTTP service: the Swift package registry API (SE-0292 and the registry
/// service specification) over a `RegistryStore`, with per-scope access control.
///
/// Every response carries `Content-Version: 1`; every error is a problem document. See
/// docs/REGISTRY.md for the endpoints, their statuses and the tests that prove each.
public struct RegistryServer: Sendable {
    public struct Configuration: Sendable {
        public var host = "127.0.0.1"
        public var port = 8080
        /// The URL clients reach the registry at, for `Location` and `Link`; by default
        /// `http://` and the request's `Host` header.
        public var publicURL: String?
        public var limits = SourceArchiveValidator.Limits()
        /// Serve HTTPS with this certificate chain and key (PEM files); plain HTTP when nil.
        public var tls: TLSFiles?
        /// Where swift-metrics records to, rendered at `/-/metrics` (the executable bootstraps
        /// the metrics system with it); `nil` answers that route `404`.
        public var metrics: PrometheusCollectorRegistry?
        /// The bytes every publish in flight may take together (`UploadBudget`).
        public var uploadBudgetBytes = 512 << 20

        public init() {}
    }

    /// A PEM certificate chain (the server's certificate first) and its private key.
    public struct TLSFiles: Sendable {
        public var certificateChain: String
        public var privateKey: String

        public init(certificateChain: String, privateKey: String) {
            self.certificateChain = certificateChain
            self.privateKey = privateKey
        }
    }

    /// The certificate or key could not be read.
    public struct TLSError: Error, CustomStringConvertible {
        public var description: String
    }

    public let storage: RegistryStore
    public let configuration: Configuration
    public let logger: Logger
    let validator: SourceArchiveValidator
    let uploads: UploadBudget

    public init(storage: RegistryStore, configuration: Configuration = Configuration(), logger: Logger = Logger(label: "strata-registry")) {
        self.storage = storage
        self.configuration = configuration
        self.logger = logger
        self.validator = SourceArchiveValidator(limits: configuration.limits)
        self.uploads = UploadBudget(capacity: configuration.uploadBudgetBytes)
    }

    /// The Hummingbird application; `onRunning` gets the port actually bound (for port 0).
    /// Throws `TLSError` when a TLS certificate or key cannot be read.
    public func application(onRunning: @escaping @Sendable (Int) async -> Void = { _ in }) throws -> some ApplicationProtocol {
        Application(
            router: router(),
            server: try serverBuilder(),
            configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "strata-registry"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? 0) },
            logger: logger)
    }

    /// HTTP/1.1, inside TLS when certificate files are configured.
    func serverBuilder() throws -> HTTPServerBuilder {
        let http1 = HTTPServerBuilder.http1(configuration: .init(additionalChannelHandlers: [ExpectContinueHandler()]))
        guard let tls = configuration.tls else { return http1 }
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMFile(tls.certificateChain)
        } catch {
            throw TLSError(description: "cannot read the TLS certificate chain '\(tls.certificateChain)' (PEM): \(error)")
        }
        do {
            key = try NIOSSLPrivateKey(file: tls.privateKey, format: .pem)
        } catch {
            throw TLSError(description: "cannot read the TLS private key '\(tls.privateKey)' (PEM): \(error)")
        }
        guard !chain.isEmpty else { throw TLSError(description: "'\(tls.certificateChain)' holds no certificate") }
        let tlsConfiguration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        return try .tls(http1, tlsConfiguration: tlsConfiguration)
    }

    func router() -> Router<RegistryRequestContext> {
        let router = Router(context: RegistryRequestContext.self)
        // Outermost, so that it counts the answers RegistryMiddleware makes of thrown problems
        // (a 401 is a 401, not an error).
        if configuration.metrics != nil { router.add(middleware: MetricsMiddleware()) }
        router.add(middleware: RegistryMiddleware(logger: logger))
        addOperationRoutes(to: router)
        router.get("/") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: BrowsePage.html)))
        }
        router.get("/-/packages") { request, _ in try await self.packages(request) }
        router.post("/login") { request, _ in try await self.login(request) }
        router.get("/identifiers") { request, _ in try await self.identifiers(request) }
        router.get("/{scope}/{name}") { request, context in try await self.listReleases(request, context) }
        router.head("/{scope}/{name}") { request, context in try await self.listReleases(request, context) }
        router.get("/{scope}/{name}/{version}") { request, context in try await self.release(request, context) }
        router.head("/{scope}/{name}/{version}") { request, context in try await self.release(request, context) }
        router.get("/{scope}/{name}/{version}/Package.swift") { request, context in try await self.manifest(request, context) }
        router.head("/{scope}/{name}/{version}/Package.swift") { request, context in try await self.manifest(request, context) }
        router.put("/{scope}/{name}/{version}") { request, context in try await self.publish(request, context) }
        for method in [HTTPRequest.Method.post, .delete, .patch] {
            router.on("/{scope}/{name}/{version}", method: method) { _, _ -> Response in
                throw Problem(
                    .methodNotAllowed, "\(method.rawValue) is not supported here; publish a release with PUT", headers: [.allow: "GET, HEAD, PUT"])
            }
        }
        router.on("/{scope}/{name}", method: .put) { _, _ -> Response in
            throw Problem(.methodNotAllowed, "publish to /{scope}/{name}/{version}, with the version in the path", headers: [.allow: "GET, HEAD"])
        }
        return router
    }

    // MARK: - Access

    /// The token the request presents, if any, and whether it presented one at all.
    func token(of request: Request) async throws -> (TokenRecord?, presented: Bool) {
        guard let secret = AccessControl.secret(fromAuthorization: request.headers[.authorization]) else {
            return (nil, request.headers[.authorization] != nil)
        }
        return (try await storage.token(secretHash: AccessControl.hash(secret)), true)
    }

    func authorize(_ request: Request, _ needed: Permission, scope: String) async throws {
        let (token, presented) = try await token(of: request)
        let now = Date()
        // The scopes open to anonymous reads are read only when the token alone is not enough.
        var refusal = AccessControl.authorize(token, presented: presented, needed: needed, scope: scope, anonymousRead: [], now: now)
        if refusal != nil, needed == .read {
            let anonymous = try await storage.anonymousReadScopes()
            refusal = AccessControl.authorize(token, presented: presented, needed: needed, scope: scope, anonymousRead: anonymous, now: now)
        }
        switch refusal {
        case nil:
            return
        case .unauthenticated(let detail):
            throw Problem(.unauthorized, detail, headers: [.wwwAuthenticate: "Bearer realm=\"strata-registry\""])
        case .forbidden(let detail):
            throw Problem(.forbidden, detail)
        }
    }

    /// `POST /login`: 200 when the credentials are a live token, else 401.
    func login(_ request: Request) async throws -> Response {
        let (token, presented) = try await token(of: request)
        guard presented else {
            throw Problem(
                .unauthorized, "log in with a token: swift package-registry login URL --token TOKEN",
                headers: [.wwwAuthenticate: "Bearer realm=\"strata-registry\""])
        }
        let now = Date()
        guard let token, token.revokedAt.map({ $0 > now }) ?? true, token.expiresAt.map({ $0 > now }) ?? true else {
            throw Problem(.unauthorized, "the token is unknown, revoked or expired", headers: [.wwwAuthenticate: "Bearer realm=\"strata-registry\""])
        }
        return Response(status: .ok)
    }

    // MARK: - Reading

    /// Validated scope and name from the path; `.json` may end the name.
    func package(_ context: RegistryRequestContext, stripping suffix: String? = nil) throws -> PackageIdentifier {
        let scope = try context.parameters.require("scope")
        var name = try context.parameters.require("name")
        if let suffix, name.hasSuffix(suffix) { name.removeLast(suffix.count) }
        switch PackageIdentifier.parse(scope: scope, name: name) {
        case .success(let identifier): return identifier
        case .failure(let error): throw Problem(.badRequest, error.detail)
        }
    }

    func version(_ text: String) throws -> SemanticVersion {
        guard let version = SemanticVersion(text) else {
            throw Problem(.badRequest, "'\(text)' is not a semantic version (MAJOR.MINOR.PATCH, with an optional -prerelease)")
        }
        return version
    }

    func baseURL(_ request: Request) -> String {
        if let url = configuration.publicURL { return url.hasSuffix("/") ? String(url.dropLast()) : url }
        return (configuration.tls == nil ? "http://" : "https://") + (request.head.authority ?? "\(configuration.host):\(configuration.port)")
    }

    func url(_ request: Request, _ package: PackageIdentifier, _ version: SemanticVersion? = nil) -> String {
        baseURL(request) + "/\(package.scope)/\(package.name)" + (version.map { "/\($0)" } ?? "")
    }

    func listReleases(_ request: Request, _ context: RegistryRequestContext) async throws -> Response {
        if let problem = APIVersion.problem(accept: request.headers[.accept], expected: .json) { throw problem }
        let package = try package(context, stripping: ".json")
        try await authorize(request, .read, scope: package.scope)
        let releases = try await storage.releases(of: package).sorted { $0.version > $1.version }
        guard let latest = releases.first else { throw Problem(.notFound, "no package \(package) in this registry") }
        var list = Documents.ReleaseList(releases: [:])
        for release in releases { list.releases[release.version.description] = .init(url: url(request, package, release.version)) }
        var headers: HTTPFields = [.contentType: "application/json"]
        headers[.link] = "<\(url(request, package, latest.version))>; rel=\"latest-version\""
        return try json(list, headers: headers)
    }

    func release(_ request: Request, _ context: RegistryRequestContext) async throws -> Response {
        let text = try context.parameters.require("version")
        if text.hasSuffix(".zip") { return try await archive(request, context, version: String(text.dropLast(4))) }
        if let problem = APIVersion.problem(accept: request.headers[.accept], expected: .json) { throw problem }
        let package = try package(context)
        let version = try version(text.hasSuffix(".json") ? String(text.dropLast(5)) : text)
        try await authorize(request, .read, scope: package.scope)
        let all = try await storage.releases(of: package).sorted { $0.version < $1.version }
        guard let index = all.firstIndex(where: { $0.version == version }) else {
            throw Problem(.notFound, "no release \(version) of \(package) in this registry")
        }
        let release = all[index]
        var resource = Documents.ReleaseInfo.Resource(checksum: release.checksum)
        if let signing = release.signing {
            resource.signing = .init(signatureBase64Encoded: signing.archiveSignature.base64EncodedString(), signatureFormat: signing.format)
        }
        let document = Documents.ReleaseInfo(
            id: release.package.description, version: release.version.description, resources: [resource],
            metadata: .object(JSONValue.object(in: release.metadata) ?? [:]), publishedAt: Self.timestamp(release.publishedAt))
        var links = ["<\(url(request, package, all.last!.version))>; rel=\"latest-version\""]
        if index + 1 < all.count { links.append("<\(url(request, package, all[index + 1].version))>; rel=\"successor-version\"") }
        if index > 0 { links.append("<\(url(request, package, all[index - 1].version))>; rel=\"predecessor-version\"") }
        return try json(document, headers: [.contentType: "application/json", .link: links.joined(separator: ", ")])
    }

    func archive(_ request: Request, _ context: RegistryRequestContext, version text: String) async throws -> Response {
        if let problem = APIVersion.problem(accept: request.headers[.accept], expected: .zip) { throw problem }
        let package = try package(context)
        let version = try version(text)
        try await authorize(request, .read, scope: package.scope)
        guard let release = try await storage.release(of: package, version: version), let data = try await storage.archive(checksum: release.checksum)
        else { throw Problem(.notFound, "no release \(version) of \(package) in this registry") }
        let digest = Checksum.base64(ofHex: release.checksum)
        var headers: HTTPFields = [
            .contentType: "application/zip", .contentLength: String(data.count), .cacheControl: try await cacheControl(of: package.scope),
            .contentDisposition: "attachment; filename=\"\(release.package.name)-\(release.version).zip\"", .digest: "sha-256=\(digest)",
        ]
        if let signing = release.signing {
            headers[.signatureFormat] = signing.format
            headers[.signature] = signing.archiveSignature.base64EncodedString()
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// The refusal of a release naming a repository URL another package owns.
    static func urlTaken(_ url: String, owner: String, by package: PackageIdentifier) -> Problem {
        Problem(
            .conflict,
            "the repository URL \(url) belongs to \(owner), the first package published with it; \(package) cannot claim it (a URL names one package, so that /identifiers cannot be led to another)"
        )
    }

    /// A release never changes, so its archive and manifests are cached for good; by shared caches
    /// (a CDN, a company proxy) only when anyone may read the scope, else by the client alone.
    func cacheControl(of scope: String) async throws -> String {
        try await storage.anonymousReadScopes().contains(scope.lowercased()) ? "public, immutable" : "private, immutable"
    }

    func manifest(_ request: Request, _ context: RegistryRequestContext) async throws -> Response {
        if let problem = APIVersion.problem(accept: request.headers[.accept], expected: .swift) { throw problem }
        let package = try package(context)
        let version = try version(try context.parameters.require("version"))
        try await authorize(request, .read, scope: package.scope)
        guard let release = try await storage.release(of: package, version: version), let main = release.manifests["Package.swift"] else {
            throw Problem(.notFound, "no release \(version) of \(package) in this registry")
        }
        let base = url(request, package, version) + "/Package.swift"
        var headers: HTTPFields = [.contentType: "text/x-swift", .cacheControl: try await cacheControl(of: package.scope)]
        if let swiftVersion = request.uri.queryParameters.get("swift-version") {
            guard let text = release.manifests["Package@swift-\(swiftVersion).swift"] else {
                return Response(status: .seeOther, headers: [.location: base])
            }
            headers[.contentDisposition] = "attachment; filename=\"Package@swift-\(swiftVersion).swift\""
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
        }
        headers[.contentDisposition] = "attachment; filename=\"Package.swift\""
        let alternates = release.manifests.keys.filter { $0 != "Package.swift" }.sorted().map { file -> String in
            let swiftVersion = file.dropFirst("Package@swift-".count).dropLast(".swift".count)
            let tools = ManifestText.toolsVersion(of: release.manifests[file]!) ?? String(swiftVersion)
            return "<\(base)?swift-version=\(swiftVersion)>; rel=\"alternate\"; filename=\"\(file)\"; swift-tools-version=\"\(tools)\""
        }
        if !alternates.isEmpty { headers[.link] = alternates.joined(separator: ", ") }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: main)))
    }

    func identifiers(_ request: Request) async throws -> Response {
        if let problem = APIVersion.problem(accept: request.headers[.accept], expected: .json) { throw problem }
        guard let url = request.uri.queryParameters.get("url"), !url.isEmpty else {
            throw Problem(.badRequest, "the 'url' query parameter is required: /identifiers?url=https://github.com/owner/repo")
        }
        let (token, presented) = try await token(of: request)
        let anonymous = try await storage.anonymousReadScopes()
        // Only the identifiers of scopes the caller may read are revealed.
        let found = try await storage.identifiers(forRepositoryURL: url).filter { identifier in
            AccessControl.authorize(token, presented: presented, needed: .read, scope: identifier.scope, anonymousRead: anonymous, now: Date()) == nil
        }
        guard !found.isEmpty else { throw Problem(.notFound, "no package in this registry names \(url) among its repository URLs") }
        return try json(Documents.Identifiers(identifiers: found.map(\.description)), headers: [.contentType: "application/json"])
    }

    /// `GET /-/packages`: what the browse page shows, as JSON: the scopes the caller may read,
    /// each package with its releases (newest first), publish dates, checksums and registry dependencies.
    func packages(_ request: Request) async throws -> Response {
        let (token, presented) = try await token(of: request)
        let anonymous = try await storage.anonymousReadScopes()
        var scopes: [String: [Documents.PackageListing.Package]] = [:]
        for package in try await storage.allPackages() {
            guard
                AccessControl.authorize(token, presented: presented, needed: .read, scope: package.scope, anonymousRead: anonymous, now: Date())
                    == nil
            else { continue }
            let releases = try await storage.releases(of: package).sorted { $0.version > $1.version }.map { release in
                Documents.PackageListing.Release(
                    version: release.version.description, publishedAt: Self.timestamp(release.publishedAt), checksum: release.checksum,
                    dependencies: release.dependencies, size: release.size)
            }
            scopes[package.scopeKey, default: []].append(.init(id: package.description, name: package.name, releases: releases))
        }
        let listing = Documents.PackageListing(scopes: scopes.keys.sorted().map { .init(scope: $0, packages: scopes[$0]!) })
        return try json(listing, headers: [.contentType: "application/json"])
    }

    // MARK: - Publishing

    func publish(_ request: Request, _ context: RegistryRequestContext) async throws -> Response {
        if let problem = APIVersion.problem(accept: request.headers[.accept], expected: .json) { throw problem }
        let package = try package(context)
        let version = try version(try context.parameters.require("version"))
        try await authorize(request, .write, scope: package.scope)
        guard let boundary = MultipartForm.boundary(ofContentType: request.headers[.contentType]) else {
            throw Problem(
                .unsupportedMediaType, "publish with Content-Type multipart/form-data (a source-archive part, and optionally metadata)")
        }
        if try await storage.release(of: package, version: version) != nil {
            RegistryMetrics.publish("exists")
            throw Problem(.conflict, "a release with version \(version) of \(package) already exists; releases never change")
        }
        let limit = configuration.limits.archiveBytes + configuration.limits.metadataBytes + (1 << 20)
        // A declared length over the limit is refused before a byte of the body is read.
        if let declared = request.headers[.contentLength].flatMap(Int.init), declared > limit {
            throw Problem(
                .contentTooLarge,
                "the request declares \(declared) bytes; this registry accepts at most \(limit) (a source archive of \(configuration.limits.archiveBytes))"
            )
        }
        let reserved = request.headers[.contentLength].flatMap(Int.init) ?? limit
        guard await uploads.reserve(reserved) else {
            RegistryMetrics.publish("busy")
            throw Problem(
                .serviceUnavailable,
                "the registry is receiving as many uploads as it takes at once (\(configuration.uploadBudgetBytes >> 20) MiB in flight); try again in a moment",
                headers: [.retryAfter: "2"])
        }
        do {
            let response = try await receive(request, context, package: package, version: version, boundary: boundary, limit: limit)
            await uploads.release(reserved)
            return response
        } catch {
            await uploads.release(reserved)
            throw error
        }
    }

    /// The body of a publish whose headers passed: read, validated and stored.
    func receive(
        _ request: Request, _ context: RegistryRequestContext, package: PackageIdentifier, version: SemanticVersion, boundary: String, limit: Int
    ) async throws -> Response {
        // A client waiting to send its body (Expect: 100-continue) may send it now.
        context.sendContinue()
        let form = try await readForm(request, boundary: boundary, limit: limit)
        defer { form.remove() }
        guard let archive = form.file else {
            throw Problem(.unprocessableContent, "the request has no 'source-archive' part")
        }
        let signing = try Self.signing(of: form, format: request.headers[.signatureFormat])
        var metadata = Data("{}".utf8)
        var repositoryURLs: [String] = []
        if let part = form.part("metadata"), !part.body.isEmpty {
            guard let object = JSONValue.object(in: part.body) else {
                throw Problem(.unprocessableContent, "invalid JSON provided for release metadata: it must be a JSON object")
            }
            if let urls = object["repositoryURLs"] {
                guard case .array(let values) = urls, values.allSatisfy({ $0.string != nil }) else {
                    throw Problem(.unprocessableContent, "invalid release metadata: 'repositoryURLs' must be an array of strings")
                }
                repositoryURLs = values.compactMap(\.string)
            }
            metadata = part.body
        }
        // Found before the archive is stored; the database decides a race when the release is.
        for url in repositoryURLs {
            if let owner = try await storage.identifiers(forRepositoryURL: url).first, owner.key != package.key {
                throw Self.urlTaken(RepositoryURL.normalized(url), owner: owner.description, by: package)
            }
        }
        let contents: SourceArchiveValidator.Contents
        do {
            contents = try validator.validate(file: archive.path)
        } catch {
            RegistryMetrics.publish("rejected")
            throw Problem(HTTPResponse.Status(code: error.status), error.detail)
        }
        if let manifestName = contents.packageName, manifestName.lowercased() != package.name.lowercased(),
            try await !storage.scopesWithoutManifestNameCheck().contains(package.scopeKey)
        {
            throw Problem(
                .unprocessableContent,
                "Package.swift names the package '\(manifestName)', but it is published as \(package); publish it as \(package.scope).\(manifestName)"
            )
        }
        let checksum = archive.sha256
        let release = Release(
            package: package, version: version, checksum: checksum, size: archive.size, metadata: metadata, manifests: contents.manifests,
            dependencies: contents.registryDependencies, publishedAt: Date(), repositoryURLs: repositoryURLs, signing: signing)
        do {
            try await storage.publish(release, archiveFile: archive.path)
            RegistryMetrics.publish("created")
        } catch PublishConflict.exists {
            RegistryMetrics.publish("exists")
            throw Problem(.conflict, "a release with version \(version) of \(package) already exists; releases never change")
        } catch PublishConflict.repositoryURLTaken(let url, let owner) {
            RegistryMetrics.publish("rejected")
            throw Self.urlTaken(url, owner: owner, by: package)
        }
        logger.info("published \(package) \(version) (\(archive.size) bytes, sha256 \(checksum))")
        return Response(status: .created, headers: [.location: url(request, package, version)])
    }

    /// The body of a publish, read as it arrives: the archive to a file, the rest in memory.
    func readForm(_ request: Request, boundary: String, limit: Int) async throws -> MultipartForm {
        let limits = configuration.limits
        do {
            return try await MultipartForm.read(
                request.body, boundary: boundary, filePart: "source-archive",
                limits: MultipartForm.Limits(bodyBytes: limit, fileBytes: limits.archiveBytes, partBytes: limits.metadataBytes))
        } catch let failure as MultipartForm.Failure {
            switch failure {
            case .malformed(let detail):
                throw Problem(.unprocessableContent, detail)
            case .duplicatePart(let name):
                throw Problem(.unprocessableContent, "the request has two '\(name)' parts; send each part once")
            case .bodyTooLarge(let limit):
                throw Problem(
                    .contentTooLarge, "the request is larger than \(limit) bytes; the source archive may be at most \(limits.archiveBytes)")
            case .partTooLarge("source-archive", _, let limit):
                throw Problem(.contentTooLarge, "the source archive is larger than \(limit) bytes, the most this registry accepts")
            case .partTooLarge("metadata", let bytes, let limit):
                throw Problem(
                    .contentTooLarge,
                    "the release metadata is \(bytes ?? limit + 1) bytes; this registry accepts at most \(limit) (every request for the release returns it)"
                )
            case .partTooLarge(let name, let bytes, let limit):
                throw Problem(.contentTooLarge, "the '\(name)' part is \(bytes ?? limit + 1) bytes; this registry accepts at most \(limit)")
            case .cannotStore(let reason):
                logger.error("cannot store an upload: \(reason)")
                throw Problem(.serviceUnavailable, "the registry cannot store the upload now; try again later", headers: [.retryAfter: "10"])
            }
        }
    }

    /// The signatures of a signed release (SE-0391): a `source-archive-signature` part (and a
    /// `metadata-signature` part when there is metadata) with the format in the
    /// `X-Swift-Package-Signature-Format` header; nil for an unsigned one. The registry does not
    /// verify them: clients do, against the certificates they trust.
    static func signing(of form: MultipartForm, format: String?) throws -> Release.Signing? {
        let archiveSignature = form.part("source-archive-signature")?.body
        let metadataSignature = form.part("metadata-signature")?.body
        guard let archiveSignature else {
            if metadataSignature != nil {
                throw Problem(.unprocessableContent, "the metadata is signed but the source archive is not; sign both or neither")
            }
            if format != nil {
                throw Problem(.unprocessableContent, "X-Swift-Package-Signature-Format is set but there is no 'source-archive-signature' part")
            }
            return nil
        }
        guard let format else {
            throw Problem(.unprocessableContent, "a signed release needs the X-Swift-Package-Signature-Format header (cms-1.0.0)")
        }
        guard Release.Signing.formats.contains(format) else {
            throw Problem(
                .unprocessableContent, "unsupported signature format '\(format)'; use \(Release.Signing.formats.sorted().joined(separator: " or "))")
        }
        guard !archiveSignature.isEmpty else { throw Problem(.unprocessableContent, "the 'source-archive-signature' part is empty") }
        if let metadataSignature, metadataSignature.isEmpty || form.part("metadata") == nil {
            throw Problem(.unprocessableContent, "the 'metadata-signature' part needs a non-empty signature and a 'metadata' part")
        }
        return Release.Signing(format: format, archiveSignature: archiveSignature, metadataSignature: metadataSignature)
    }

    // MARK: - Helpers

    func json(_ document: some Encodable, headers: HTTPFields) throws -> Response {
        Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: try Documents.encode(document))))
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}

/// Every response gets `Content-Version: 1`; every error becomes a problem document; every
/// request is logged on one line with its status and time.
struct RegistryMiddleware: RouterMiddleware {
    typealias Context = RegistryRequestContext
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        var response: Response
        do {
            response = try await next(request, context)
        } catch let problem as Problem {
            response = problem.response
        } catch let error as HTTPError {
            response = Problem(error.status, error.body ?? error.status.reasonPhrase).response
        } catch let failure as StorageFailure {
            // The backend, not this request: a client may try again (another replica may answer).
            logger.error("\(request.method) \(request.uri.path): \(failure)", metadata: ["store": "\(failure.store.rawValue)"])
            RegistryMetrics.storageError(failure.store)
            response =
                Problem(
                    .serviceUnavailable, "the registry's \(failure.store == .database ? "database" : "archive store") is unavailable; try again",
                    headers: [.retryAfter: "5"]
                ).response
        } catch {
            logger.error("\(request.method) \(request.uri.path) failed: \(error)")
            response = Problem(.internalServerError, "the registry failed to answer: \(error)").response
        }
        response.headers[.contentVersion] = "1"
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info(
            "\(request.method) \(request.uri.path) \(response.status.code) \(String(format: "%.1f", milliseconds)) ms",
            metadata: [
                "method": "\(request.method)", "path": "\(request.uri.path)", "status": "\(response.status.code)",
                "duration_ms": "\(String(format: "%.1f", milliseconds))",
            ])
        return response
    }
}
