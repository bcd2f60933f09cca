import Foundation
import Logging
import Radio
import RadioCore
import RadioMocks
import Synchronization
import Testing

/// Answers every frame with a fixed reply, after a number of damaged ones.
final class ScriptedTransceiver: Transceiver {
    private let damagedLeft: Mutex<Int>
    private let reply: String

    init(reply: String, damaged: Int = 0) {
        self.reply = reply
        damagedLeft = Mutex(damaged)
    }

    func transmit(_ frame: String) async throws -> String {
        let damage = damagedLeft.withLock { left -> Bool in
            defer { left -= 1 }
            return left > 0
        }
        return damage ? reply.replacingOccurrences(of: "o2=", with: "o3=") : reply
    }
}

@Suite struct RadioLinkTests {
    @Test func framesRoundTripWithAChecksum() throws {
        let frame = RadioFrame(device: "EMU-3005", fields: ["o2=98", "bat=96"])
        #expect(frame.encoded.hasPrefix("$EMU-3005,o2=98,bat=96*"))
        let decoded = try RadioFrame(decoding: frame.encoded + "\r\n")
        #expect(decoded == frame)
        #expect(decoded.values == ["o2": "98", "bat": "96"])
    }

    @Test func framesWithABadChecksumAreRejected() {
        let good = RadioFrame(device: "SAW", fields: ["LIST"]).encoded
        let bad = good.replacingOccurrences(of: "LIST", with: "LIZT")
        #expect(throws: RadioError.corruptFrame(bad)) { try RadioFrame(decoding: bad) }
        #expect(throws: RadioError.corruptFrame("EMU")) { try RadioFrame(decoding: "EMU") }
    }

    @Test func theLinkRetriesDamagedRepliesAndDecodesTelemetry() async throws {
        let reply = RadioFrame(device: "EMU-3005", fields: ["o2=98"]).encoded
        let link = RadioLink(transceiver: ScriptedTransceiver(reply: reply, damaged: 2), logger: .disabled, maximumAttempts: 3)
        let telemetry = try await link.query(device: "EMU-3005", command: "STATUS")
        #expect(try telemetry.double("o2", in: 0...100) == 98)
    }

    @Test func theLinkRejectsAReplyFromAnotherDevice() async {
        let reply = RadioFrame(device: "EMU-9999", fields: ["o2=98"]).encoded
        let link = RadioLink(transceiver: ScriptedTransceiver(reply: reply), logger: .disabled, maximumAttempts: 1)
        await #expect(throws: RadioError.corruptFrame(reply)) {
            try await link.query(device: "EMU-3005", command: "STATUS")
        }
    }

    @Test func telemetryValidatesValues() throws {
        let telemetry = Telemetry(device: "EMU-1", values: ["o2": "140", "bat": "high", "suits": "A|B"])
        #expect(throws: RadioError.invalidValue(device: "EMU-1", key: "o2", value: "140")) { try telemetry.double("o2", in: 0...100) }
        #expect(throws: RadioError.invalidValue(device: "EMU-1", key: "bat", value: "high")) { try telemetry.double("bat") }
        #expect(throws: RadioError.missingValue(device: "EMU-1", key: "temp")) { try telemetry.double("temp") }
        #expect(try telemetry.list("suits") == ["A", "B"])
    }

    @Test func theMockRecordsQueriesAndFailsUnknownDevices() async throws {
        let mock = MockRadioChannel()
        mock.set("SAW", "LIST", ["wings": "1A"])
        #expect(try await mock.query(device: "SAW", command: "LIST").values == ["wings": "1A"])
        await #expect(throws: RadioError.noResponse(device: "ETCS")) { try await mock.query(device: "ETCS", command: "LIST") }
        #expect(mock.queries == ["SAW LIST", "ETCS LIST"])
    }
}
