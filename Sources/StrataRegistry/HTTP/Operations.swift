import Foundation
import HTTPTypes
import Hummingbird
import Metrics
import NIOCore
import Prometheus

/// What operators and load balancers ask a replica, beside the registry API, under `/-/`:
///
/// - `GET /-/health`: the process answers (liveness): always `200`.
/// - `GET /-/ready`: the database and the archive store answer (readiness): `200`, or `503` with
///   which one failed, so a load balancer sends no traffic to a replica that cannot serve it.
/// - `GET /-/metrics`: the Prometheus text format: requests and their durations by route and
///   status (Hummingbird's metrics middleware), publishes by outcome, storage errors by store.
extension RegistryServer {
    func addOperationRoutes(to router: Router<RegistryRequestContext>) {
        router.get("/-/health") { _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        router.get("/-/ready") { _, _ in try await self.readiness() }
        router.get("/-/metrics") { _, _ in
            guard let metrics = self.configuration.metrics else { throw Problem(.notFound, "metrics are not collected by this server") }
            return Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(bytes: metrics.emitToBuffer())))
        }
    }

    /// Asks both backends, at once, with a deadline: a replica whose database hangs is not ready.
    func readiness() async throws -> Response {
        let storage = self.storage
        async let database = Self.check { try await storage.metadata.checkReachable() }
        async let archives = Self.check { try await storage.archives.checkReachable() }
        let results = await ["database": database, "archives": archives]
        let ready = results.values.allSatisfy { $0 == nil }
        var body: [String: JSONValue] = ["ready": .bool(ready)]
        for (name, problem) in results { body[name] = .string(problem ?? "ok") }
        let data = try Documents.encode(body)
        return Response(
            status: ready ? .ok : .serviceUnavailable, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// `nil` when `probe` finishes within five seconds, otherwise why not.
    static func check(_ probe: @escaping @Sendable () async throws -> Void) async -> String? {
        await withTaskGroup(of: String?.self) { group in
            group.addTask {
                do {
                    try await probe()
                    return nil
                } catch {
                    return String(describing: error)
                }
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(5))
                return Task.isCancelled ? nil : "no answer within 5 seconds"
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }
}

/// The registry's own counters, recorded through swift-metrics (into Prometheus when the
/// executable bootstraps it).
enum RegistryMetrics {
    /// `strata_registry_publishes_total{outcome="created|exists|rejected"}`.
    static func publish(_ outcome: String) {
        Counter(label: "strata_registry_publishes_total", dimensions: [("outcome", outcome)]).increment()
    }

    /// `strata_registry_storage_errors_total{store="database|archives"}`.
    static func storageError(_ store: StorageFailure.Store) {
        Counter(label: "strata_registry_storage_errors_total", dimensions: [("store", store.rawValue)]).increment()
    }
}
