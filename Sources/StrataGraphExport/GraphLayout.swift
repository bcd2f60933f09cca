import StrataWorkspace

/// Positions for an HTML/SVG drawing: bands top to bottom, targets in rows inside each band,
/// ordered so that edges cross less (each target placed near the targets above that use it).
struct GraphLayout {
    struct Box {
        var x: Double
        var y: Double
    }
    struct Band {
        var band: Int
        var y: Double
        var height: Double
    }

    static let nodeHeight = 30.0
    static let rowGap = 48.0
    static let bandPadding = 28.0
    static let columnGap = 18.0

    var positions: [TargetID: Box] = [:]
    var bands: [Band] = []
    var nodeWidth: Double
    var width: Double
    var height: Double

    init(_ view: GraphView) {
        let workspace = view.workspace
        let longest = view.targets.map { workspace.targets[$0].name.count }.max() ?? 8
        nodeWidth = Double(max(longest, 8)) * 7.2 + 24
        let columns = max(6, Int((Double(view.targets.count).squareRoot() * 1.15).rounded(.up)))
        let roleOrder: [TargetRole: Int] = [.app: 0, .implementation: 1, .interface: 2, .mocks: 3, .tests: 4, .external: 5]

        // Who uses each target, to place it under its users.
        var users = [TargetID: [TargetID]]()
        for edge in view.edges { users[edge.to, default: []].append(edge.from) }

        var placed: [TargetID: Box] = [:]
        var drawnBands: [Band] = []
        var y = 0.0
        var widest = 0.0
        for band in view.bands {
            var order = band.targets.sorted { a, b in
                let (ta, tb) = (workspace.targets[a], workspace.targets[b])
                if ta.module != tb.module {
                    return (view.workspace.moduleOfTarget[a]?.index ?? Int.max, a) < (view.workspace.moduleOfTarget[b]?.index ?? Int.max, b)
                }
                return (roleOrder[ta.role] ?? 9, a) < (roleOrder[tb.role] ?? 9, b)
            }
            // Barycentre of the users already placed; modules stay together (their first target leads).
            let initial = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, Double($0)) })
            func key(_ target: TargetID) -> Double {
                let above = (users[target] ?? []).compactMap { placed[$0]?.x }
                return above.isEmpty ? (initial[target] ?? 0) * 1e-3 : above.reduce(0, +) / Double(above.count)
            }
            var moduleKey: [ModuleID: Double] = [:]
            for target in order {
                guard let module = workspace.moduleOfTarget[target] else { continue }
                moduleKey[module] = min(moduleKey[module] ?? .infinity, key(target))
            }
            order.sort { a, b in
                let ka = workspace.moduleOfTarget[a].flatMap { moduleKey[$0] } ?? key(a)
                let kb = workspace.moduleOfTarget[b].flatMap { moduleKey[$0] } ?? key(b)
                return ka != kb ? ka < kb : initial[a]! < initial[b]!
            }
            let rows = (order.count + columns - 1) / columns
            let top = y
            y += Self.bandPadding
            for (position, target) in order.enumerated() {
                let row = position / columns
                let column = position % columns
                let x = Self.columnGap + Double(column) * (nodeWidth + Self.columnGap)
                placed[target] = Box(x: x, y: y + Double(row) * (Self.nodeHeight + Self.rowGap))
                widest = max(widest, x + nodeWidth + Self.columnGap)
            }
            y += Double(rows) * (Self.nodeHeight + Self.rowGap) - Self.rowGap + Self.bandPadding * 0.6
            drawnBands.append(Band(band: band.band, y: top, height: y - top))
            y += Self.rowGap * 0.5
        }
        positions = placed
        bands = drawnBands
        width = max(widest, 400)
        height = y
    }
}
