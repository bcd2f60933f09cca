import RadioCore
import RadioMocks
import SpacesuitService
import SpacesuitServiceCore
import SpacesuitServiceMocks
import Testing

@Suite struct SpacesuitServiceTests {
    private func radio(o2: String = "98", battery: String = "96", pressure: String = "29.6", scrubber: String = "8") -> MockRadioChannel {
        let radio = MockRadioChannel()
        radio.set("EMU", "LIST", ["suits": "EMU-3008|EMU-3005"])
        radio.set("EMU-3005", "STATUS", ["o2": o2, "bat": battery, "press": pressure, "temp": "21.5", "scrub": scrubber])
        return radio
    }

    @Test func suitsAreListedSorted() async throws {
        let service = SpacesuitService(radio: radio(), logger: .disabled)
        #expect(try await service.suits() == [SuitID("EMU-3005"), SuitID("EMU-3008")])
    }

    @Test func aNominalSuitIsReady() async throws {
        let status = try await SpacesuitService(radio: radio(), logger: .disabled).status(of: SuitID("EMU-3005"))
        #expect(status.oxygenPercent == 98)
        #expect(status.isReadyForSpacewalk)
    }

    @Test func everyShortfallIsListed() async throws {
        let service = SpacesuitService(radio: radio(o2: "41", battery: "60", pressure: "31.2", scrubber: "1.5"), logger: .disabled)
        let status = try await service.status(of: SuitID("EMU-3005"))
        #expect(status.issues == [.lowOxygen(percent: 41), .lowBattery(percent: 60), .pressureOutOfRange(kPa: 31.2), .scrubberSpent(hours: 1.5)])
        #expect(!status.isReadyForSpacewalk)
    }

    @Test func impossibleReadingsAreRejected() async {
        let service = SpacesuitService(radio: radio(o2: "130"), logger: .disabled)
        await #expect(throws: RadioError.invalidValue(device: "EMU-3005", key: "o2", value: "130")) {
            try await service.status(of: SuitID("EMU-3005"))
        }
    }

    @Test func theMockAnswersWhatTheTestSet() async throws {
        let mock = MockSpacesuitService(statuses: [MockSpacesuitService.readyStatus("EMU-1")])
        #expect(try await mock.status(of: SuitID("EMU-1")).isReadyForSpacewalk)
        await #expect(throws: MockSpacesuitService.UnknownSuit(suit: SuitID("EMU-2"))) { try await mock.status(of: SuitID("EMU-2")) }
    }
}
