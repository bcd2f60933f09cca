/// A solar array wing, named by its truss position (`1A` … `4B`).
public struct SolarArrayWing: Sendable, Equatable {
    public var name: String
    public var powerKW: Double
    public var angleDegrees: Double
    public var isTracking: Bool

    public init(name: String, powerKW: Double, angleDegrees: Double, isTracking: Bool) {
        self.name = name
        self.powerKW = powerKW
        self.angleDegrees = angleDegrees
        self.isTracking = isTracking
    }

    /// Wings 1 and 3 are on the starboard truss, 2 and 4 on the port truss.
    public var side: TrussSide {
        name.hasPrefix("1") || name.hasPrefix("3") ? .starboard : .port
    }
}

/// A side of the integrated truss.
public enum TrussSide: String, Sendable, CaseIterable {
    case port, starboard
}

/// Solar arrays as domains see them.
public protocol SolarArrayServicing: Sendable {
    func wings() async throws -> [SolarArrayWing]
}

extension SolarArrayServicing {
    /// Power of every wing together.
    public func totalPowerKW() async throws -> Double {
        try await wings().reduce(0) { $0 + $1.powerKW }
    }
}
