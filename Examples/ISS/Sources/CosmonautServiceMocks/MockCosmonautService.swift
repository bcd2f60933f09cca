import CosmonautServiceCore

/// A crew for tests.
public struct MockCosmonautService: CosmonautServicing {
    public struct NoSupplies: Error, Equatable {
        public var cosmonautID: String
        public init(cosmonautID: String) { self.cosmonautID = cosmonautID }
    }

    public var roster: [Cosmonaut]
    public var suppliesByID: [String: SupplyStatus]

    public init(roster: [Cosmonaut], supplies: [SupplyStatus]) {
        self.roster = roster
        self.suppliesByID = Dictionary(supplies.map { ($0.cosmonautID, $0) }, uniquingKeysWith: { _, last in last })
    }

    public func crew() async throws -> [Cosmonaut] { roster }

    public func supplies(for cosmonautID: String) async throws -> SupplyStatus {
        guard let supplies = suppliesByID[cosmonautID] else { throw NoSupplies(cosmonautID: cosmonautID) }
        return supplies
    }
}
