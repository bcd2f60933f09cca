/// JSON written exactly as `JSONEncoder` writes it with `.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes`: two-space indents, `"key" : value`, an empty container as an empty
/// line. For `strata graph --format json` at thousands of modules, where JSONEncoder took over a
/// second for 124,148 edges. The caller gives keys in sorted order; tests hold the output to
/// JSONEncoder's, byte for byte.
struct PrettyJSONWriter {
    /// UTF-8, appended to as bytes: appending to a String checks and counts as it goes.
    private var output: [UInt8] = []
    /// For each open container: whether nothing has been written in it yet.
    private var empty: [Bool] = []
    /// A key was written and its value comes next, on the same line.
    private var afterKey = false
    private var indents = [""]

    init(capacity: Int = 0) {
        output.reserveCapacity(capacity)
    }

    /// What was written.
    var text: String { String(decoding: output, as: UTF8.self) }

    mutating func beginObject() { open("{") }
    mutating func endObject() { close("}") }
    mutating func beginArray() { open("[") }
    mutating func endArray() { close("]") }

    /// A key of the object being written; its value follows.
    mutating func key(_ name: String) {
        startValue()
        append(string: name)
        output += " : ".utf8
        afterKey = true
    }

    mutating func string(_ value: String) {
        startValue()
        append(string: value)
    }

    mutating func int(_ value: Int) {
        startValue()
        output += String(value).utf8
    }

    mutating func bool(_ value: Bool) {
        startValue()
        output += (value ? "true" : "false").utf8
    }

    mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// `key` and the string, if there is one (JSONEncoder leaves out nil optionals).
    mutating func field(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    mutating func field(_ name: String, _ value: Int) {
        key(name)
        int(value)
    }

    mutating func field(_ name: String, _ value: Bool) {
        key(name)
        bool(value)
    }

    mutating func field(_ name: String, _ values: [String]) {
        key(name)
        strings(values)
    }

    /// `key` and an object whose fields `body` writes.
    mutating func object(_ name: String, _ body: (inout Self) -> Void) {
        key(name)
        beginObject()
        body(&self)
        endObject()
    }

    /// `key` and an array of one object per item, whose fields `body` writes.
    mutating func objects<Item>(_ name: String, _ items: [Item], _ body: (inout Self, Item) -> Void) {
        key(name)
        beginArray()
        for item in items {
            beginObject()
            body(&self, item)
            endObject()
        }
        endArray()
    }

    private mutating func open(_ bracket: String) {
        startValue()
        output += bracket.utf8
        empty.append(true)
        if indents.count <= empty.count { indents.append(String(repeating: "  ", count: empty.count)) }
    }

    private mutating func close(_ bracket: String) {
        let wasEmpty = empty.removeLast()
        output += (wasEmpty ? "\n\n" : "\n").utf8
        output += indents[empty.count].utf8
        output += bracket.utf8
    }

    /// The comma, line break and indent before a value in a container; nothing after a key.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard let isEmpty = empty.last else { return }
        output += (isEmpty ? "\n" : ",\n").utf8
        output += indents[empty.count].utf8
        empty[empty.count - 1] = false
    }

    /// A quoted string, escaped as JSONEncoder escapes it.
    private mutating func append(string: String) {
        output.append(UInt8(ascii: "\""))
        func isPlain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") }
        let plain = string.utf8.withContiguousStorageIfAvailable { $0.allSatisfy(isPlain) } ?? string.utf8.allSatisfy(isPlain)
        guard !plain else {
            output += string.utf8
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
