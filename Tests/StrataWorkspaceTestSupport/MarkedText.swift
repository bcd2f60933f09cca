/// Text with position markers (`1️⃣`, `2️⃣`, …) so a test shows where it expects a diagnostic,
/// as swift-format's tests do. The markers are removed; their 1-based line and column
/// (in Unicode scalars, as libyaml counts) are kept.
public struct MarkedText: Sendable {
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    public let text: String
    public let positions: [String: (line: Int, column: Int)]

    public init(_ marked: String) {
        var text = ""
        var positions: [String: (line: Int, column: Int)] = [:]
        var line = 1
        var column = 1
        var rest = Substring(marked)
        outer: while let character = rest.first {
            for marker in Self.markers where rest.hasPrefix(marker) {
                positions[marker] = (line, column)
                rest = rest.dropFirst(marker.count)
                continue outer
            }
            text.append(character)
            rest = rest.dropFirst()
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        self.text = text
        self.positions = positions
    }

    /// The position of `marker`; fails loudly if the test text does not contain it.
    public func position(_ marker: String) -> (line: Int, column: Int) {
        guard let position = positions[marker] else { preconditionFailure("marker \(marker) is not in the text") }
        return position
    }
}
