/// Values a device reported, with typed, validated accessors.
public struct Telemetry: Sendable, Equatable {
    public var device: String
    public var values: [String: String]

    public init(device: String, values: [String: String]) {
        self.device = device
        self.values = values
    }

    /// The value for `key` as text; throws if the device did not report it.
    public func string(_ key: String) throws -> String {
        guard let value = values[key] else { throw RadioError.missingValue(device: device, key: key) }
        return value
    }

    /// The value for `key` as a number, optionally required to lie in `range`.
    public func double(_ key: String, in range: ClosedRange<Double>? = nil) throws -> Double {
        let text = try string(key)
        guard let value = Double(text), value.isFinite, range.map({ $0.contains(value) }) ?? true else {
            throw RadioError.invalidValue(device: device, key: key, value: text)
        }
        return value
    }

    /// A comma-separated list value (`suits=EMU-3005|EMU-3008` uses `|`).
    public func list(_ key: String) throws -> [String] {
        try string(key).split(separator: "|").map(String.init)
    }
}

/// What can go wrong on the radio.
public enum RadioError: Error, Equatable, Sendable, CustomStringConvertible {
    case noResponse(device: String)
    case corruptFrame(String)
    case missingValue(device: String, key: String)
    case invalidValue(device: String, key: String, value: String)

    public var description: String {
        switch self {
        case .noResponse(let device): "no answer from \(device)"
        case .corruptFrame(let frame): "corrupt radio frame '\(frame)'"
        case .missingValue(let device, let key): "\(device) did not report '\(key)'"
        case .invalidValue(let device, let key, let value): "\(device) reported an invalid '\(key)': '\(value)'"
        }
    }
}

/// Talks to devices on board.
public protocol RadioChannel: Sendable {
    /// Sends `command` to `device` and returns what it reported.
    func query(device: String, command: String) async throws -> Telemetry
}

/// Carries frames to devices and back (the hardware, or a simulator).
public protocol Transceiver: Sendable {
    func transmit(_ frame: String) async throws -> String
}
