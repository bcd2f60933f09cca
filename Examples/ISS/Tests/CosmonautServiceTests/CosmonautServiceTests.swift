import CosmonautService
import CosmonautServiceCore
import CosmonautServiceMocks
import NetworkCore
import NetworkMocks
import Persistence
import PersistenceMocks
import Testing

@Suite struct CosmonautServiceTests {
    static let crewJSON = #"[{"id":"c2","name":"Tracy Dyson","role":"Flight Engineer","agency":"NASA","suit":"EMU-3005"}]"#

    @Test func theCrewComesFromTheGroundAndIsCached() async throws {
        let network = MockNetworkClient()
        network.stub("/crew", json: Self.crewJSON)
        let store = RecordingStore()
        let crew = try await CosmonautService(network: network, store: store, logger: .disabled).crew()
        #expect(crew == [Cosmonaut(id: "c2", name: "Tracy Dyson", role: "Flight Engineer", agency: "NASA", suit: "EMU-3005")])
        #expect(await store.operations == [.write("crew-roster")])
    }

    @Test func duringALossOfSignalTheCachedCrewIsShown() async throws {
        let network = MockNetworkClient()
        network.stub("/crew", json: Self.crewJSON)
        let store = InMemoryStore()
        _ = try await CosmonautService(network: network, store: store, logger: .disabled).crew()
        network.stub("/crew", failure: .unreachable("loss of signal"))
        let cached = try await CosmonautService(network: network, store: store, logger: .disabled).crew()
        #expect(cached.map(\.name) == ["Tracy Dyson"])
    }

    @Test func withoutACacheTheLossOfSignalIsReported() async {
        let network = MockNetworkClient()
        network.stub("/crew", failure: .unreachable("loss of signal"))
        await #expect(throws: NetworkError.unreachable("loss of signal")) {
            try await CosmonautService(network: network, store: InMemoryStore(), logger: .disabled).crew()
        }
    }

    @Test func suppliesForSomeoneElseAreRejected() async {
        let network = MockNetworkClient()
        network.stub("/supplies/c2", json: #"{"cosmonautID":"c3","foodDays":10,"waterLiters":100,"medicalKitOK":true}"#)
        await #expect(throws: NetworkError.self) {
            try await CosmonautService(network: network, store: InMemoryStore(), logger: .disabled).supplies(for: "c2")
        }
    }

    @Test func shortSuppliesNeedAResupply() {
        #expect(SupplyStatus(cosmonautID: "c", foodDays: 12, waterLiters: 200, medicalKitOK: true).needsResupply)
        #expect(!SupplyStatus(cosmonautID: "c", foodDays: 60, waterLiters: 200, medicalKitOK: true).needsResupply)
        #expect(SupplyStatus(cosmonautID: "c", foodDays: 60, waterLiters: 200, medicalKitOK: false).needsResupply)
    }

    @Test func theMockFailsForUnknownCrew() async {
        let mock = MockCosmonautService(roster: [], supplies: [])
        await #expect(throws: MockCosmonautService.NoSupplies(cosmonautID: "x")) { try await mock.supplies(for: "x") }
    }
}
