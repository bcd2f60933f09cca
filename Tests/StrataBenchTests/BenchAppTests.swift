@testable import StrataBench
import Testing

/// The apps' plans: the matrix's cells, the same code in every app, modules cut by the layers'
/// shares, and dependencies that follow from what the code refers to and only go down.
@Suite struct BenchAppTests {
    @Test func theStudysMatrixIsThirteenApps() {
        let cells = BenchMatrix().cells.map(\.description)
        #expect(cells.count == 13)
        #expect(cells.first == "monolith")
        #expect(cells.contains("four-layer-static-30") && cells.contains("interface-separated-dynamic-300"))
        #expect(Set(cells).count == cells.count)
        #expect(BenchMatrix(shapes: [.threeLayer], linkings: [.dynamic], moduleCounts: [8]).cells.map(\.description) == ["three-layer-dynamic-8"])
    }

    @Test func aMatrixThatCannotBeBuiltSaysWhy() {
        #expect(BenchMatrix(moduleCounts: [3]).problem == "--modules 3: a layered app needs at least 4 modules, one per layer")
        #expect(BenchMatrix(shapes: []).problem == "--shapes names no shape")
        #expect(BenchMatrix(shapes: [.fourLayer], linkings: []).problem == "--linking names no linking")
        #expect(BenchMatrix(shapes: [.monolith], linkings: [], moduleCounts: []).problem == nil)
        #expect(BenchMatrix(scale: 0).problem == "--scale must be more than 0 and at most 1")
        #expect(BenchMatrix(types: 0).problem == "--types must be at least 1")
        #expect(BenchMatrix().problem == nil)
    }

    /// --scale shrinks the code, not the matrix: fewer units (never fewer than the largest app's
    /// modules) and fewer members (at least one).
    @Test func scaleShrinksTheCodeButKeepsTheMatrix() {
        let full = BenchMatrix()
        let scaled = BenchMatrix(scale: 0.1)
        #expect(scaled.cells == full.cells)
        #expect(full.units == 1_000 && full.membersPerUnit == 30)
        #expect(scaled.membersPerUnit == 3)
        #expect(scaled.units == 300 && scaled.tierUnits == BenchApp.tierModules(300))
        #expect(BenchMatrix(moduleCounts: [30], scale: 0.5).units == 500)
        #expect(BenchMatrix(members: 4, scale: 0.01).membersPerUnit == 1)
        #expect(scaled.apps.allSatisfy { $0.members == 3 })
    }

