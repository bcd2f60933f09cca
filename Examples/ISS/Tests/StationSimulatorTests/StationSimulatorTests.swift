import Foundation
import Logging
import NetworkCore
import RadioCore
import StationSimulator
import Testing

@Suite struct StationSimulatorTests {
    @Test func theGroundStationServesTheCrewAndTheirSupplies() async throws {
        let ground = SimulatedGroundStation(scenario: .nominal, logger: .disabled)
        let crew = try JSONSerialization.jsonObject(with: try await ground.send(Request(path: "/crew")).body) as? [[String: Any]]
        #expect(crew?.count == 4)
        #expect(crew?.first?["suit"] is NSNull)
        let supplies = try await ground.send(Request(path: "/supplies/c3"))
        #expect(String(decoding: supplies.body, as: UTF8.self).contains("\"foodDays\":61"))
        #expect(try await ground.send(Request(path: "/supplies/nobody")).status == 404)
        #expect(try await ground.send(Request(method: .post, path: "/crew")).status == 405)
    }

    @Test func lossOfSignalDropsTheFirstRequests() async throws {
        let ground = SimulatedGroundStation(scenario: .lossOfSignal, logger: .disabled)
        for _ in 0..<StationScenario.lossOfSignal.groundDropouts {
            await #expect(throws: NetworkError.unreachable("loss of signal")) { try await ground.send(Request(path: "/crew")) }
        }
        #expect(try await ground.send(Request(path: "/crew")).status == 200)
    }

    @Test func devicesAnswerFramesAndUnknownDevicesStaySilent() async throws {
        let devices = SimulatedDevices(scenario: .lowOxygen, logger: .disabled)
        let reply = try RadioFrame(decoding: try await devices.transmit(RadioFrame(device: "EMU-3008", fields: ["STATUS"]).encoded))
        #expect(reply.values["o2"] == "41.0")
        await #expect(throws: RadioError.noResponse(device: "EMU-0000")) {
            try await devices.transmit(RadioFrame(device: "EMU-0000", fields: ["STATUS"]).encoded)
        }
    }

    @Test func optionsParseAndRejectBadInput() throws {
        let options = try SimulationOptions.parse(["--scenario", "low-oxygen", "--verbose", "--store", "/tmp/x"])
        #expect(options.scenario.name == "low-oxygen")
        #expect(options.verbose && options.storeFolder == "/tmp/x")
        #expect(throws: SimulationOptions.UsageError.self) { try SimulationOptions.parse(["--scenario", "mars"]) }
        #expect(throws: SimulationOptions.UsageError.self) { try SimulationOptions.parse(["--store"]) }
        #expect(throws: SimulationOptions.UsageError.self) { try SimulationOptions.parse(["--fast"]) }
    }
}
