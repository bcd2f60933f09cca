/// A spacesuit (Extravehicular Mobility Unit), by its serial, e.g. `EMU-3005`.
public struct SuitID: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    public static func < (lhs: SuitID, rhs: SuitID) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Why a suit is not ready for a spacewalk.
public enum ReadinessIssue: Sendable, Equatable, CustomStringConvertible {
    case lowOxygen(percent: Double)
    case lowBattery(percent: Double)
    case pressureOutOfRange(kPa: Double)
    case scrubberSpent(hours: Double)

    public var description: String {
        switch self {
        case .lowOxygen(let percent): "oxygen at \(Int(percent))% (needs \(Int(SpacesuitStatus.minimumOxygenPercent))%)"
        case .lowBattery(let percent): "battery at \(Int(percent))% (needs \(Int(SpacesuitStatus.minimumBatteryPercent))%)"
        case .pressureOutOfRange(let kPa): "suit pressure \(kPa) kPa outside \(SpacesuitStatus.pressureRange)"
        case .scrubberSpent(let hours): "CO₂ scrubber has \(hours) h left (needs \(SpacesuitStatus.minimumScrubberHours) h)"
        }
    }
}

/// What a suit reports, and whether it is ready for a spacewalk.
public struct SpacesuitStatus: Sendable, Equatable {
    public static let minimumOxygenPercent = 90.0
    public static let minimumBatteryPercent = 80.0
    public static let pressureRange = 29.0...30.5
    public static let minimumScrubberHours = 4.0

    public var suit: SuitID
    public var oxygenPercent: Double
    public var batteryPercent: Double
    public var pressureKPa: Double
    public var temperatureCelsius: Double
    public var scrubberHours: Double

    public init(
        suit: SuitID, oxygenPercent: Double, batteryPercent: Double, pressureKPa: Double,
        temperatureCelsius: Double, scrubberHours: Double
    ) {
        self.suit = suit
        self.oxygenPercent = oxygenPercent
        self.batteryPercent = batteryPercent
        self.pressureKPa = pressureKPa
        self.temperatureCelsius = temperatureCelsius
        self.scrubberHours = scrubberHours
    }

    /// Everything that keeps the suit from a spacewalk; empty when it is ready.
    public var issues: [ReadinessIssue] {
        var issues: [ReadinessIssue] = []
        if oxygenPercent < Self.minimumOxygenPercent { issues.append(.lowOxygen(percent: oxygenPercent)) }
        if batteryPercent < Self.minimumBatteryPercent { issues.append(.lowBattery(percent: batteryPercent)) }
        if !Self.pressureRange.contains(pressureKPa) { issues.append(.pressureOutOfRange(kPa: pressureKPa)) }
        if scrubberHours < Self.minimumScrubberHours { issues.append(.scrubberSpent(hours: scrubberHours)) }
        return issues
    }

    public var isReadyForSpacewalk: Bool { issues.isEmpty }
}

/// Spacesuit telemetry as domains see it.
public protocol SpacesuitServicing: Sendable {
    /// The suits on board, sorted.
    func suits() async throws -> [SuitID]
    func status(of suit: SuitID) async throws -> SpacesuitStatus
}
