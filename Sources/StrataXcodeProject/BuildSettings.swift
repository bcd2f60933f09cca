import StrataManifest

/// A target's build settings in one configuration, resolved as Xcode resolves them: levels from
/// lowest to highest — the values Xcode gives itself, the project's `.xcconfig`, the project's
/// settings, the target's `.xcconfig`, the target's settings — where a higher level wins and
/// `$(inherited)` stands for the level below. `$(NAME)` and `${NAME}` refer to any setting, with
/// operators after a colon (`$(PRODUCT_NAME:c99extidentifier)`).
///
/// Conditional assignments (`OTHER_LDFLAGS[sdk=iphoneos*]`) are not read: a module's name,
/// linkage and compilation conditions are the same for every SDK in the projects Strata reads.
public struct BuildSettings: Sendable {
    /// Lowest first.
    public var levels: [[String: String]]

    public init(levels: [[String: String]]) {
        self.levels = levels
    }

    /// The value of `name`, every reference in it expanded; nil when no level sets it.
    public subscript(name: String) -> String? {
        guard let (level, written) = Self.highest(name, in: levels, atOrBelow: levels.count - 1) else { return nil }
        // Most values refer to nothing: no expander, and no second look through the levels.
        guard written.utf8.contains(UInt8(ascii: "$")) else { return written }
        var expander = Expander(levels: levels)
        return expander.value(of: name, atOrBelow: level)
    }

    /// The highest level at or below `top` that sets `name`, and what it writes: each level
    /// asked once (a project of 5,000 targets asks some 100,000 times).
    static func highest(_ name: String, in levels: [[String: String]], atOrBelow top: Int) -> (level: Int, written: String)? {
        var level = top
        while level >= 0 {
            // An empty level answers without hashing the name (most of a target's are empty).
            if !levels[level].isEmpty, let written = levels[level][name] { return (level, written) }
            level -= 1
        }
        return nil
    }

    /// A list setting (`SWIFT_ACTIVE_COMPILATION_CONDITIONS`) split into its words.
    public func words(_ name: String) -> [String] {
        (self[name] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    /// Expands references, giving up (with an empty value) past a depth no real project reaches,
    /// so that settings that refer to each other in a circle end instead of looping.
    private struct Expander {
        let levels: [[String: String]]
        var depth = 0

        mutating func value(of name: String, atOrBelow top: Int) -> String {
            guard depth < 32, let (level, written) = BuildSettings.highest(name, in: levels, atOrBelow: top) else { return "" }
            depth += 1
            defer { depth -= 1 }
            return expand(written, name: name, level: level)
        }

        /// `text` with each `$(…)` and `${…}` replaced by its value; `$(inherited)` is `name`'s
        /// value below `level`. Read as UTF-8 bytes: every mark it looks for is ASCII, and a
        /// project of 5,000 targets expands some 20,000 values.
        mutating func expand(_ text: String, name: String, level: Int) -> String {
            // Most values that refer to something are one reference: `$(TARGET_NAME)`.
            if let parts = Self.wholeReference(text) { return resolve(parts, name: name, level: level) }
            let bytes = Array(text.utf8)
            guard bytes.contains(UInt8(ascii: "$")) else { return text }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count)
            var position = 0
            while position < bytes.count {
                guard bytes[position] == UInt8(ascii: "$"), position + 1 < bytes.count, let close = Self.closing(of: bytes[position + 1]),
                    let end = bytes[(position + 2)...].firstIndex(of: close)
                else {
                    result.append(bytes[position])
                    position += 1
                    continue
                }
                let parts = bytes[(position + 2)..<end].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map {
                    String(decoding: $0, as: UTF8.self)
                }
                position = end + 1
                result += resolve(parts, name: name, level: level).utf8
            }
            return String(decoding: result, as: UTF8.self)
        }

        /// The value of one reference, given as the setting it names and its operators:
        /// `inherited` is `name`'s value below `level`.
        mutating func resolve(_ parts: [String], name: String, level: Int) -> String {
            let referenced = parts[0]
            let value: String
            if referenced == "inherited" {
                value = level > 0 ? self.value(of: name, atOrBelow: level - 1) : ""
            } else {
                value = self.value(of: referenced, atOrBelow: levels.count - 1)
            }
            return parts.dropFirst().reduce(value) { Self.apply($1, to: $0) }
        }

        /// The setting and operators of a value that is one reference and nothing else
        /// (`$(PRODUCT_NAME:c99extidentifier)`); nil for any other value.
        static func wholeReference(_ text: String) -> [String]? {
            let utf8 = text.utf8
            guard utf8.count > 3, utf8.first == UInt8(ascii: "$"), let close = closing(of: utf8[utf8.index(after: utf8.startIndex)]),
                let end = utf8.dropFirst(2).firstIndex(of: close), utf8.index(after: end) == utf8.endIndex
            else { return nil }
            let inside = utf8[utf8.index(utf8.startIndex, offsetBy: 2)..<end]
            guard !inside.contains(UInt8(ascii: "$")) else { return nil }
            return inside.split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        }

        private static func closing(of byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "("): UInt8(ascii: ")")
            case UInt8(ascii: "{"): UInt8(ascii: "}")
            default: nil
            }
        }

        /// One operator of a reference: `c99extidentifier`, `rfc1034identifier`, `lower`,
        /// `upper`, `base`, `file`, `dir`, `suffix`, `default=value`; any other leaves the value.
        static func apply(_ operation: String, to value: String) -> String {
            if operation.hasPrefix("default=") { return value.isEmpty ? String(operation.dropFirst("default=".count)) : value }
            switch operation {
            case "c99extidentifier", "identifier": return c99Identifier(value)
            case "rfc1034identifier": return String(value.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") ? $0 : "-" })
            case "lower": return value.lowercased()
            case "upper": return value.uppercased()
            case "file": return value.split(separator: "/").last.map(String.init) ?? value
            case "dir": return value.contains("/") ? String(value[..<value.lastIndex(of: "/")!]) + "/" : ""
            case "base":
                let file = apply("file", to: value)
                return file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
            case "suffix":
                let file = apply("file", to: value)
                return file.lastIndex(of: ".").map { String(file[$0...]) } ?? ""
            default: return value
            }
        }
    }

    /// `name` as a C99 extended identifier, as Xcode makes a module name of a product name:
    /// every character that cannot be in one becomes `_`, a leading digit too (`1Feed` is `_Feed`).
    public static func c99Identifier(_ name: String) -> String {
        let mangled = SwiftIdentifier.moduleName(ofTarget: name)
        guard let first = mangled.first, first.isNumber else { return mangled }
        return "_" + mangled.dropFirst()
    }
}
