import Foundation

/// A radio frame: `$DEVICE,field,field*CS`, where CS is the two-digit hex XOR of every byte
/// between `$` and `*` (as NMEA sentences do). Requests carry a command; replies carry
/// `key=value` fields.
public struct RadioFrame: Sendable, Equatable {
    public var device: String
    public var fields: [String]

    public init(device: String, fields: [String]) {
        self.device = device
        self.fields = fields
    }

    /// The frame's text, checksum included.
    public var encoded: String {
        let body = ([device] + fields).joined(separator: ",")
        return "$\(body)*\(Self.hex(Self.checksum(body)))"
    }

    /// Parses and verifies a frame; throws `RadioError.corruptFrame` when it is malformed or
    /// its checksum does not match.
    public init(decoding text: String) throws {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("$"), let star = trimmed.lastIndex(of: "*") else {
            throw RadioError.corruptFrame(text)
        }
        let body = String(trimmed[trimmed.index(after: trimmed.startIndex)..<star])
        let sum = String(trimmed[trimmed.index(after: star)...])
        guard sum.count == 2, let expected = UInt8(sum, radix: 16), expected == Self.checksum(body) else {
            throw RadioError.corruptFrame(text)
        }
        let parts = body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        guard let device = parts.first, !device.isEmpty else { throw RadioError.corruptFrame(text) }
        self.device = device
        self.fields = Array(parts.dropFirst())
    }

    /// `key=value` fields as a dictionary; fields without `=` are ignored.
    public var values: [String: String] {
        var values: [String: String] = [:]
        for field in fields {
            let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
            if pair.count == 2 { values[pair[0]] = pair[1] }
        }
        return values
    }

    static func checksum(_ body: String) -> UInt8 {
        body.utf8.reduce(0, ^)
    }

    static func hex(_ value: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 0x0F)]])
    }
}
