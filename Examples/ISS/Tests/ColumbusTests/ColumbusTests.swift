import Columbus
import HeatRadiatorServiceCore
import HeatRadiatorServiceMocks
import Logging
import Persistence
import PersistenceMocks
import Testing

@Suite struct ColumbusTests {
    static let loops = [
        CoolingLoop(name: "A", inletCelsius: 2.8, outletCelsius: 9.9, flowKgPerHour: 1650),
        CoolingLoop(name: "B", inletCelsius: 3.1, outletCelsius: 17.2, flowKgPerHour: 1610),
    ]

    @Test func experimentsOnAnOffNominalLoopAreHeld() async throws {
        let flow = LaboratoryFlow(cooling: MockHeatRadiatorService(loops: Self.loops), store: InMemoryStore(), logger: .disabled)
        let runs = try await flow.run()
        #expect(runs.map(\.outcome) == [.started, .held, .started])
        #expect(runs[1].reason == "loop B outlet at 17.2 °C")
    }

    @Test func everyRunIsAppendedToTheLog() async throws {
        let store = RecordingStore()
        let flow = LaboratoryFlow(cooling: MockHeatRadiatorService(loops: Self.loops), store: store, logger: .disabled)
        _ = try await flow.run()
        _ = try await flow.run()
        #expect(try await flow.history().count == 2 * Experiment.plan.count)
    }

    @Test func withoutCoolingTelemetryEverythingIsHeld() async throws {
        let flow = LaboratoryFlow(cooling: MockHeatRadiatorService(failure: "no signal"), store: InMemoryStore(), logger: .disabled)
        #expect(try await flow.run().allSatisfy { $0.outcome == .held })
    }

    @Test func aBrokenLogIsReported() async {
        let store = RecordingStore()
        await store.failAll(with: .unavailable("disk full"))
        let screen = await LaboratoryFlow(cooling: MockHeatRadiatorService(loops: Self.loops), store: store, logger: .disabled).render()
        #expect(screen.contains("laboratory log unavailable"))
    }
}
