import Foundation
import StrataWorkspace

/// A synthetic layered workspace of any size, shaped like real application frameworks:
/// modules spread over four layers, most services and core modules split into interface and
/// mocks targets, dependencies going downwards (to interfaces where a module has one, with a
/// few links to interfaces inside a layer), bottom-layer leaves of which half are dynamic, and
/// apps that link a share of the domains plus the implementations behind the interfaces they
/// use. The result passes every rule.
public struct SyntheticWorkspace: Sendable {
    public struct Configuration: Sendable {
        public var moduleCount: Int
        public var seed: UInt64
        /// Average number of dependencies of a module.
        public var averageFanOut: Int
        /// Name modules `Module00042` whatever their layer, instead of `Service00042`: a workspace
        /// whose layers only its graph tells (what `strata init`'s inference is measured on too).
        public var neutralNames: Bool
        /// Name modules after feature families that span every layer and nouns each used on two
        /// layers (`PaymentsStore00042`, `SearchScreen00007`): words that mislead an inference by
        /// name, as team and feature prefixes do in real apps. Takes precedence over `neutralNames`.
        public var misleadingNames: Bool

        public init(moduleCount: Int, seed: UInt64 = 1, averageFanOut: Int = 5, neutralNames: Bool = false, misleadingNames: Bool = false) {
            self.moduleCount = moduleCount
            self.seed = seed
            self.averageFanOut = averageFanOut
            self.neutralNames = neutralNames
            self.misleadingNames = misleadingNames
        }

        /// True if the layer's name is not in the module names (`strata.yml` lists each module).
        var namesHideLayers: Bool { neutralNames || misleadingNames }
    }

    public struct Module: Sendable {
        public var name: String
        public var layer: Int
        public var hasInterface: Bool
        public var hasMocks: Bool
        /// Linked as a dynamic library.
        public var isDynamic: Bool
        /// Target names this module's implementation depends on.
        public var dependencies: [String]
    }

    public struct App: Sendable {
        public var name: String
        public var dependencies: [String]
    }

    public static let layers = ["domain", "service", "core", "shared"]
    private static let layerPrefixes = ["Domain", "Service", "Core", "Shared"]
    /// Share of modules per layer, top to bottom.
    private static let layerShares = [0.35, 0.35, 0.2, 0.1]
    /// Chance of an interface target per layer.
    private static let interfaceChance = [0.3, 0.9, 0.7, 0.2]

    /// Feature families and the nouns of each layer (each noun on two layers) for misleading names.
    private static let families = ["Payments", "Search", "Profile", "Orders", "Catalog", "Chat", "Maps", "Wallet", "Rewards", "Onboarding"]
    private static let misleadingNouns = [["Screen", "Flow"], ["Flow", "Store"], ["Store", "Client"], ["Client", "Screen"]]

    /// A module's name: its layer's prefix, `Module`, or a family and a noun, then its number.
    private static func name(number: Int, layer: Int, configuration: Configuration, random: inout SplitMix64) -> String {
        let digits = String(format: "%05d", number)
        if configuration.misleadingNames {
            let family = families[Int.random(in: 0..<families.count, using: &random)]
            return family + misleadingNouns[layer][Int.random(in: 0..<2, using: &random)] + digits
        }
        return (configuration.neutralNames ? "Module" : layerPrefixes[layer]) + digits
    }

    public let configuration: Configuration
    public private(set) var modules: [Module] = []
    public private(set) var apps: [App] = []

