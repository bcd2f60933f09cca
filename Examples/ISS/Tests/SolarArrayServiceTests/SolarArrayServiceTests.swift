import RadioCore
import RadioMocks
import SolarArrayService
import SolarArrayServiceCore
import SolarArrayServiceMocks
import Testing

@Suite struct SolarArrayServiceTests {
    @Test func wingsAreReadSortedWithTheirSide() async throws {
        let radio = MockRadioChannel()
        radio.set("SAW", "LIST", ["wings": "2A|1A"])
        radio.set("SAW-1A", "READ", ["power": "27.1", "angle": "41", "tracking": "1"])
        radio.set("SAW-2A", "READ", ["power": "25.9", "angle": "139", "tracking": "0"])
        let service = SolarArrayService(radio: radio, logger: .disabled)
        let wings = try await service.wings()
        #expect(wings.map(\.name) == ["1A", "2A"])
        #expect(wings.map(\.side) == [.starboard, .port])
        #expect(wings.map(\.isTracking) == [true, false])
        #expect(abs(try await service.totalPowerKW() - 53.0) < 0.0001)
    }

    @Test func impossiblePowerIsRejected() async {
        let radio = MockRadioChannel()
        radio.set("SAW", "LIST", ["wings": "1A"])
        radio.set("SAW-1A", "READ", ["power": "-3", "angle": "41", "tracking": "1"])
        await #expect(throws: RadioError.invalidValue(device: "SAW-1A", key: "power", value: "-3")) {
            try await SolarArrayService(radio: radio, logger: .disabled).wings()
        }
    }

    @Test func theMockSumsItsWings() async throws {
        let mock = MockSolarArrayService(wings: [
            SolarArrayWing(name: "1A", powerKW: 10, angleDegrees: 0, isTracking: true),
            SolarArrayWing(name: "2A", powerKW: 5, angleDegrees: 0, isTracking: true),
        ])
        #expect(try await mock.totalPowerKW() == 15)
    }
}
