/// A text table with a header row, drawn with box-drawing characters.
public struct Table: Sendable {
    public enum Alignment: Sendable { case left, right }

    public var columns: [String]
    public var rows: [[String]]
    public var alignments: [Alignment]

    public init(columns: [String], rows: [[String]], alignments: [Alignment] = []) {
        self.columns = columns
        self.rows = rows
        self.alignments = alignments
    }

    /// The table as lines of equal display width; short rows are padded, long rows cut.
    public func render() -> String {
        let rows = rows.map { row in (0..<columns.count).map { $0 < row.count ? row[$0] : "" } }
        let widths = columns.indices.map { column in
            ([columns[column]] + rows.map { $0[column] }).map(Text.width).max() ?? 0
        }
        func line(_ left: String, _ middle: String, _ right: String) -> String {
            left + widths.map { String(repeating: "─", count: $0 + 2) }.joined(separator: middle) + right
        }
        func cells(_ values: [String]) -> String {
            let padded = values.indices.map { column -> String in
                let alignment = column < alignments.count ? alignments[column] : .left
                return " " + Text.pad(values[column], to: widths[column], alignment: alignment) + " "
            }
            return "│" + padded.joined(separator: "│") + "│"
        }
        var lines = [line("┌", "┬", "┐"), cells(columns), line("├", "┼", "┤")]
        lines += rows.map(cells)
        lines.append(line("└", "┴", "┘"))
        return lines.joined(separator: "\n")
    }
}

/// Width and padding of text as a terminal shows it (one column per character).
enum Text {
    static func width(_ text: String) -> Int { text.count }

    static func pad(_ text: String, to width: Int, alignment: Table.Alignment) -> String {
        let padding = String(repeating: " ", count: max(0, width - self.width(text)))
        return alignment == .left ? text + padding : padding + text
    }
}
