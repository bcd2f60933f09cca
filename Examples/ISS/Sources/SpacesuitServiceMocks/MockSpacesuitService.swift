import SpacesuitServiceCore
import Synchronization

/// Spacesuits for tests: statuses set by the test, unknown suits fail.
public final class MockSpacesuitService: SpacesuitServicing {
    public struct UnknownSuit: Error, Equatable {
        public var suit: SuitID
        public init(suit: SuitID) { self.suit = suit }
    }

    private let statuses: Mutex<[SuitID: SpacesuitStatus]>

    public init(statuses: [SpacesuitStatus] = []) {
        self.statuses = Mutex(Dictionary(statuses.map { ($0.suit, $0) }, uniquingKeysWith: { _, last in last }))
    }

    /// A ready suit with nominal values.
    public static func readyStatus(_ suit: String) -> SpacesuitStatus {
        SpacesuitStatus(
            suit: SuitID(suit), oxygenPercent: 99, batteryPercent: 97, pressureKPa: 29.6,
            temperatureCelsius: 21, scrubberHours: 8)
    }

    public func set(_ status: SpacesuitStatus) {
        statuses.withLock { $0[status.suit] = status }
    }

    public func suits() async throws -> [SuitID] {
        statuses.withLock { $0.keys.sorted() }
    }

    public func status(of suit: SuitID) async throws -> SpacesuitStatus {
        guard let status = statuses.withLock({ $0[suit] }) else { throw UnknownSuit(suit: suit) }
        return status
    }
}