    /// The units, and what each refers to, are the same in every app of a matrix: only the
    /// modules they lie in differ.
    @Test(arguments: [(types: 1_000, counts: [30, 300]), (types: 10, counts: [4, 9]), (types: 57, counts: [5, 13, 31])])
    func everyAppHoldsTheSameCode(types: Int, counts: [Int]) {
        let matrix = BenchMatrix(moduleCounts: counts, types: types)
        let apps = matrix.apps
        let code = apps[0].units.map { [$0.number, $0.tier] + $0.references }
        #expect(code.count == max(types, matrix.tierUnits.reduce(0, +)))
        for app in apps { #expect(app.units.map { [$0.number, $0.tier] + $0.references } == code, "\(app.cell)") }
    }

    @Test(arguments: [4, 5, 9, 30, 300])
    func modulesAreCutByTheLayersSharesAndEachHoldsCode(count: Int) {
        let matrix = BenchMatrix(moduleCounts: [count], types: 1_000)
        for app in matrix.apps where app.cell.modules != nil {
            #expect(app.implementationModules.count == count, "\(app.cell)")
            for index in app.modules.indices {
                let holds = app.units.contains { $0.module == index || $0.interfaceModule == index }
                #expect(holds, "\(app.cell): \(app.modules[index].name) holds no code")
            }
            let interfaces = app.modules.filter { $0.interfaceOf != nil }
            if app.cell.shape == .interfaceSeparated {
                // One interface module for each module above the bottom layer.
                #expect(interfaces.count == count - BenchApp.tierModules(count)[3])
            } else {
                #expect(interfaces.isEmpty)
            }
        }
        let fourLayer = BenchApp(cell: .init(shape: .fourLayer, linking: .static, modules: count), tierUnits: matrix.tierUnits, members: 2)
        let perLayer = fourLayer.layers.indices.map { layer in fourLayer.modules.filter { $0.layer == layer }.count }
        #expect(perLayer == BenchApp.tierModules(count))
        if count == 30 { #expect(perLayer == [12, 9, 6, 3]) }
    }

    /// A module depends on exactly the modules holding what its code uses (its own interface
    /// module too), always below its own layer, and on a few neighbours only.
    @Test(arguments: BenchMatrix.Shape.allCases)
    func dependenciesFollowTheCodeAndGoDown(shape: BenchMatrix.Shape) {
        let apps = [8, 1_000].flatMap { BenchMatrix(shapes: [shape], linkings: [.static], moduleCounts: [4, 5, 30, 300], types: $0).apps }
        for app in apps {
            guard app.cell.modules != nil else {
                #expect(app.modules.isEmpty && app.units.allSatisfy { $0.module == nil })
                continue
            }
            for (index, module) in app.modules.enumerated() {
                var expected = Set<Int>()
                for unit in app.units where unit.module == index {
                    if let own = unit.interfaceModule { expected.insert(own) }
                    for reference in unit.references { expected.insert(app.units[reference].interfaceModule ?? app.units[reference].module!) }
                }
                expected.remove(index)
                #expect(Set(module.dependencies) == expected, "\(module.name)")
                for dependency in module.dependencies {
                    // Feature modules share the domain and service code among them.
                    let sameLayerAllowed = shape == .threeLayer && module.layer == 0
                    #expect(
                        app.modules[dependency].layer > module.layer || sameLayerAllowed && app.modules[dependency].layer == 0,
                        "\(module.name) → \(app.modules[dependency].name) does not go down")
                }
                #expect(module.dependencies.count <= 8, "\(module.name) depends on \(module.dependencies.count) modules")
            }
            for unit in app.units {
                for reference in unit.references { #expect(app.units[reference].tier > unit.tier) }
            }
            #expect(Self.hasNoCycle(app), "\(app.cell)")
        }
    }

    /// The three-layer shape's feature modules: flows that hold domain code with the service
    /// code only they use, and logic modules with the service code flows share. No chain of
    /// feature modules: at most two deep, whatever the count (a chain as deep as the layer was
    /// wide made SwiftPM plan a dynamic app for longer than a benchmark can wait).
    @Test func featureModulesAreAtMostTwoDeep() {
        for types in [1_000, 100] {
            for count in [30, 300] {
                let app = BenchMatrix(shapes: [.threeLayer], linkings: [.dynamic], moduleCounts: [count], types: types).apps[0]
                let feature = app.modules.indices.filter { app.modules[$0].layer == 0 }
                #expect(feature.count == BenchApp.tierModules(count)[0] + BenchApp.tierModules(count)[1])
                func depth(_ module: Int) -> Int {
                    1 + (app.modules[module].dependencies.filter { app.modules[$0].layer == 0 }.map(depth).max() ?? 0)
                }
                #expect(feature.map(depth).max() == 2, "\(types) types, \(count) modules")
                // Where a flow holds several domain units, some service code is merged into it.
                let flows = BenchApp.tierModules(count)[0]
                if types / 10 * 4 > flows {
                    let merged = feature.prefix(flows).filter { module in
                        Set(app.units.filter { $0.module == module }.map(\.tier)) == [0, 1]
                    }
                    #expect(merged.count == flows, "\(types) types, \(count) modules")
                }
            }
        }
    }

    /// Whether the modules' dependencies form no cycle (modules without dependencies are removed until none is left).
    static func hasNoCycle(_ app: BenchApp) -> Bool {
        var remaining = Dictionary(uniqueKeysWithValues: app.modules.indices.map { ($0, Set(app.modules[$0].dependencies)) })
        while let leaf = remaining.first(where: { $0.value.isEmpty })?.key {
            remaining[leaf] = nil
            for key in remaining.keys { remaining[key]!.remove(leaf) }
        }
        return remaining.isEmpty
    }

    @Test func sourcesImportWhatTheyUseAndTheManifestListsTheModules() {
        let app = BenchApp(
            cell: .init(shape: .interfaceSeparated, linking: .dynamic, modules: 4), tierUnits: [2, 2, 1, 1], members: 2)
        let files = Dictionary(uniqueKeysWithValues: app.sourceFiles().map { ($0.path, $0.contents) })
        let manifest = files["strata.yml"] ?? ""
        #expect(manifest.contains("name: InterfaceSeparatedDynamic4"))
        #expect(manifest.contains("  Domain1: { layer: domain, linkage: dynamic, tests: false, dependencies: [Domain1Interface, Service1Interface, Shared1] }"))
        #expect(manifest.contains("  BenchApp: { dependencies: [Domain1, Service1, Core1, Shared1] }"))
        let implementation = files["Packages/Domain1/Sources/Domain1/Provider1Impl.swift"] ?? ""
        #expect(implementation.hasPrefix("import Domain1Interface\nimport Service1Interface\nimport Shared1\n"))
        #expect(implementation.contains("private let dependency0: any Provider3<Int>"))
        #expect(!implementation.contains("protocol Provider1"))
        let interface = files["Packages/Domain1Interface/Sources/Domain1Interface/Provider1.swift"] ?? ""
        #expect(interface.contains("public protocol Provider1<Element>: AnyObject") && interface.contains("public enum Payload1<Element>"))
        #expect(!interface.contains("import"))
        #expect(files["Sources/BenchApp/main.swift"]?.contains("let provider1 = Provider1Impl(seed: 1, dependency0: provider3") == true)
    }
}
