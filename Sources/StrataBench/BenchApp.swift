/// One app of the benchmark, planned: its layers, its modules and the units of code in them.
///
/// Every app of a matrix holds the same code — the same units, each referring to the same
/// others — and the shapes differ only in where the units lie: in the app's own target (the
/// monolith) or spread over the modules of each layer. The units are apportioned to the layers
/// by the four layers' shares (three-layer's feature layer takes domain's and service's), and a
/// unit refers to two units at about the same position in the next layer down and one in the
/// bottom layer, so a module depends on one to three neighbours below it, as in real apps, and
/// a module's dependencies follow from what its code refers to.
public struct BenchApp: Sendable {
    public struct Layer: Sendable, Hashable {
        public var name: String
        public var description: String
        /// Whether the layer's modules may use each other (strata.yml's `same-layer: allowed`).
        public var allowsSameLayer = false
    }

    public struct Module: Sendable, Hashable {
        public var name: String
        /// Index into `layers`.
        public var layer: Int
        /// Indices into `modules`, in order.
        public var dependencies: [Int]
        /// For an interface module (interface-separated), the implementation module it serves.
        public var interfaceOf: Int?
    }

    /// An enum with generic cases, a protocol with an associated type and `members` members,
    /// and the protocol's implementation, which uses the units in `references`.
    public struct Unit: Sendable, Hashable {
        /// 1-based, as in the type names (`Provider0042`).
        public var number: Int
        /// Index of the layer of the four-layer plan the unit belongs to (0 = domain … 3 = shared).
        public var tier: Int
        /// Indices into `units`, all in lower tiers.
        public var references: [Int]
        /// The module holding the implementation (nil in the monolith).
        public var module: Int?
        /// The module holding the enum and the protocol, where it is not `module` (interface-separated).
        public var interfaceModule: Int?
    }

    public var cell: BenchMatrix.Cell
    public var layers: [Layer]
    public var modules: [Module]
    /// In tier order, top first.
    public var units: [Unit]
    public var members: Int

    /// The app's executable target and product.
    public static let appName = "BenchApp"

    /// The four-layer plan's tiers: names, module name prefixes and shares of modules and code.
    static let tiers: [(layer: String, prefix: String, share: Double, description: String)] = [
        ("domain", "Domain", 0.4, "user-facing flows"),
        ("service", "Service", 0.3, "business logic the flows use"),
        ("core", "Core", 0.2, "infrastructure: networking, storage"),
        ("shared", "Shared", 0.1, "utilities every layer uses"),
    ]

    /// The app of `cell`, with `tierUnits` units in each tier of the four-layer plan (the same
    /// for every app of a matrix: `BenchMatrix.tierUnits`).
    public init(cell: BenchMatrix.Cell, tierUnits: [Int], members: Int) {
        precondition(tierUnits.count == Self.tiers.count && tierUnits.allSatisfy { $0 >= 1 })
        self.cell = cell
        self.members = members
        // Units, top tier first; the first unit of each tier.
        var firsts: [Int] = []
        var units: [Unit] = []
        for (tier, count) in tierUnits.enumerated() {
            firsts.append(units.count)
            for _ in 0..<count { units.append(Unit(number: units.count + 1, tier: tier, references: [], module: nil, interfaceModule: nil)) }
        }
        for index in units.indices where units[index].tier < Self.tiers.count - 1 {
            let tier = units[index].tier
            let position = Double(index - firsts[tier]) / Double(tierUnits[tier])
            var references: [Int] = []
            let below = tier + 1
            let near = firsts[below] + Int(position * Double(tierUnits[below]))
            references.append(near)
            references.append(firsts[below] + (near - firsts[below] + 1) % tierUnits[below])
            let bottom = Self.tiers.count - 1
            if below != bottom { references.append(firsts[bottom] + Int(position * Double(tierUnits[bottom]))) }
            units[index].references = Array(Set(references)).sorted()
        }
        self.units = units
        layers = []
        modules = []
        guard let moduleCount = cell.modules else {
            layers = [Layer(name: "app", description: "the whole app in one target")]
            return
        }
        placeInModules(moduleCount, tierUnits: tierUnits, firsts: firsts)
    }

