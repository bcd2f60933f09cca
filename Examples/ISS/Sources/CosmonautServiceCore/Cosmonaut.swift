/// A crew member on board.
public struct Cosmonaut: Sendable, Codable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var role: String
    public var agency: String
    /// The spacesuit assigned for spacewalks, if any.
    public var suit: String?

    public init(id: String, name: String, role: String, agency: String, suit: String? = nil) {
        self.id = id
        self.name = name
        self.role = role
        self.agency = agency
        self.suit = suit
    }
}

/// A crew member's personal supplies.
public struct SupplyStatus: Sendable, Codable, Equatable {
    public static let foodWarningDays = 30

    public var cosmonautID: String
    public var foodDays: Int
    public var waterLiters: Double
    public var medicalKitOK: Bool

    public init(cosmonautID: String, foodDays: Int, waterLiters: Double, medicalKitOK: Bool) {
        self.cosmonautID = cosmonautID
        self.foodDays = foodDays
        self.waterLiters = waterLiters
        self.medicalKitOK = medicalKitOK
    }

    /// True when supplies need a resupply flight soon.
    public var needsResupply: Bool { foodDays < Self.foodWarningDays || !medicalKitOK }
}

/// The crew and their supplies, as domains see them.
public protocol CosmonautServicing: Sendable {
    func crew() async throws -> [Cosmonaut]
    func supplies(for cosmonautID: String) async throws -> SupplyStatus
}
