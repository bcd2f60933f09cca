/// Swift source as UTF-8 bytes, with a table of line starts for turning offsets into
/// 1-based line and column numbers (columns count UTF-8 bytes, as the Swift compiler does).
public struct SourceText: Sendable {
    /// The source's bytes.
    public let bytes: [UInt8]
    /// Offsets at which each line starts; `lineStarts[0] == 0`.
    public let lineStarts: [Int]

    /// Wraps `bytes`; a leading UTF-8 byte-order mark is kept in `bytes` but skipped by the lexer.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        var i = 0
        let count = bytes.count
        while i < count {
            let b = bytes[i]
            if b == UInt8(ascii: "\n") {
                starts.append(i + 1)
            } else if b == UInt8(ascii: "\r") {
                if i + 1 < count, bytes[i + 1] == UInt8(ascii: "\n") { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        self.lineStarts = starts
    }

    /// Wraps the UTF-8 form of `string`.
    public init(_ string: String) {
        self.init(bytes: Array(string.utf8))
    }

    /// The 1-based line and column of a byte offset.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// The token's text, decoded as UTF-8 (invalid bytes become U+FFFD).
    public func text(of token: Token) -> String {
        text(in: token.range)
    }

    /// The text of a byte range, decoded as UTF-8.
    public func text(in range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// True if the token's text is exactly `word` (no allocation).
    public func token(_ token: Token, is word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard token.range.count == count else { return false }
        return word.withUTF8Buffer { buffer in
            var i = 0
            while i < count {
                if bytes[token.range.lowerBound + i] != buffer[i] { return false }
                i += 1
            }
            return true
        }
    }
}
