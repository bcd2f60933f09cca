import SpacesuitCore
import SpacesuitServiceCore

/// Answers other domains' readiness questions from the suits' telemetry.
public struct SuitReadinessProvider: SuitReadinessProviding {
    private let service: any SpacesuitServicing

    public init(service: any SpacesuitServicing) {
        self.service = service
    }

    public func readiness(ofSuit suit: String) async -> SuitReadiness {
        do {
            let status = try await service.status(of: SuitID(suit))
            let summary = status.isReadyForSpacewalk ? "ready" : status.issues.map(\.description).joined(separator: "; ")
            return SuitReadiness(suit: suit, isReady: status.isReadyForSpacewalk, summary: summary)
        } catch {
            return SuitReadiness(suit: suit, isReady: false, summary: "no telemetry (\(error))")
        }
    }
}
