import Logging
import Spacesuit
import SpacesuitCore
import SpacesuitServiceCore
import SpacesuitServiceMocks
import Testing

@Suite struct SpacesuitTests {
    @Test func theScreenCountsSuitsThatAreGo() async {
        var tired = MockSpacesuitService.readyStatus("EMU-3008")
        tired.oxygenPercent = 41
        let service = MockSpacesuitService(statuses: [MockSpacesuitService.readyStatus("EMU-3005"), tired])
        let screen = await SpacesuitFlow(service: service, logger: .disabled).render()
        #expect(screen.hasPrefix("Spacesuits: 1 of 2 go for a spacewalk"))
        #expect(screen.contains("EMU-3008: oxygen at 41% (needs 90%)"))
    }

    @Test func readinessIsReadyOrListsTheReasons() async {
        var tired = MockSpacesuitService.readyStatus("EMU-3008")
        tired.batteryPercent = 50
        let provider = SuitReadinessProvider(service: MockSpacesuitService(statuses: [MockSpacesuitService.readyStatus("EMU-3005"), tired]))
        #expect(await provider.readiness(ofSuit: "EMU-3005") == SuitReadiness(suit: "EMU-3005", isReady: true, summary: "ready"))
        #expect(await provider.readiness(ofSuit: "EMU-3008").summary == "battery at 50% (needs 80%)")
    }

    @Test func aSuitWithoutTelemetryIsNotReady() async {
        let readiness = await SuitReadinessProvider(service: MockSpacesuitService()).readiness(ofSuit: "EMU-1")
        #expect(!readiness.isReady)
        #expect(readiness.summary.hasPrefix("no telemetry"))
    }
}