    public init(configuration: Configuration) {
        self.configuration = configuration
        var random = SplitMix64(seed: configuration.seed)
        let count = configuration.moduleCount

        // Layer sizes, at least one module in each layer when there are enough modules.
        var sizes = Self.layerShares.map { Int((Double(count) * $0).rounded(.down)) }
        if count >= Self.layers.count { sizes = sizes.map { max($0, 1) } }
        var index = 0
        while sizes.reduce(0, +) < count { sizes[index % sizes.count] += 1; index += 1 }
        while sizes.reduce(0, +) > count, let largest = sizes.indices.max(by: { sizes[$0] < sizes[$1] }) { sizes[largest] -= 1 }

        // Modules, bottom layer first so dependencies exist when a module picks them.
        var byLayer = [[Int]](repeating: [], count: Self.layers.count)
        var number = 0
        for layer in (0..<Self.layers.count).reversed() {
            for _ in 0..<sizes[layer] {
                number += 1
                let name = Self.name(number: number, layer: layer, configuration: configuration, random: &random)
                let isBottom = layer == Self.layers.count - 1
                let isDynamic = isBottom && Bool.random(using: &random)
                // A dynamic library embeds its own (static) interface target, which its users
                // link too: dynamic modules come without an interface split.
                let hasInterface = !isDynamic && Double.random(in: 0..<1, using: &random) < Self.interfaceChance[layer]
                var module = Module(
                    name: name, layer: layer, hasInterface: hasInterface, hasMocks: hasInterface,
                    isDynamic: isDynamic, dependencies: [])
                // Bottom-layer modules are leaves (like logging or analytics frameworks), half of
                // them dynamic; a dynamic leaf embeds nothing, so the workspace stays clean while
                // static-linked-once has real images to examine.
                if !isBottom {
                    module.dependencies = Self.pickDependencies(
                        for: module, among: byLayer, modules: modules,
                        fanOut: configuration.averageFanOut, random: &random)
                }
                byLayer[layer].append(modules.count)
                modules.append(module)
            }
        }

        // Apps: about one per hundred modules, each linking a share of the domains and the
        // implementations behind every interface their closure uses.
        let appCount = max(1, min(20, count / 100))
        let moduleIndex = Dictionary(modules.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        let interfaceOwner = Dictionary(
            modules.enumerated().filter { $1.hasInterface }.map { ("\($1.name)Interface", $0) },
            uniquingKeysWith: { a, _ in a })
        let topLayer = byLayer.firstIndex { !$0.isEmpty } ?? 0
        for appNumber in 1...appCount {
            var roots = byLayer[topLayer].filter { _ in Double.random(in: 0..<1, using: &random) < 0.3 }
            if roots.isEmpty, let first = byLayer[topLayer].randomElement(using: &random) { roots = [first] }
            var linked = Set(roots)
            var queue = roots
            while let next = queue.popLast() {
                for dependency in modules[next].dependencies {
                    guard let owner = moduleIndex[dependency] ?? interfaceOwner[dependency], linked.insert(owner).inserted else { continue }
                    queue.append(owner)
                }
            }
            apps.append(App(name: "App\(String(format: "%02d", appNumber))", dependencies: linked.sorted().map { modules[$0].name }))
        }
    }

    /// Dependencies of a new module: mostly on the layer directly below, some further down,
    /// a few on interfaces in its own layer; always on a module's interface when it has one.
    private static func pickDependencies(
        for module: Module, among byLayer: [[Int]], modules: [Module], fanOut: Int, random: inout SplitMix64
    ) -> [String] {
        let lower = (module.layer + 1)..<layers.count
        guard !lower.isEmpty || !byLayer[module.layer].isEmpty else { return [] }
        let wanted = Int.random(in: max(1, fanOut - 3)...(fanOut + 3), using: &random)
        var picked = Set<String>()
        var attempts = 0
        while picked.count < wanted && attempts < wanted * 4 {
            attempts += 1
            let roll = Double.random(in: 0..<1, using: &random)
            if roll < 0.1 {
                // Same layer: only to an interface.
                let sameLayer = byLayer[module.layer].filter { modules[$0].hasInterface }
                if let other = sameLayer.randomElement(using: &random) { picked.insert("\(modules[other].name)Interface") }
                continue
            }
            guard !lower.isEmpty else { continue }
            let layer = roll < 0.7 ? lower.lowerBound : Int.random(in: lower, using: &random)
            guard let other = byLayer[layer].randomElement(using: &random) else { continue }
            picked.insert(modules[other].hasInterface ? "\(modules[other].name)Interface" : modules[other].name)
        }
        return picked.sorted()
    }
}
