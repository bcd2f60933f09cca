import StrataFileSystem

/// Reads an old-style (OpenStep) property list, the text form of `project.pbxproj`:
/// `{ key = value; }` dictionaries, `( a, b, )` arrays, quoted and unquoted strings and
/// `<hex>` data, with `/* */` and `//` comments between them, into a ``PropertyList``.
///
/// Every node keeps its byte offset, and every problem is a `PropertyListError` at the offset it
/// was found, so what a reader reports points at a line. The parser never traps on its input: it
/// checks every index, refuses NUL bytes, and limits how deeply values nest (a project nests a
/// handful of levels; a file of a million `(` would otherwise exhaust the stack). It checks every
/// string's escapes and every data value's digits as it goes, so decoding them later cannot fail.
public struct PropertyListParser {
    /// How deeply arrays and dictionaries may nest.
    public static let maximumDepth = 64

    /// Parses `bytes`, whose root must be a dictionary.
    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListNode {
        try parseList(bytes).root
    }

    /// Parses `bytes`, whose root must be a dictionary, into its nodes: a large file in parts
    /// on all cores (see ``SpeculativeParts``), with the nodes and the first error a parse from
    /// the start would give.
    public static func parseList(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyList {
        try parseList(bytes, parts: SpeculativeParts.partsPerCore * ParallelMap.cores)
    }

    /// Parses `bytes` in up to `parts` parts of at least `minimumPartSize` bytes (1 part: from
    /// the start to the end alone).
    static func parseList(
        _ bytes: [UInt8], parts: Int, minimumPartSize: Int = SpeculativeParts.minimumPartSize
    ) throws(PropertyListError) -> PropertyList {
        guard bytes.count < Int(Int32.max) else { throw PropertyListError(.tooLarge, at: 0) }
        let nodes = try bytes.withUnsafeBufferPointer { buffer throws(PropertyListError) in
            var parser = Cursor(bytes: buffer)
            parser.parts = SpeculativeParts(buffer, parts: parts, minimumPartSize: minimumPartSize)
            // About one value for every twenty bytes of a project file (those of the parts it
            // takes in are not its own).
            parser.nodes.reserveCapacity(buffer.count / 16 / max(parser.parts.count, 1))
            try parser.document()
            return parser.allNodes()
        }
        return PropertyList(bytes: bytes, nodes: nodes)
    }

    /// A position in the bytes, the steps that read from it, and the nodes read so far.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0
        /// The nodes this cursor read; those of the parts it takes in are numbered among them,
        /// but kept apart until ``allNodes()``.
        var nodes: [PropertyList.Node] = []
        /// The parts of the `objects` dictionary parsed ahead on other cores, taken in as the
        /// cursor reaches each where it starts.
        var parts = SpeculativeParts()
        /// The parts taken in: each after `nodes[..<at]`, its nodes numbered from `base`.
        var taken: [(at: Int, base: Int32, part: SpeculativeParts.Part)] = []
        /// How many nodes the parts taken in hold.
        var takenCount = 0

        /// The number of the next node: the nodes read, and those of the parts taken in.
        var nodeCount: Int { nodes.count + takenCount }

        init(bytes: UnsafeBufferPointer<UInt8>, at position: Int = 0) {
            self.bytes = bytes
            self.position = position
        }

        mutating func document() throws(PropertyListError) {
            try skipTrivia()
            guard position < bytes.count else {
                throw PropertyListError(.empty, at: 0)
            }
            if bytes[position] == UInt8(ascii: "<") && startsWith("<?xml") {
                throw PropertyListError(.notOldStyle("an XML property list"), at: position)
            }
            guard bytes[position] == UInt8(ascii: "{") else {
                throw PropertyListError(.rootNotDictionary, at: position)
            }
            try value(depth: 0)
            try skipTrivia()
            guard position == bytes.count else {
                throw PropertyListError(.trailingText, at: position)
            }
        }

        /// Appends a node of `kind` from `start` to `end`, with no children yet.
        mutating func append(_ kind: PropertyList.Kind, from start: Int, to end: Int) -> Int {
            nodes.append(PropertyList.Node(kind: kind, start: Int32(start), end: Int32(end), next: Int32(nodeCount + 1)))
            return nodes.count - 1
        }

        mutating func value(depth: Int) throws(PropertyListError) {
            let start = position
            guard position < bytes.count else { throw PropertyListError(.endOfFile(expecting: "a value"), at: position) }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                guard depth < PropertyListParser.maximumDepth else { throw PropertyListError(.tooDeep, at: start) }
                let node = append(.dictionary, from: start, to: start)
                try dictionary(depth: depth + 1)
                nodes[node].next = Int32(nodeCount)
            case UInt8(ascii: "("):
                guard depth < PropertyListParser.maximumDepth else { throw PropertyListError(.tooDeep, at: start) }
                let node = append(.array, from: start, to: start)
                try array(depth: depth + 1)
                nodes[node].next = Int32(nodeCount)
            case UInt8(ascii: "<"):
                try data()
                _ = append(.data, from: start, to: position - 1)
            default:
                try string(expecting: "a value")
            }
        }

