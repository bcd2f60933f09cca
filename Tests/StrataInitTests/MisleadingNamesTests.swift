import Testing

@testable import StrataInit

/// Workspaces whose module names share words that say nothing about layers — feature families
/// (`Payments…`, `Search…`) and team prefixes that span every layer, suffixes used on several
/// layers — must not be layered by those words against the graph: the proposal never invents a
/// finding the graph does not have (docs/INIT.md).
@Suite struct MisleadingNamesTests {
    /// A deterministic generator (SplitMix64), so each seed is one workspace.
    struct Generator {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static let families = ["Payments", "Search", "Profile", "Orders", "Catalog", "Chat", "Maps", "Wallet"]
    /// Words that do not follow the layers: each is used on two layers.
    static let nouns = [["Screen", "Flow"], ["Flow", "Store"], ["Store", "Client"], ["Client", "Screen"]]

    /// `families` × four true layers, top first; each module links 1 to 3 implementations of the
    /// layer below (of other families mostly), and a few more of the layers further down.
    static func workspace(families count: Int, seed: UInt64) -> (graph: ModuleGraph, truth: [String: String]) {
        var random = Generator(state: seed)
        var nodes: [ModuleGraph.Node] = []
        var truth: [String: String] = [:]
        var byLayer: [[Int]] = [[], [], [], []]
        for layer in 0..<4 {
            for family in 0..<count {
                let name = families[family % families.count] + (family >= families.count ? "\(family / families.count)" : "")
                    + nouns[layer][random.next(2)] + "\(layer)"
                byLayer[layer].append(nodes.count)
                nodes.append(ModuleGraph.Node(name: name))
                truth[name] = "layer-\(layer)"
            }
        }
        var edges = [[ModuleGraph.Edge]](repeating: [], count: nodes.count)
        for layer in 0..<3 {
            for module in byLayer[layer] {
                var targets: Set<Int> = []
                for _ in 0..<(1 + random.next(3)) { targets.insert(byLayer[layer + 1][random.next(count)]) }
                if layer < 2, random.next(3) == 0 { targets.insert(byLayer[layer + 2 + random.next(2 - layer)][random.next(count)]) }
                edges[module] = targets.sorted().map { ModuleGraph.Edge(target: $0, isStrict: true) }
            }
        }
        return (ModuleGraph(nodes: nodes, edges: edges), truth)
    }

    @Test(arguments: [(3, UInt64(1)), (5, 2), (8, 3), (16, 4), (40, 5), (40, 6)])
    func theProposalBreaksNoLinkTheGraphKeeps(families: Int, seed: UInt64) {
        let (graph, _) = Self.workspace(families: families, seed: seed)
        let proposal = LayerInference.propose(graph)
        #expect(LayerInference.brokenLinks(of: proposal, in: graph).isEmpty, "\(proposal.layers.map(\.name)) \(proposal.givenUp)")
    }

    @Test func theGroupsGivenUpAreSaidInTheManifest() {
        let (graph, _) = Self.workspace(families: 8, seed: 3)
        let withGroups = LayerInference.propose(graph, groups: .leaving([]))
        let proposal = LayerInference.propose(graph)
        // Without the check, the shared words would have broken links; with it, none, and the
        // proposal says which words it gave up.
        #expect(!LayerInference.brokenLinks(of: withGroups, in: graph).isEmpty)
        #expect(!proposal.givenUp.isEmpty)
        #expect(proposal.givenUp.allSatisfy { $0.contains("would have broken") })
        let plan = InitPlan(
            root: "/w", discovery: WorkspaceDiscovery(packages: ["."]), naming: NamingInference(targets: []), proposal: proposal,
            moduleCount: graph.nodes.count, appCount: 0, graph: graph)
        #expect(InitManifestWriter.manifest(plan).contains("# Shared names and folders not made layers, because the graph contradicts them:"))
    }

    @Test func namesThatFitTheGraphAreStillLayers() {
        let proposal = LayerInference.propose(
            LayerInferenceTests.graph([
                "LoginFeature -> AuthService", "ProfileFeature -> ProfileService", "AuthService -> NetworkKit", "ProfileService -> NetworkKit",
            ]))
        #expect(proposal.givenUp.isEmpty)
        #expect(LayerInferenceTests.layers(proposal) == ["feature: LoginFeature ProfileFeature", "service: AuthService ProfileService", "kit: NetworkKit"])
    }
}
