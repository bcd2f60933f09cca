import Foundation

/// What a changed toolchain or dependency pin file pins, so that a change to it affects
/// everything only when it changes what every target builds with.
///
/// - `Package.resolved` and SwiftPM's configuration (`.swiftpm/configuration/…`) pin the
///   resolved packages: any change counts.
/// - `.swift-version` and `.xcode-version` hold nothing but the toolchain: any change counts.
/// - `.tool-versions` (asdf, mise) and `mise.toml` / `.mise.toml` pin many tools: only the lines
///   that pin Swift count (`swift 6.0.3`; `swift = "6.0"` or `"asdf:swift" = …` under `[tools]`,
///   or a `[tools.swift]` table), so a commit that moves `tuist` or `swiftlint` affects nothing.
enum ToolchainPin {
    /// One line of a pin file that pins Swift (1-based line number, the line's text).
    struct Line: Equatable {
        var number: Int
        var text: String
    }

    /// What kind of pin the file at `path` (relative to the workspace root) is, or nil if none.
    enum Kind {
        /// Pins the resolved packages.
        case packages
        /// The whole file is the toolchain's version.
        case toolchain
        /// asdf's `.tool-versions`: `tool version…` per line.
        case toolVersions
        /// mise's TOML configuration.
        case mise

        init?(path: String) {
            switch String(ChangeClassifier.fileName(path)) {
            case "Package.resolved": self = .packages
            case ".swift-version", ".xcode-version": self = .toolchain
            case ".tool-versions": self = .toolVersions
            case "mise.toml", ".mise.toml": self = .mise
            default:
                guard path.hasPrefix(".swiftpm/configuration/") || path.contains("/.swiftpm/configuration/") else { return nil }
                self = .packages
            }
        }
    }

    /// Why a change of the pin file at `path` affects everything, or nil when it changes no
    /// Swift pin. `base` and `head` are the file's contents at each revision (nil where absent).
    static func reason(path: String, base: [UInt8]?, head: [UInt8]?) -> String? {
        guard let kind = Kind(path: path) else { return nil }
        switch kind {
        case .packages:
            return "\(path) pins the resolved packages, which every target builds with"
        case .toolchain:
            return "\(path) pins the toolchain, which every target builds with"
        case .toolVersions, .mise:
            let before = swiftLines(kind, base), after = swiftLines(kind, head)
            guard before.map(\.text) != after.map(\.text) else { return nil }
            if let line = after.first(where: { !before.map(\.text).contains($0.text) }) ?? after.first {
                return "\(path):\(line.number) pins Swift (`\(line.text)`), which every target builds with"
            }
            let removed = before.first!
            return "\(path) no longer pins Swift (`\(removed.text)` was line \(removed.number)), which every target builds with"
        }
    }

    /// The lines of the file that pin Swift.
    static func swiftLines(_ kind: Kind, _ contents: [UInt8]?) -> [Line] {
        guard let contents else { return [] }
        let lines = String(decoding: contents, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var found: [Line] = []
        var table = ""
        for (offset, raw) in lines.enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty else { continue }
            switch kind {
            case .toolVersions:
                if text.split(separator: " ", omittingEmptySubsequences: true).first.map(isSwift) == true {
                    found.append(Line(number: offset + 1, text: text))
                }
            case .mise:
                if text.hasPrefix("[") {
                    table = text.trimmingCharacters(in: CharacterSet(charactersIn: "[] "))
                    if isSwiftTable(table) { found.append(Line(number: offset + 1, text: text)) }
                    continue
                }
                guard let equals = text.firstIndex(of: "=") else { continue }
                let key = unquoted(String(text[..<equals]).trimmingCharacters(in: .whitespacesAndNewlines))
                if isSwiftTable(table) || (table == "tools" && isSwift(Substring(key))) {
                    found.append(Line(number: offset + 1, text: text))
                }
            case .packages, .toolchain:
                found.append(Line(number: offset + 1, text: text))
            }
        }
        return found
    }

    /// `swift`, or a backend's Swift (`asdf:swift`, `vfox:swift`); not `swiftlint` or `swiftformat`.
    static func isSwift(_ tool: Substring) -> Bool {
        tool == "swift" || tool.hasSuffix(":swift")
    }

    /// `[tools.swift]` or `[tools."asdf:swift"]`: a table of Swift's own settings.
    static func isSwiftTable(_ table: String) -> Bool {
        guard table.hasPrefix("tools.") else { return false }
        return isSwift(Substring(unquoted(String(table.dropFirst("tools.".count)))))
    }

    static func unquoted(_ text: String) -> String {
        text.count >= 2 && (text.hasPrefix("\"") && text.hasSuffix("\"") || text.hasPrefix("'") && text.hasSuffix("'"))
            ? String(text.dropFirst().dropLast()) : text
    }
}
