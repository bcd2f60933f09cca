import HeatRadiatorService
import HeatRadiatorServiceCore
import HeatRadiatorServiceMocks
import RadioCore
import RadioMocks
import Testing

@Suite struct HeatRadiatorServiceTests {
    @Test func loopsAreReadOneByOne() async throws {
        let radio = MockRadioChannel()
        radio.set("ETCS", "LIST", ["loops": "A|B"])
        radio.set("ETCS-A", "READ", ["inlet": "2.8", "outlet": "9.9", "flow": "1650"])
        radio.set("ETCS-B", "READ", ["inlet": "3.1", "outlet": "17.2", "flow": "1610"])
        let loops = try await HeatRadiatorService(radio: radio, logger: .disabled).loops()
        #expect(loops.map(\.name) == ["A", "B"])
        #expect(loops[0].isNominal)
        #expect(!loops[1].isNominal)
        #expect(abs(loops[0].deltaCelsius - 7.1) < 0.0001)
    }

    @Test func aSilentLoopFailsTheRead() async {
        let radio = MockRadioChannel()
        radio.set("ETCS", "LIST", ["loops": "A"])
        await #expect(throws: RadioError.noResponse(device: "ETCS-A")) {
            try await HeatRadiatorService(radio: radio, logger: .disabled).loops()
        }
    }

    @Test func lowFlowIsOffNominal() {
        #expect(!CoolingLoop(name: "A", inletCelsius: 3, outletCelsius: 9, flowKgPerHour: 900).isNominal)
    }

    @Test func theMockCanFail() async {
        await #expect(throws: MockHeatRadiatorService.MockFailure("pump")) { try await MockHeatRadiatorService(failure: "pump").loops() }
    }
}
