import DockingPortService
import DockingPortServiceCore
import DockingPortServiceMocks
import NetworkCore
import NetworkMocks
import Testing

@Suite struct DockingPortServiceTests {
    @Test func portsComeFromTheGround() async throws {
        let network = MockNetworkClient()
        network.stub(
            "/docking",
            json: #"[{"name":"Poisk","vehicle":"Soyuz MS-25","state":"occupied"},{"name":"Harmony zenith","vehicle":null,"state":"free"}]"#)
        let ports = try await DockingPortService(network: network, logger: .disabled).ports()
        #expect(
            ports == [
                DockingPort(name: "Poisk", vehicle: "Soyuz MS-25", state: .occupied),
                DockingPort(name: "Harmony zenith", vehicle: nil, state: .free),
            ])
        #expect(network.requests.map(\.path) == ["/docking"])
    }

    @Test func anOccupiedPortWithoutAVehicleIsRejected() async {
        let network = MockNetworkClient()
        network.stub("/docking", json: #"[{"name":"Poisk","vehicle":null,"state":"occupied"}]"#)
        await #expect(throws: NetworkError.decoding(path: "/docking", reason: "port 'Poisk' is occupied but names no vehicle")) {
            try await DockingPortService(network: network, logger: .disabled).ports()
        }
    }

    @Test func theMockReturnsItsPorts() async throws {
        let mock = MockDockingPortService(ports: [DockingPort(name: "Poisk", vehicle: nil, state: .free)])
        #expect(try await mock.ports().count == 1)
    }
}
