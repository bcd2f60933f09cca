/// Decoding the value of a string-literal token.
extension SourceText {
    /// The value of a string literal without interpolation, with escapes resolved and a
    /// multi-line literal's indentation stripped; nil for other tokens, literals with
    /// interpolation and unterminated literals.
    public func stringValue(of token: Token) -> String? {
        guard token.kind == .string, !token.hasInterpolation, !token.isUnterminated else { return nil }
        let b = bytes
        var start = token.range.lowerBound
        var hashes = 0
        while b[start] == UInt8(ascii: "#") { hashes += 1; start += 1 }
        let multiline = Lexer.opensMultilineString(b, quote: start, hashes: hashes)
        let quote = multiline ? 3 : 1
        let contentRange = (start + quote)..<(token.range.upperBound - quote - hashes)
        guard contentRange.lowerBound <= contentRange.upperBound else { return nil }
        var content = Array(b[contentRange])
        if multiline {
            guard let stripped = Self.stripMultilineIndentation(content) else { return nil }
            content = stripped
        }
        return Self.unescape(content, hashes: hashes)
    }

    /// Removes the first line break and the closing delimiter's indentation from every line.
    private static func stripMultilineIndentation(_ content: [UInt8]) -> [UInt8]? {
        let text = String(decoding: content, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 2 else { return nil }
        lines.removeFirst()  // the rest of the opening line must be empty
        let indentation = lines.removeLast()
        guard indentation.allSatisfy({ $0 == " " || $0 == "\t" }) else { return nil }
        let stripped = lines.map { line -> String in
            line.hasPrefix(indentation) ? String(line.dropFirst(indentation.count)) : line
        }
        return Array(stripped.joined(separator: "\n").utf8)
    }

    private static func unescape(_ content: [UInt8], hashes: Int) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var i = 0
        while i < content.count {
            let c = content[i]
            var isEscape = c == UInt8(ascii: "\\")
            if isEscape, hashes > 0 {
                isEscape =
                    i + hashes < content.count
                    && content[(i + 1)...(i + hashes)].allSatisfy { $0 == UInt8(ascii: "#") }
            }
            guard isEscape else {
                out.append(c)
                i += 1
                continue
            }
            let e = i + 1 + hashes
            guard e < content.count else { return nil }
            switch content[e] {
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "0"): out.append(0x00)
            case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): out.append(content[e])
            case UInt8(ascii: "u"):
                guard e + 1 < content.count, content[e + 1] == UInt8(ascii: "{"),
                    let close = content[(e + 2)...].firstIndex(of: UInt8(ascii: "}")),
                    let value = UInt32(String(decoding: content[(e + 2)..<close], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { return nil }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
                i = close + 1
                continue
            case 0x0A, 0x0D:
                // Escaped line break in a multi-line literal: the break is removed.
                i = e + 1
                if content[e] == 0x0D, i < content.count, content[i] == 0x0A { i += 1 }
                continue
            default:
                return nil
            }
            i = e + 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}
