/// Whether a suit may go outside, in one line for other domains' screens.
public struct SuitReadiness: Sendable, Equatable {
    public var suit: String
    public var isReady: Bool
    /// `ready` or the reasons it is not.
    public var summary: String

    public init(suit: String, isReady: Bool, summary: String) {
        self.suit = suit
        self.isReady = isReady
        self.summary = summary
    }
}

/// What the Spacesuit domain offers other domains: a suit's readiness, without their importing it.
public protocol SuitReadinessProviding: Sendable {
    func readiness(ofSuit suit: String) async -> SuitReadiness
}
