/// A titled box around lines of text.
public struct Panel: Sendable {
    public var title: String
    public var lines: [String]

    public init(title: String, lines: [String]) {
        self.title = title
        self.lines = lines
    }

    public func render() -> String {
        let contentWidth = max(Text.width(title) + 2, lines.map(Text.width).max() ?? 0)
        let top = "╭─ " + title + " " + String(repeating: "─", count: contentWidth - Text.width(title) - 1) + "╮"
        let body = lines.map { "│ " + Text.pad($0, to: contentWidth, alignment: .left) + " │" }
        let bottom = "╰" + String(repeating: "─", count: contentWidth + 2) + "╯"
        return ([top] + body + [bottom]).joined(separator: "\n")
    }
}

/// A short status marker for tables and panels.
public enum Badge: Sendable, Equatable {
    case ok, warning, failure

    public var symbol: String {
        switch self {
        case .ok: "✔ OK"
        case .warning: "! WARN"
        case .failure: "✖ NO-GO"
        }
    }
}