        /// `{ key = value; … }`, the cursor on the `{`.
        mutating func dictionary(depth: Int) throws(PropertyListError) {
            let open = position
            position += 1
            while true {
                try skipTrivia()
                if depth == SpeculativeParts.depth, takeParts() == .closed { return }
                guard position < bytes.count else { throw PropertyListError(.unclosed("dictionary"), at: open) }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return
                }
                try entry(depth: depth, open: open)
            }
        }

        /// One `key = value;` of a dictionary whose `{` is at `open`.
        mutating func entry(depth: Int, open: Int) throws(PropertyListError) {
            try string(expecting: "a key or '}'")
            try expect("=", after: { "the key '\($0)'" }, open: open, container: "dictionary")
            let key = nodes.count - 1
            try skipTrivia()
            try value(depth: depth)
            try expect(";", after: { "the value of '\($0)'" }, key: key, open: open, container: "dictionary")
        }

        /// `( value, value, … )` with an optional comma after the last, the cursor on the `(`.
        mutating func array(depth: Int) throws(PropertyListError) {
            let open = position
            position += 1
            while true {
                try skipTrivia()
                guard position < bytes.count else { throw PropertyListError(.unclosed("array"), at: open) }
                if bytes[position] == UInt8(ascii: ")") {
                    position += 1
                    return
                }
                try value(depth: depth)
                try skipTrivia()
                guard position < bytes.count else { throw PropertyListError(.unclosed("array"), at: open) }
                switch bytes[position] {
                case UInt8(ascii: ","):
                    position += 1
                case UInt8(ascii: ")"):
                    continue
                default:
                    throw PropertyListError(.expected("',' or ')' after an array item", found: found()), at: position)
                }
            }
        }

        /// Skips trivia, then requires `character`; `after` says what it follows, given the text
        /// of the key node (the last node, unless `key` names it).
        mutating func expect(
            _ character: Unicode.Scalar, after: (String) -> String, key: Int? = nil, open: Int, container: String
        ) throws(PropertyListError) {
            try skipTrivia()
            guard position < bytes.count else { throw PropertyListError(.unclosed(container), at: open) }
            guard bytes[position] == UInt8(ascii: character) else {
                let keyText = keyText(key ?? nodes.count - 1)
                throw PropertyListError(.expected("'\(character)' after \(after(keyText))", found: found()), at: position)
            }
            position += 1
        }

        /// The text of the string node `index`, for a message.
        func keyText(_ index: Int) -> String {
            nodes[index].text(in: bytes) ?? ""
        }

        /// A quoted or unquoted string.
        mutating func string(expecting what: String) throws(PropertyListError) {
            guard position < bytes.count else { throw PropertyListError(.endOfFile(expecting: what), at: position) }
            let first = bytes[position]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") { return try quoted() }
            let start = position
            while position < bytes.count && PropertyListParser.isUnquoted(bytes[position]) { position += 1 }
            guard position > start else { throw PropertyListError(.expected(what, found: found()), at: position) }
            _ = append(.unquoted, from: start, to: position)
        }

        /// A string in double (or single) quotes; a backslash escapes the byte after it.
        mutating func quoted() throws(PropertyListError) {
            let open = position
            let quote = bytes[position]
            position += 1
            var escaped = false
            while position < bytes.count {
                let byte = bytes[position]
                if byte == quote {
                    _ = append(escaped ? .escaped : .quoted, from: open, to: position)
                    position += 1
                    return
                }
                if byte == 0 { throw PropertyListError(.nulByte, at: position) }
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    position += 1
                    guard position < bytes.count else { throw PropertyListError(.unclosed("string"), at: open) }
                    if bytes[position] == 0 { throw PropertyListError(.nulByte, at: position) }
                }
                position += 1
            }
            throw PropertyListError(.unclosed("string"), at: open)
        }

        /// `<0fbd 7a>`, the cursor on the `<`: checked, not decoded; the cursor ends after the `>`.
        mutating func data() throws(PropertyListError) {
            let open = position
            position += 1
            var digits = 0
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: ">") {
                    guard digits % 2 == 0 else { throw PropertyListError(.oddHexDigits, at: open) }
                    position += 1
                    return
                }
                if PropertyListParser.hexValue(byte) != nil {
                    digits += 1
                } else if !Self.isSpace(byte) {
                    throw PropertyListError(.expected("a hexadecimal digit or '>' in data", found: found()), at: position)
                }
                position += 1
            }
            throw PropertyListError(.unclosed("data"), at: open)
        }

        /// Skips white space and comments; a NUL byte outside a string is an error here.
        mutating func skipTrivia() throws(PropertyListError) {
            while position < bytes.count {
                let byte = bytes[position]
                if Self.isSpace(byte) {
                    position += 1
                } else if byte == UInt8(ascii: "/") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "*") {
                    let open = position
                    position += 2
                    while position + 1 < bytes.count && !(bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/")) {
                        position += 1
                    }
                    guard position + 1 < bytes.count else { throw PropertyListError(.unclosed("comment"), at: open) }
                    position += 2
                } else if byte == UInt8(ascii: "/") && position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/") {
                    while position < bytes.count && bytes[position] != 0x0A && bytes[position] != 0x0D { position += 1 }
                } else if byte == 0 {
                    throw PropertyListError(.nulByte, at: position)
                } else {
                    return
                }
            }
        }

        func startsWith(_ prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            return prefix.withUTF8Buffer { expected in
                (0..<count).allSatisfy { bytes[position + $0] == expected[$0] }
            }
        }

        /// What stands at the cursor, for messages.
        func found() -> String {
            guard position < bytes.count else { return "the end of the file" }
            let byte = bytes[position]
            if byte == 0 { return "a NUL byte" }
            if byte < 0x20 || byte >= 0x7F { return "the byte 0x" + String(byte, radix: 16, uppercase: true) }
            return "'\(Character(Unicode.Scalar(byte)))'"
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0B || byte == 0x0C
        }
    }

    /// The characters an unquoted string may hold: letters, digits and `_$+/:.-`; a bit per
    /// ASCII byte in two words (`PropertyListParserTests` checks them against that list).
    /// Strings are most of a project file: a table behind a lazily made global cost a check
    /// of its initialization on every byte.
    @inline(__always)
    static func isUnquoted(_ byte: UInt8) -> Bool {
        if byte < 64 { return (0x07FF_E810_0000_0000 as UInt64) >> byte & 1 == 1 }
        if byte < 128 { return (0x07FF_FFFE_87FF_FFFE as UInt64) >> (byte - 64) & 1 == 1 }
        return false
    }

    // MARK: Decoding what the parser checked

    /// The text between a string's quotes, `from` after the opening one and `to` on the closing
    /// one, its escapes decoded: `\n`, `\t`, `\"`, `\\`, `\Uxxxx`, `\ooo`, and the character itself
    /// for any other. Only the bytes between escapes are copied.
    static func decodeEscaped<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, from: Int, to: Int) -> String
    where Bytes.Index == Int {
        var decoded: [UInt8] = []
        var position = from
        var runStart = from
        while position < to {
            guard bytes[position] == UInt8(ascii: "\\") else {
                position += 1
                continue
            }
            decoded.append(contentsOf: bytes[runStart..<position])
            position += 1
            guard position < to else { break }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "a"): decoded.append(0x07)
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "v"): decoded.append(0x0B)
            case UInt8(ascii: "U"), UInt8(ascii: "u"):
                var scalar: UInt32 = 0
                var digits = 0
                while digits < 4, position < to, let digit = hexValue(bytes[position]) {
                    scalar = scalar * 16 + UInt32(digit)
                    position += 1
                    digits += 1
                }
                append(scalar, to: &decoded)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var code = UInt32(byte - UInt8(ascii: "0"))
                var digits = 1
                while digits < 3, position < to, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[position]) {
                    code = code * 8 + UInt32(bytes[position] - UInt8(ascii: "0"))
                    position += 1
                    digits += 1
                }
                append(code, to: &decoded)
            default:
                decoded.append(byte)
            }
            runStart = position
        }
        decoded.append(contentsOf: bytes[runStart..<to])
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The UTF-8 bytes of the scalar `value`, or of U+FFFD where it names none (a surrogate).
    static func append(_ value: UInt32, to decoded: inout [UInt8]) {
        decoded.append(contentsOf: String(Unicode.Scalar(value) ?? "\u{FFFD}").utf8)
    }

    /// The bytes of a data value's hexadecimal digits, `from` after its `<` and `to` on its `>`.
    static func decodeData(_ bytes: [UInt8], from: Int, to: Int) -> [UInt8] {
        var result: [UInt8] = []
        var high: UInt8?
        for byte in bytes[from..<to] {
            guard let digit = hexValue(byte) else { continue }
            if let first = high {
                result.append(first << 4 | digit)
                high = nil
            } else {
                high = digit
            }
        }
        return result
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// A problem in a property list's text, at the byte offset where it was found.
public struct PropertyListError: Error, Sendable, Equatable {
    public enum Problem: Sendable, Equatable {
        case empty
        case notOldStyle(String)
        case rootNotDictionary
        case trailingText
        case endOfFile(expecting: String)
        case unclosed(String)
        case expected(String, found: String)
        case nulByte
        case tooDeep
        case oddHexDigits
        case tooLarge
    }

    public var problem: Problem
    public var offset: Int

    public init(_ problem: Problem, at offset: Int) {
        self.problem = problem
        self.offset = offset
    }

    /// The message, without the location.
    public var message: String {
        switch problem {
        case .empty: "the file is empty"
        case .notOldStyle(let kind): "this is \(kind), not the text form Xcode writes project files in"
        case .rootNotDictionary: "a project file starts with '{'"
        case .trailingText: "there is text after the project's closing '}'"
        case .endOfFile(let what): "the file ends where \(what) should be"
        case .unclosed(let what): "this \(what) is never closed: the file ends inside it"
        case .expected(let what, let found): "expected \(what), found \(found)"
        case .nulByte: "the file holds a NUL byte"
        case .tooDeep: "values nest more than \(PropertyListParser.maximumDepth) levels deep here"
        case .oddHexDigits: "this data has an odd number of hexadecimal digits"
        case .tooLarge: "the file is too large to be a property list Strata reads"
        }
    }

    /// What to do about it.
    public var hint: String {
        switch problem {
        case .notOldStyle:
            "open the project in Xcode and save it: Xcode writes project files in their text form"
        case .nulByte, .empty, .rootNotDictionary, .tooDeep, .tooLarge:
            "this is not a project file Xcode wrote; restore it from version control"
        default:
            "the file is damaged (an unfinished merge or a cut-off copy?); restore it from version control or fix it by hand at this line"
        }
    }
}