    /// Cuts each tier's units into modules and derives the modules' dependencies from what the
    /// units refer to. In the three-layer shape feature modules hold domain and service code
    /// (`featureSlices`) and use each other (the layer allows it).
    private mutating func placeInModules(_ moduleCount: Int, tierUnits: [Int], firsts: [Int]) {
        let tierModules = Self.tierModules(moduleCount)
        precondition(zip(tierModules, tierUnits).allSatisfy { $0 <= $1 }, "a module without code")
        let merged = cell.shape == .threeLayer
        let separated = cell.shape == .interfaceSeparated
        let layerOfTier = declareLayers()
        let interfacesLayer = 3
        let bottomLayer = layers.count - 1
        let width = String(moduleCount).count
        var numberInLayer = [Int](repeating: 0, count: layers.count)
        // The tiers each layer's modules share: three-layer's feature modules hold domain and service code.
        let groups: [[Int]] = merged ? [[0, 1], [2], [3]] : Self.tiers.indices.map { [$0] }
        for group in groups {
            let layer = layerOfTier[group[0]]
            let moduleCountOfGroup = group.map { tierModules[$0] }.reduce(0, +)
            // The group's units by their position within their tier, so that a slice holds the
            // same stretch of each tier; a unit that others of the group use comes just before
            // the first of them, so that feature modules use only those before them (no cycles).
            var position = [Int: Double]()
            for tier in group {
                for index in firsts[tier]..<firsts[tier] + tierUnits[tier] {
                    position[index] = Double(index - firsts[tier]) / Double(tierUnits[tier])
                }
            }
            for tier in group {  // top down: a unit moves before the first of its users, wherever they moved
                for index in firsts[tier]..<firsts[tier] + tierUnits[tier] {
                    for reference in units[index].references where position[reference] != nil {
                        position[reference] = min(position[reference]!, position[index]! - 1e-9)
                    }
                }
            }
            let ordered = position.keys.sorted { (position[$0]!, $0) < (position[$1]!, $1) }
            // This module's slice of the group's units, evenly by position; or, for feature
            // modules, flows with their own logic and the logic flows share.
            let slices =
                (group.count > 1 ? featureSlices(tierModules: tierModules, tierUnits: tierUnits, firsts: firsts) : nil)
                ?? (0..<moduleCountOfGroup).map { slot in
                    Array(ordered[slot * ordered.count / moduleCountOfGroup..<(slot + 1) * ordered.count / moduleCountOfGroup])
                }
            for slot in 0..<moduleCountOfGroup {
                numberInLayer[layer] += 1
                let prefix = group.count > 1 ? "Feature" : Self.tiers[group[0]].prefix
                let name = prefix + String(repeating: "0", count: max(0, width - String(numberInLayer[layer]).count)) + String(numberInLayer[layer])
                let implementation = modules.count
                modules.append(Module(name: name, layer: layer, dependencies: [], interfaceOf: nil))
                var interface: Int?
                if separated && layer != bottomLayer {
                    interface = modules.count
                    modules.append(Module(name: name + "Interface", layer: interfacesLayer, dependencies: [], interfaceOf: implementation))
                }
                for index in slices[slot] {
                    units[index].module = implementation
                    units[index].interfaceModule = interface
                }
            }
        }
        deriveDependencies()
    }

    /// The layers: the tiers, domain and service merged into feature for three-layer; interface
    /// modules in a layer of their own above shared. Returns each tier's layer.
    private mutating func declareLayers() -> [Int] {
        if cell.shape == .threeLayer {
            layers = [
                Layer(
                    name: "feature", description: "user-facing flows and the business logic they use, which the layer's modules share",
                    allowsSameLayer: true),
                Layer(name: "core", description: Self.tiers[2].description), Layer(name: "shared", description: Self.tiers[3].description),
            ]
            return [0, 0, 1, 2]
        }
        layers = Self.tiers.map { Layer(name: $0.layer, description: $0.description) }
        guard cell.shape == .interfaceSeparated else { return [0, 1, 2, 3] }
        layers.insert(Layer(name: "interfaces", description: "the protocols and enums of the modules above, which their users depend on"), at: 3)
        return [0, 1, 2, 4]
    }

