import Logging
import Testing

@Suite struct LoggerTests {
    @Test func recordsBelowTheMinimumLevelAreDropped() {
        let sink = MemoryLogSink()
        let logger = Logger(subsystem: "radio", minimumLevel: .notice, sinks: [sink])
        logger.debug("chatter")
        logger.info("details")
        logger.notice("suit EMU-3008 not ready")
        logger.error("no answer")
        #expect(sink.records.map(\.level) == [.notice, .error])
        #expect(sink.records.first?.formatted == "[notice] radio: suit EMU-3008 not ready")
    }

    @Test func scopedLoggersKeepSinksAndLevelUnderANewSubsystem() {
        let sink = MemoryLogSink()
        let logger = Logger(subsystem: "app", minimumLevel: .warning, sinks: [sink]).scoped("network")
        logger.info("ignored")
        logger.warning("link down")
        #expect(sink.records == [LogRecord(level: .warning, subsystem: "network", message: "link down")])
    }

    @Test func memorySinkDropsTheOldestRecordsBeyondItsCapacity() {
        let sink = MemoryLogSink(capacity: 2)
        let logger = Logger(subsystem: "s", minimumLevel: .debug, sinks: [sink])
        for index in 1...4 { logger.info("\(index)") }
        #expect(sink.records.map(\.message) == ["3", "4"])
        #expect(sink.records(atLeast: .warning).isEmpty)
    }

    @Test func messagesAreNotBuiltWhenTheyWouldBeDropped() {
        var built = false
        func expensive() -> String { built = true; return "x" }
        Logger(subsystem: "s", minimumLevel: .error, sinks: [MemoryLogSink()]).debug(expensive())
        #expect(!built)
    }
}
