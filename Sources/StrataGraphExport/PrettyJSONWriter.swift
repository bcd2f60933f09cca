import StrataFileSystem

/// JSON written exactly as `JSONEncoder` writes it with `.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes`: two-space indents, `"key" : value`, an empty container as an empty
/// line. For `strata graph --format json` at thousands of modules, where JSONEncoder took over a
/// second for 124,148 edges. The caller gives keys in sorted order; tests hold the output to
/// JSONEncoder's, byte for byte.
struct PrettyJSONWriter: Sendable {
    /// UTF-8, appended to as bytes: appending to a String checks and counts as it goes.
    private var output: [UInt8] = []
    /// What was written before `output`: the chunks `objectsInParallel` wrote, kept as they are
    /// rather than copied into `output` (24 MB at 5,000 modules).
    private var finished: [[UInt8]] = []
    /// How many containers are open.
    private var depth = 0
    /// Whether nothing has been written yet in the innermost open container…
    private var isEmpty = false
    /// …and in those around it, outermost first.
    private var outerEmpty: [Bool] = []
    /// A key was written and its value comes next, on the same line.
    private var afterKey = false

    init(capacity: Int = 0) {
        output.reserveCapacity(capacity)
    }

    /// What was written, as UTF-8 in parts to write one after another.
    var parts: [[UInt8]] { finished + [output] }

    /// Appends raw text after everything else (a final newline).
    mutating func raw(_ text: StaticString) { output.append(utf8: text) }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// A key of the object being written; its value follows. Keys are literals, plain text
    /// that needs no escaping, except for a dictionary's keys (`key(text:)`).
    mutating func key(_ name: StaticString) {
        startValue()
        output.append(UInt8(ascii: "\""))
        output.append(utf8: name)
        output.append(utf8: "\" : " as StaticString)
        afterKey = true
    }

    /// A key that is not a literal, escaped as it needs.
    mutating func key(text name: String) {
        startValue()
        append(string: name)
        output.append(utf8: " : " as StaticString)
        afterKey = true
    }

    mutating func string(_ value: String) {
        startValue()
        append(string: value)
    }

    mutating func int(_ value: Int) {
        startValue()
        output.append(utf8: String(value))
    }

    mutating func bool(_ value: Bool) {
        startValue()
        output.append(utf8: value ? "true" as StaticString : "false")
    }

    mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// `key` and the string, if there is one (JSONEncoder leaves out nil optionals).
    mutating func field(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    mutating func field(_ name: StaticString, _ value: Int) {
        key(name)
        int(value)
    }

    mutating func field(_ name: StaticString, _ value: Bool) {
        key(name)
        bool(value)
    }

    mutating func field(_ name: StaticString, _ values: [String]) {
        key(name)
        strings(values)
    }

    /// `key` and an object whose fields `body` writes.
    mutating func object(_ name: StaticString, _ body: (inout Self) -> Void) {
        key(name)
        beginObject()
        body(&self)
        endObject()
    }

    /// `key` and an array of one object per item, whose fields `body` writes.
    mutating func objects<Item>(_ name: StaticString, _ items: [Item], _ body: (inout Self, Item) -> Void) {
        key(name)
        beginArray()
        for item in items {
            beginObject()
            body(&self, item)
            endObject()
        }
        endArray()
    }

    /// `objects`, with the items written on all cores in chunks, each kept as a part of its own
    /// (`parts`, in order): the 124,148 edges of a 5,000-module graph are 20 MB of JSON.
    mutating func objectsInParallel<Item: Sendable>(_ name: StaticString, _ items: [Item], _ body: @Sendable (inout Self, Item) -> Void) {
        let chunkSize = 4_096
        guard items.count > chunkSize else { return objects(name, items, body) }
        key(name)
        beginArray()
        let chunks = ParallelMap.chunks(items, of: chunkSize)
        let depth = depth
        let written = ParallelMap.map(Array(chunks.indices)) { index in
            // A writer inside the array, as this one is after the chunks before, with room for
            // the larger objects (a target is about 210 bytes; pages never written cost nothing).
            var chunk = PrettyJSONWriter(capacity: 256 * chunks[index].count)
            chunk.depth = depth
            chunk.isEmpty = index == 0
            for item in chunks[index] {
                chunk.beginObject()
                body(&chunk, item)
                chunk.endObject()
            }
            return chunk.output
        }
        finished.append(output)
        finished += written
        output = []
        output.reserveCapacity(64 * 1024)
        isEmpty = false
        endArray()
    }

    private mutating func open(_ bracket: UInt8) {
        startValue()
        output.append(bracket)
        if depth > 0 { outerEmpty.append(isEmpty) }
        depth += 1
        isEmpty = true
    }

    private mutating func close(_ bracket: UInt8) {
        if isEmpty { output.append(UInt8(ascii: "\n")) }
        depth -= 1
        lineBreak(comma: false)
        output.append(bracket)
        isEmpty = outerEmpty.popLast() ?? false
    }

    /// The comma, line break and indent before a value in a container; nothing after a key.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard depth > 0 else { return }
        lineBreak(comma: !isEmpty)
        isEmpty = false
    }

    /// A comma, a line break and 64 indents: what goes between values, in one copy.
    private static let separator: StaticString =
        ",\n                                                                                                                                "

    /// A line break indented two spaces per open container, after a comma if asked: one copy
    /// from `separator` (most of what a pretty-printed document is made of), in runs if deeper.
    private mutating func lineBreak(comma: Bool) {
        let start = Self.separator.utf8Start + (comma ? 0 : 1)
        let room = Self.separator.utf8CodeUnitCount - 2
        var indent = 2 * depth
        let first = min(indent, room)
        output.append(contentsOf: UnsafeBufferPointer(start: start, count: (comma ? 2 : 1) + first))
        indent -= first
        while indent > 0 {
            let run = min(indent, room)
            output.append(contentsOf: UnsafeBufferPointer(start: Self.separator.utf8Start + 2, count: run))
            indent -= run
        }
    }

    /// A quoted string, escaped as JSONEncoder escapes it.
    private mutating func append(string: String) {
        output.append(UInt8(ascii: "\""))
        func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") }
        // Most strings need no escaping: checked and copied in one pass over their bytes.
        let copied: Bool? = string.utf8.withContiguousStorageIfAvailable { bytes in
            guard bytes.allSatisfy(isPlain) else { return false }
            output.append(contentsOf: bytes)
            return true
        }
        if copied == true || (copied == nil && string.utf8.allSatisfy(isPlain)) {
            if copied == nil { output.append(utf8: string) }
            output.append(UInt8(ascii: "\""))
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\"".utf8
            case "\\": output += "\\\\".utf8
            case "\n": output += "\\n".utf8
            case "\r": output += "\\r".utf8
            case "\t": output += "\\t".utf8
            case "\u{8}": output += "\\b".utf8
            case "\u{C}": output += "\\f".utf8
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default: output += String(scalar).utf8
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
