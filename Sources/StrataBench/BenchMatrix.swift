/// The apps of the architecture benchmark: one monolith, and each modular shape linked each way
/// at each module count (13 apps for the study's matrix), all holding the same code.
public struct BenchMatrix: Sendable, Hashable, Codable {
    /// How an app's code is cut into modules.
    public enum Shape: String, Sendable, Hashable, Codable, CaseIterable {
        /// Everything in the app's own target.
        case monolith
        /// domain → service → core → shared.
        case fourLayer = "four-layer"
        /// Domain and service merged: feature → core → shared.
        case threeLayer = "three-layer"
        /// The four layers, with each domain, service and core module's protocols and enums in
        /// a module of their own that the others depend on instead of the implementation.
        case interfaceSeparated = "interface-separated"
    }

    /// How the modules' libraries are linked into the app.
    public enum Linking: String, Sendable, Hashable, Codable, CaseIterable {
        case `static`
        case dynamic
    }

    /// One app of the matrix. The monolith has no linking and no module count.
    public struct Cell: Sendable, Hashable, Codable, CustomStringConvertible {
        public var shape: Shape
        public var linking: Linking?
        /// Implementation modules (interface modules come on top, for `interface-separated`).
        public var modules: Int?

        public init(shape: Shape, linking: Linking? = nil, modules: Int? = nil) {
            self.shape = shape
            self.linking = linking
            self.modules = modules
        }

        /// The app's folder and name in reports: `monolith`, `four-layer-static-30`.
        public var description: String {
            guard let linking, let modules else { return shape.rawValue }
            return "\(shape.rawValue)-\(linking.rawValue)-\(modules)"
        }
    }

    public var shapes: [Shape]
    public var linkings: [Linking]
    public var moduleCounts: [Int]
    /// Enums, protocols and implementations: this many of each, over the whole app.
    public var types: Int
    /// Properties and functions each protocol declares and each implementation provides.
    public var members: Int
    /// Multiplies `types` and `members`, to make the whole run shorter (every module keeps at
    /// least one unit, every unit at least one member).
    public var scale: Double

    public static let studyShapes = Shape.allCases
    public static let studyModuleCounts = [30, 300]
    public static let studyTypes = 1_000
    public static let studyMembers = 30

    public init(
        shapes: [Shape] = studyShapes, linkings: [Linking] = Linking.allCases, moduleCounts: [Int] = studyModuleCounts,
        types: Int = studyTypes, members: Int = studyMembers, scale: Double = 1
    ) {
        self.shapes = shapes
        self.linkings = linkings
        self.moduleCounts = moduleCounts
        self.types = types
        self.members = members
        self.scale = scale
    }

    /// The apps, monolith first, then by shape, linking and module count as given.
    public var cells: [Cell] {
        var cells: [Cell] = []
        for shape in shapes {
            if shape == .monolith {
                cells.append(Cell(shape: .monolith))
                continue
            }
            for linking in linkings {
                for modules in moduleCounts { cells.append(Cell(shape: shape, linking: linking, modules: modules)) }
            }
        }
        return cells
    }

    /// How many units (an enum, a protocol and its implementation) every app holds: `types`
    /// scaled, but at least one per module of the largest app, so that no module is empty and
    /// every app holds the same code.
    public var units: Int {
        tierUnits.reduce(0, +)
    }

    /// The units of each tier of the four-layer plan (domain, service, core, shared), the same
    /// in every app: `types` scaled, by the tiers' shares, and at least as many as any app of
    /// the matrix has modules in the tier.
    public var tierUnits: [Int] {
        var minimum = [Int](repeating: 1, count: BenchApp.tiers.count)
        for count in moduleCounts where shapes.contains(where: { $0 != .monolith }) {
            minimum = zip(minimum, BenchApp.tierModules(count)).map(max)
        }
        let total = max(Int((Double(types) * scale).rounded()), minimum.reduce(0, +))
        return BenchApp.apportion(total, shares: BenchApp.tiers.map(\.share), minimum: minimum)
    }

    /// The members of each unit: `members` scaled, at least one.
    public var membersPerUnit: Int {
        max(Int((Double(members) * scale).rounded()), 1)
    }

    /// The apps, planned.
    public var apps: [BenchApp] {
        let tierUnits = tierUnits
        return cells.map { BenchApp(cell: $0, tierUnits: tierUnits, members: membersPerUnit) }
    }

    /// What is wrong with the matrix, for the command line to say, or nil.
    public var problem: String? {
        if shapes.isEmpty { return "--shapes names no shape" }
        if shapes.contains(where: { $0 != .monolith }) {
            if linkings.isEmpty { return "--linking names no linking" }
            if moduleCounts.isEmpty { return "--modules names no module count" }
        }
        if let count = moduleCounts.first(where: { $0 < Self.minimumModules }) {
            return "--modules \(count): a layered app needs at least \(Self.minimumModules) modules, one per layer"
        }
        if types < 1 { return "--types must be at least 1" }
        if members < 1 { return "--members must be at least 1" }
        if !(scale > 0 && scale <= 1) { return "--scale must be more than 0 and at most 1" }
        return nil
    }

    /// One module per layer of the four-layer shape.
    public static let minimumModules = 4
}