    /// Each implementation module depends on what its units refer to (through their interface
    /// modules, where there are some) and on its own interface.
    private mutating func deriveDependencies() {
        for index in modules.indices where modules[index].interfaceOf == nil {
            var dependencies = Set<Int>()
            for unit in units where unit.module == index {
                if let own = unit.interfaceModule { dependencies.insert(own) }
                for reference in unit.references { dependencies.insert(units[reference].interfaceModule ?? units[reference].module!) }
            }
            dependencies.remove(index)
            modules[index].dependencies = dependencies.sorted()
        }
    }

    /// The three-layer shape's feature modules: as many flow modules as the four-layer plan has
    /// domain modules, each holding a band of the domain tier's units and the service units only
    /// that band uses, and as many logic modules as it has service modules, holding the service
    /// units several bands use. Flow modules use logic modules, never each other, so the layer
    /// is two modules deep. (Bands that each used their neighbour's logic formed a chain as deep
    /// as the layer is wide — 21 modules at 30 — which SwiftPM 6.3 took over 14 minutes to plan
    /// as dynamic libraries, and which no team would build.) Nil where too few units are shared
    /// to fill the logic modules (a handful of units per layer): the caller then slices by position.
    private func featureSlices(tierModules: [Int], tierUnits: [Int], firsts: [Int]) -> [[Int]]? {
        let flows = tierModules[0]
        let logic = tierModules[1]
        let domain = firsts[0]..<firsts[0] + tierUnits[0]
        let band = { (unit: Int) in (unit - domain.lowerBound) * flows / domain.count }
        var users: [Int: Set<Int>] = [:]
        for unit in domain {
            for reference in units[unit].references where units[reference].tier == 1 { users[reference, default: []].insert(band(unit)) }
        }
        let service = Array(firsts[1]..<firsts[1] + tierUnits[1])
        let shared = service.filter { users[$0, default: []].count != 1 }
        guard shared.count >= logic else { return nil }
        var slices = [[Int]](repeating: [], count: flows + logic)
        for unit in domain { slices[band(unit)].append(unit) }
        for unit in service where users[unit, default: []].count == 1 { slices[users[unit]!.first!].append(unit) }
        for (offset, unit) in shared.enumerated() { slices[flows + offset * logic / shared.count].append(unit) }
        return slices
    }

    /// How many of `count` modules each tier gets: by the tiers' shares, at least one each.
    static func tierModules(_ count: Int) -> [Int] {
        apportion(count, shares: tiers.map(\.share), minimum: [Int](repeating: 1, count: tiers.count))
    }

    /// `total` split by `shares`, each part at least its `minimum`, the parts adding up to
    /// `total` (which must be at least the minimums' sum).
    static func apportion(_ total: Int, shares: [Double], minimum: [Int]) -> [Int] {
        var parts = zip(shares, minimum).map { max(Int((Double(total) * $0).rounded(.down)), $1) }
        var index = 0
        while parts.reduce(0, +) < total {
            parts[index % parts.count] += 1
            index += 1
        }
        while parts.reduce(0, +) > total, let largest = parts.indices.filter({ parts[$0] > minimum[$0] }).max(by: { parts[$0] < parts[$1] }) {
            parts[largest] -= 1
        }
        return parts
    }

    /// The implementation modules, which the app links.
    public var implementationModules: [Module] { modules.filter { $0.interfaceOf == nil } }

    /// A unit's number as its type names carry it (`0042` in `Payload0042`, `Provider0042`,
    /// `Provider0042Impl`), padded to the widest.
    public func digits(of unit: Unit) -> String {
        let width = String(units.count).count
        return String(repeating: "0", count: max(0, width - String(unit.number).count)) + String(unit.number)
    }
}
