/// A URL split the way routes see it: the scheme, the segments (the host first, then the path's
/// segments, percent-decoded) and the query items.
///
/// `iss://cosmonaut/42/suit?tab=oxygen` has scheme `iss`, segments `cosmonaut`, `42`, `suit` and
/// the query item `tab=oxygen`. Scheme and host are compared without regard to letter case.
public struct RouteURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given.
    public let text: String
    /// The scheme, lower-cased.
    public let scheme: String
    /// The host (lower-cased) and the path's segments, percent-decoded; empty segments dropped.
    public let segments: [String]
    /// The query items in order, percent-decoded (`+` stays `+`).
    public let queryItems: [(name: String, value: String)]

    /// Splits `text`, or returns `nil` when it has no `scheme://`.
    public init?(_ text: String) {
        // On the UTF-8 bytes: splitting the String by Characters would cost more than the whole
        // match, and every delimiter a URL has is ASCII.
        var contiguous = text
        guard let parts = contiguous.withUTF8({ Self.split($0) }) else { return nil }
        self.text = text
        (scheme, segments, queryItems) = parts
    }

    // The splitting works on positions in the buffer rather than on slices of it: a slice checks
    // every subscript against its bounds, which cost as much as the rest of the split.

    private static func split(
        _ bytes: UnsafeBufferPointer<UInt8>
    ) -> (scheme: String, segments: [String], query: [(name: String, value: String)])? {
        var colon = 0
        while colon < bytes.count && bytes[colon].isSchemeCharacter { colon += 1 }
        guard colon > 0, bytes.count - colon >= 3, bytes[colon] == UInt8(ascii: ":"), bytes[colon + 1] == UInt8(ascii: "/"),
            bytes[colon + 2] == UInt8(ascii: "/")
        else { return nil }
        // One pass to find the query and the fragment and to count the pieces, so that both
        // arrays are made at their size: growing them as they were appended to made more
        // allocations than the rest of the split.
        let start = colon + 3
        var end = bytes.count
        var mark: Int?
        var slashes = 0
        var ampersands = 0
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/") {
                slashes += 1
            } else if byte == UInt8(ascii: "?") {
                mark = index
                break
            } else if byte == UInt8(ascii: "#") {
                end = index
            }
            index += 1
        }
        if mark != nil {
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "&") {
                    ampersands += 1
                } else if byte == UInt8(ascii: "#") {
                    end = index
                }
                index += 1
            }
        }
        var query: [(name: String, value: String)] = []
        if let mark {
            query.reserveCapacity(ampersands + 1)
            forEachPiece(of: bytes, (mark + 1)..<end, separatedBy: UInt8(ascii: "&")) { item in
                if let equals = firstIndex(of: UInt8(ascii: "="), in: bytes, item) {
                    query.append((string(bytes, item.lowerBound..<equals), string(bytes, (equals + 1)..<item.upperBound)))
                } else {
                    query.append((string(bytes, item), ""))
                }
            }
        }
        var segments: [String] = []
        segments.reserveCapacity(slashes + 1)
        forEachPiece(of: bytes, start..<(mark ?? end), separatedBy: UInt8(ascii: "/")) { part in
            segments.append(string(bytes, part, lowercased: segments.isEmpty))
        }
        return (string(bytes, 0..<colon, lowercased: true), segments, query)
    }

    /// The first position of `byte` in `range` of `bytes`.
    @inline(__always)
    private static func firstIndex(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == byte { return index }
            index += 1
        }
        return nil
    }

    /// Calls `body` with each non-empty run of `range` of `bytes` between `separator`s.
    @inline(__always)
    private static func forEachPiece(
        of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, separatedBy separator: UInt8, _ body: (Range<Int>) -> Void
    ) {
        var start = range.lowerBound
        var index = start
        while index < range.upperBound {
            if bytes[index] == separator {
                if index > start { body(start..<index) }
                start = index + 1
            }
            index += 1
        }
        if range.upperBound > start { body(start..<range.upperBound) }
    }

    /// The text of `bytes`, percent-decoded (malformed escapes and invalid UTF-8 kept as
    /// written), lower-cased if asked.
    private static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, lowercased: Bool = false) -> String {
        let written = UnsafeBufferPointer(rebasing: bytes[range])
        var text: String
        if written.contains(UInt8(ascii: "%")) {
            let decoded = percentDecoded(written)
            // Valid UTF-8 decodes to the same bytes; invalid input is kept as written (repaired).
            // (`String(validating:as:)` needs macOS 15 / iOS 18.)
            let candidate = String(decoding: decoded, as: UTF8.self)
            text = candidate.utf8.elementsEqual(decoded) ? candidate : String(decoding: written, as: UTF8.self)
        } else {
            text = String(decoding: written, as: UTF8.self)
        }
        // Checked on the bytes written (an escape only ever decodes from `%` and hex digits):
        // asking the String cost more than making it.
        if lowercased && written.contains(where: { $0 >= UInt8(ascii: "A") && ($0 <= UInt8(ascii: "Z") || $0 >= 0x80) || $0 == UInt8(ascii: "%") }) {
            text = text.lowercased()
        }
        return text
    }

    private static func percentDecoded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = bytes[index + 1].hexValue, let low = bytes[index + 2].hexValue
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return decoded
    }

    /// The value of the first query item called `name`.
    public func queryValue(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }

    /// The URL as given.
    public var description: String { text }

    /// Two URLs are equal when their text is.
    public static func == (lhs: RouteURL, rhs: RouteURL) -> Bool { lhs.text == rhs.text }
    /// Hashes the text.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

extension UInt8 {
    fileprivate var isSchemeCharacter: Bool {
        (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) || (self >= 0x30 && self <= 0x39)
            || self == UInt8(ascii: "+") || self == UInt8(ascii: "-") || self == UInt8(ascii: ".")
    }
}

extension UInt8 {
    fileprivate var hexValue: UInt8? {
        switch self {
        case 0x30...0x39: self - 0x30
        case 0x41...0x46: self - 0x41 + 10
        case 0x61...0x66: self - 0x61 + 10
        default: nil
        }
    }
}
