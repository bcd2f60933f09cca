public import Foundation
public import Logging

/// swift-log's records as one JSON object per line (`strata-registry serve --log-format json`),
/// for log pipelines that index fields rather than parse text: `time`, `level`, `label`,
/// `message`, `source`, and every metadata key (a request's `method`, `path`, `status` and
/// `duration_ms`; a failure's `store`) as a field of its own.
public struct JSONLogHandler: LogHandler {
    public var logLevel: Logger.Level = .info
    public var metadata: Logger.Metadata = [:]
    public let label: String
    private let output: @Sendable (Data) -> Void

    /// A handler writing to standard error (or `output`, for tests).
    public init(label: String, output: @escaping @Sendable (Data) -> Void = { FileHandle.standardError.write($0) }) {
        self.label = label
        self.output = output
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var record: [String: Any] = [
            "time": Self.timestamp(Date()), "level": event.level.rawValue, "label": label, "message": event.message.description,
            "source": event.source,
        ]
        for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { _, new in new }) where record[key] == nil {
            record[key] = Self.json(value)
        }
        guard var line = try? JSONSerialization.data(withJSONObject: record, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        line.append(0x0A)
        output(line)
    }

    static func json(_ value: Logger.MetadataValue) -> Any {
        switch value {
        case .string(let text): text
        case .stringConvertible(let convertible): convertible.description
        case .array(let values): values.map(json)
        case .dictionary(let values): values.mapValues(json)
        }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }
}
