import HeatRadiatorServiceCore
import Logging
import PersistenceCore
import UIComponents

/// The Columbus laboratory: starts each planned experiment whose rack's cooling loop is
/// nominal, holds the others, and keeps a log of every run in the store.
public struct LaboratoryFlow: Sendable {
    static let logKey = "columbus-log"

    private let cooling: any HeatRadiatorServicing
    private let store: any KeyValueStore
    private let logger: Logger

    public init(cooling: any HeatRadiatorServicing, store: any KeyValueStore, logger: Logger) {
        self.cooling = cooling
        self.store = store
        self.logger = logger.scoped("columbus")
    }

    /// Decides and records a run for every experiment of `plan`.
    public func run(plan: [Experiment] = Experiment.plan) async throws -> [ExperimentRun] {
        let loops: [String: CoolingLoop]
        do {
            loops = Dictionary(try await cooling.loops().map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        } catch {
            logger.error("cooling telemetry unavailable: \(error)")
            loops = [:]
        }
        let runs = plan.map { experiment -> ExperimentRun in
            guard let loop = loops[experiment.coolingLoop] else {
                return ExperimentRun(experiment: experiment.id, outcome: .held, reason: "loop \(experiment.coolingLoop) not reporting")
            }
            guard loop.isNominal else {
                return ExperimentRun(
                    experiment: experiment.id, outcome: .held,
                    reason: "loop \(loop.name) outlet at \(loop.outletCelsius) °C")
            }
            return ExperimentRun(experiment: experiment.id, outcome: .started, reason: "loop \(loop.name) nominal")
        }
        let history = try await store.value([ExperimentRun].self, forKey: Self.logKey) ?? []
        try await store.setValue(history + runs, forKey: Self.logKey)
        return runs
    }

    /// Every run recorded so far, oldest first.
    public func history() async throws -> [ExperimentRun] {
        try await store.value([ExperimentRun].self, forKey: Self.logKey) ?? []
    }

    public func render(plan: [Experiment] = Experiment.plan) async -> String {
        do {
            let runs = try await run(plan: plan)
            let titles = Dictionary(plan.map { ($0.id, $0.title) }, uniquingKeysWith: { first, _ in first })
            let rows = runs.map {
                [$0.experiment, titles[$0.experiment] ?? "", $0.outcome == .started ? Badge.ok.symbol : Badge.warning.symbol, $0.reason]
            }
            let total = try await history().count
            return "Columbus laboratory\n"
                + Table(columns: ["Experiment", "Title", "Status", "Why"], rows: rows).render()
                + "\n\(total) runs in the laboratory log"
        } catch {
            return Panel(title: "Columbus laboratory", lines: ["laboratory log unavailable: \(error)"]).render()
        }
    }
}
