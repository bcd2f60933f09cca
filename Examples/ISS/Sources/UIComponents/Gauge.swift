// Foundation brings the C math library that rounded() calls on Linux; without it an executable
// that links UIComponents and nothing else that imports Foundation fails to link.
import Foundation

/// A horizontal gauge: `Oxygen   [████████··]  82%`.
public struct Gauge: Sendable {
    public var label: String
    public var value: Double
    public var range: ClosedRange<Double>
    public var width: Int
    public var unit: String

    public init(label: String, value: Double, range: ClosedRange<Double> = 0...100, width: Int = 20, unit: String = "%") {
        self.label = label
        self.value = value
        self.range = range
        self.width = max(1, width)
        self.unit = unit
    }

    /// How full the gauge is, from 0 to 1 (values outside the range are clamped).
    public var fraction: Double {
        let span = range.upperBound - range.lowerBound
        guard span > 0, value.isFinite else { return 0 }
        return min(1, max(0, (value - range.lowerBound) / span))
    }

    public func render(labelWidth: Int = 12) -> String {
        let filled = Int((fraction * Double(width)).rounded())
        let bar = String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
        let number = value.isFinite ? String(Int(value.rounded())) : "?"
        return Text.pad(label, to: labelWidth, alignment: .left) + " [" + bar + "] " + Text.pad(number, to: 4, alignment: .right) + unit
    }
}
