import CosmonautServiceCore
import Logging
import NetworkCore
import PersistenceCore

/// The crew roster and supplies from the ground station. The roster is cached in the store,
/// so that during a loss of signal the last known crew is still shown.
public struct CosmonautService: CosmonautServicing {
    static let rosterKey = "crew-roster"

    private let network: any NetworkClient
    private let store: any KeyValueStore
    private let logger: Logger

    public init(network: any NetworkClient, store: any KeyValueStore, logger: Logger) {
        self.network = network
        self.store = store
        self.logger = logger.scoped("crew-service")
    }

    public func crew() async throws -> [Cosmonaut] {
        do {
            let crew: [Cosmonaut] = try await network.get("/crew")
            do {
                try await store.setValue(crew, forKey: Self.rosterKey)
            } catch {
                logger.warning("cannot cache the roster: \(error)")
            }
            return crew
        } catch let error as NetworkError {
            guard case .unreachable = error, let cached = try await store.value([Cosmonaut].self, forKey: Self.rosterKey) else {
                throw error
            }
            logger.notice("ground unreachable; showing the cached roster of \(cached.count)")
            return cached
        }
    }

    public func supplies(for cosmonautID: String) async throws -> SupplyStatus {
        let supplies: SupplyStatus = try await network.get("/supplies/\(cosmonautID)")
        guard supplies.cosmonautID == cosmonautID else {
            throw NetworkError.decoding(path: "/supplies/\(cosmonautID)", reason: "supplies of '\(supplies.cosmonautID)' returned")
        }
        return supplies
    }
}
