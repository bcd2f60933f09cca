/// The top-level modules a Clang module map declares: `module CZlib [system] { … }`,
/// `framework module GoLibs { … }`, `explicit module …`. Submodules (inside braces) and
/// `extern module` references are not modules the map provides by itself.
package enum ModuleMap {
    package static func topLevelModules(in bytes: [UInt8]) -> [String] {
        var modules: [String] = []
        var words: [String] = []  // the words of the declaration being read at depth 0
        var depth = 0
        var index = 0
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) { index += 1 }
                index += 2
            } else if byte == UInt8(ascii: "\"") {
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
                words.append("\"")
            } else if byte == UInt8(ascii: "{") {
                if depth == 0 { declare() }
                depth += 1
                index += 1
            } else if byte == UInt8(ascii: "}") {
                depth = max(0, depth - 1)
                index += 1
            } else if isWordByte(byte) {
                let start = index
                while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                if depth == 0 { words.append(String(decoding: bytes[start..<index], as: UTF8.self)) }
            } else {
                if depth == 0, byte == UInt8(ascii: "[") {
                    // `[system]`, `[extern_c]`: attributes, skipped.
                    while index < bytes.count, bytes[index] != UInt8(ascii: "]") { index += 1 }
                }
                index += 1
            }
        }
        return modules

        func declare() {
            defer { words = [] }
            // The last `module` keyword: an `extern module A "a.modulemap"` before it has no braces.
            guard let keyword = words.lastIndex(of: "module"), keyword + 1 < words.count,
                keyword == 0 || words[keyword - 1] != "extern"
            else { return }
            let name = words[keyword + 1]
            if name != "\"" && !modules.contains(name) { modules.append(name) }
        }
    }
}
