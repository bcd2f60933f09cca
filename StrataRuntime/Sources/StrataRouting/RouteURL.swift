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
        guard let schemeEnd = text.utf8.firstIndex(of: UInt8(ascii: ":")),
            text.utf8[schemeEnd...].starts(with: "://".utf8),
            schemeEnd > text.startIndex
        else { return nil }
        let scheme = text[..<schemeEnd]
        guard scheme.utf8.allSatisfy({ $0.isSchemeCharacter }) else { return nil }
        self.text = text
        self.scheme = scheme.lowercased()
        var rest = text[text.utf8.index(schemeEnd, offsetBy: 3)...]
        if let fragment = rest.utf8.firstIndex(of: UInt8(ascii: "#")) { rest = rest[..<fragment] }
        var query: Substring = ""
        if let mark = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: mark)...]
            rest = rest[..<mark]
        }
        var segments: [String] = []
        for (index, part) in rest.split(separator: "/", omittingEmptySubsequences: true).enumerated() {
            let decoded = part.removingPercentEncoding
            segments.append(index == 0 ? decoded.lowercased() : decoded)
        }
        self.segments = segments
        self.queryItems = query.split(separator: "&", omittingEmptySubsequences: true).map { item in
            guard let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) else { return (item.removingPercentEncoding, "") }
            return (item[..<equals].removingPercentEncoding, item[item.utf8.index(after: equals)...].removingPercentEncoding)
        }
    }

    /// The value of the first query item called `name`.
    public func queryValue(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }

    /// The URL as given.
    public var description: String { text }

    public static func == (lhs: RouteURL, rhs: RouteURL) -> Bool { lhs.text == rhs.text }
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

extension UInt8 {
    fileprivate var isSchemeCharacter: Bool {
        (self >= 0x61 && self <= 0x7A) || (self >= 0x41 && self <= 0x5A) || (self >= 0x30 && self <= 0x39)
            || self == UInt8(ascii: "+") || self == UInt8(ascii: "-") || self == UInt8(ascii: ".")
    }
}

extension Substring {
    /// The text with `%XX` escapes decoded; malformed escapes and invalid UTF-8 are kept as written.
    var removingPercentEncoding: String {
        guard utf8.contains(UInt8(ascii: "%")) else { return String(self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index != utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%"), let high = utf8.index(index, offsetBy: 1, limitedBy: utf8.endIndex), high != utf8.endIndex,
                let low = utf8.index(high, offsetBy: 1, limitedBy: utf8.endIndex), low != utf8.endIndex,
                let h = utf8[high].hexValue, let l = utf8[low].hexValue
            {
                bytes.append(h << 4 | l)
                index = utf8.index(after: low)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? String(self)
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
