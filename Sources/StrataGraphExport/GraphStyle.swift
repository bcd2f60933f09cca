import StrataWorkspace

/// How targets look in every format: one colour per band, a line style per role.
enum GraphStyle {
    /// Fill colours for the bands (apps, then layers top to bottom), pale enough for black text.
    static let palette = ["#fde2e4", "#e2ece9", "#dfe7fd", "#fff1c1", "#e8dff5", "#d7f2f7", "#fce1c8", "#e9f5db", "#f0efeb"]
    static let externalColor = "#eeeeee"
    static let violationColor = "#d62728"

    static func color(ofBand band: Int, in view: GraphView) -> String {
        band == view.workspace.layers.count + 2 ? externalColor : palette[band % palette.count]
    }
}

extension TargetRole {
    /// How the role is drawn, in words for legends.
    var legend: String {
        switch self {
        case .implementation: "module (implementation)"
        case .interface: "interface target (dashed)"
        case .mocks: "mocks target (dotted, grey)"
        case .tests: "tests (white)"
        case .app: "app (bold)"
        case .external: "external product, system library, binary target or plugin"
        }
    }
}
