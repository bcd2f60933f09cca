/// A docking port and what is at it.
public struct DockingPort: Sendable, Codable, Equatable {
    public enum State: String, Sendable, Codable {
        case free, occupied, approaching
    }

    public var name: String
    public var vehicle: String?
    public var state: State

    public init(name: String, vehicle: String?, state: State) {
        self.name = name
        self.vehicle = vehicle
        self.state = state
    }
}

/// Docking ports as domains see them.
public protocol DockingPortServicing: Sendable {
    func ports() async throws -> [DockingPort]
}
