import Foundation
import Synchronization

/// Writes records to standard error, one line each, so they never mix with an app's output.
public struct ConsoleLogSink: LogSink {
    public init() {}

    public func write(_ record: LogRecord) {
        FileHandle.standardError.write(Data((record.formatted + "\n").utf8))
    }
}

/// Keeps records in memory, for tests and for showing the last events in a screen.
public final class MemoryLogSink: LogSink {
    private let storage = Mutex<[LogRecord]>([])
    private let capacity: Int

    /// Keeps at most `capacity` records, dropping the oldest.
    public init(capacity: Int = 1_000) {
        self.capacity = max(1, capacity)
    }

    public func write(_ record: LogRecord) {
        storage.withLock { records in
            records.append(record)
            if records.count > capacity { records.removeFirst(records.count - capacity) }
        }
    }

    /// The records kept, oldest first.
    public var records: [LogRecord] { storage.withLock { $0 } }

    /// The records at `level` or above.
    public func records(atLeast level: LogLevel) -> [LogRecord] {
        records.filter { $0.level >= level }
    }
}
