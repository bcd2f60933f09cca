/// How important a log record is.
public enum LogLevel: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
    case debug, info, notice, warning, error

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .notice: "notice"
        case .warning: "warning"
        case .error: "error"
        }
    }
}

/// One line of the station log.
public struct LogRecord: Sendable, Equatable {
    public var level: LogLevel
    public var subsystem: String
    public var message: String

    public init(level: LogLevel, subsystem: String, message: String) {
        self.level = level
        self.subsystem = subsystem
        self.message = message
    }

    /// `[warning] radio: no answer from EMU-3005`
    public var formatted: String { "[\(level)] \(subsystem): \(message)" }
}

/// Where log records go.
public protocol LogSink: Sendable {
    func write(_ record: LogRecord)
}

/// A logger for one subsystem. Records below `minimumLevel` are dropped before any sink sees them.
public struct Logger: Sendable {
    public let subsystem: String
    public let minimumLevel: LogLevel
    private let sinks: [any LogSink]

    public init(subsystem: String, minimumLevel: LogLevel = .info, sinks: [any LogSink]) {
        self.subsystem = subsystem
        self.minimumLevel = minimumLevel
        self.sinks = sinks
    }

    /// A logger that drops everything, for code that logs but is run silently.
    public static let disabled = Logger(subsystem: "disabled", minimumLevel: .error, sinks: [])

    /// The same sinks and level under another subsystem name (`radio`, `crew-service`).
    public func scoped(_ subsystem: String) -> Logger {
        Logger(subsystem: subsystem, minimumLevel: minimumLevel, sinks: sinks)
    }

    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard level >= minimumLevel, !sinks.isEmpty else { return }
        let record = LogRecord(level: level, subsystem: subsystem, message: message())
        for sink in sinks { sink.write(record) }
    }

    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
