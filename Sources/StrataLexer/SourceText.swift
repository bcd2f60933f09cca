/// Swift source as UTF-8 bytes. Line and column numbers are 1-based, columns count UTF-8
/// bytes (as the Swift compiler does), and a line ends at `\n`, `\r\n` or a lone `\r`.
public struct SourceText: Sendable {
    /// The source's bytes.
    public let bytes: [UInt8]

    /// Wraps `bytes`; a leading UTF-8 byte-order mark is kept in `bytes` but skipped by the lexer.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Wraps the UTF-8 form of `string`.
    public init(_ string: String) {
        self.init(bytes: Array(string.utf8))
    }

    /// The 1-based line and column of a byte offset. It counts lines from the start; for many
    /// positions in increasing order use a `LineCounter`.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var counter = LineCounter(self)
        return counter.position(of: offset)
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

/// Turns byte offsets into line and column numbers, counting forward from the last offset
/// asked for, so positions asked in increasing order cost one pass over the text in all.
public struct LineCounter: Sendable {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    public init(_ source: SourceText) {
        bytes = source.bytes
    }

    /// The 1-based line and column of `target`.
    public mutating func position(of target: Int) -> (line: Int, column: Int) {
        if target < offset {
            offset = 0
            line = 1
            lineStart = 0
        }
        let end = min(target, bytes.count)
        while offset < end {
            let c = bytes[offset]
            if c == 0x0A {
                line += 1
                lineStart = offset + 1
                offset += 1
            } else if c == 0x0D {
                if offset + 1 < bytes.count && bytes[offset + 1] == 0x0A {
                    // `\r\n` is one line break; the `\n` itself still belongs to the line before.
                    guard offset + 2 <= end else { break }
                    line += 1
                    lineStart = offset + 2
                    offset += 2
                } else {
                    line += 1
                    lineStart = offset + 1
                    offset += 1
                }
            } else {
                offset += 1
            }
        }
        return (line, target - lineStart + 1)
    }
}

/// Every line start of a source, found in one pass, for line and column numbers of positions
/// asked in any order: each lookup is a binary search, so a 12,000-target manifest gets its
/// target locations in linear time rather than by counting from the start each time.
public struct LineIndex: Sendable {
    /// Byte offsets at which lines start, ascending; the first is 0.
    private let starts: [Int]

    public init(_ source: SourceText) {
        var starts = [0]
        source.bytes.withUnsafeBufferPointer { bytes in
            // A line is some forty bytes long on average in source and project files.
            starts.reserveCapacity(bytes.count / 32)
            guard let base = bytes.baseAddress.map(UnsafeRawPointer.init) else { return }
            var i = 0
            while i < bytes.count {
                // Eight bytes at a time past those that hold no line break: most of a line.
                if i + 8 <= bytes.count, !Self.mayHoldLineBreak(base.loadUnaligned(fromByteOffset: i, as: UInt64.self)) {
                    i += 8
                    continue
                }
                let c = bytes[i]
                if c == 0x0A {
                    starts.append(i + 1)
                } else if c == 0x0D {
                    // `\r\n` is one line break; a lone `\r` is one too.
                    if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                    starts.append(i + 1)
                }
                i += 1
            }
        }
        self.starts = starts
    }

    /// Whether any of a word's eight bytes is `\n` or `\r`: a byte equal to either leaves a
    /// zero byte in the word xor-ed with it, which the borrow test finds.
    private static func mayHoldLineBreak(_ word: UInt64) -> Bool {
        func hasZeroByte(_ value: UInt64) -> Bool {
            (value &- 0x0101_0101_0101_0101) & ~value & 0x8080_8080_8080_8080 != 0
        }
        return hasZeroByte(word ^ 0x0A0A_0A0A_0A0A_0A0A) || hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D)
    }

    /// The 1-based line and column of `offset`, as `LineCounter` gives them.
    public func position(of offset: Int) -> (line: Int, column: Int) {
        // The last line start at or before the offset.
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
