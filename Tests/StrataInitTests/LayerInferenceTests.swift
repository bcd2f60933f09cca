import Foundation
import Testing

@testable import StrataInit

/// Small graphs, written as `A -> B` (links B's implementation) and `A ~> B` (links B's interface).
@Suite struct LayerInferenceTests {
    static func graph(_ lines: [String], groups: [String: String] = [:], also: [String] = []) -> ModuleGraph {
        var names: [String] = []
        func index(_ name: String) -> Int {
            if let found = names.firstIndex(of: name) { return found }
            names.append(name)
            return names.count - 1
        }
        var edges: [(Int, ModuleGraph.Edge)] = []
        for line in lines {
            let strict = line.contains("->")
            let parts = line.components(separatedBy: strict ? " -> " : " ~> ")
            let from = index(parts[0])
            for target in parts[1].split(separator: ",") {
                edges.append((from, ModuleGraph.Edge(target: index(target.trimmingCharacters(in: .whitespaces)), isStrict: strict)))
            }
        }
        for name in also { _ = index(name) }
        var perNode = [[ModuleGraph.Edge]](repeating: [], count: names.count)
        for (from, edge) in edges { perNode[from].append(edge) }
        return ModuleGraph(nodes: names.map { ModuleGraph.Node(name: $0, group: groups[$0]) }, edges: perNode)
    }

    static func layers(_ proposal: LayerProposal) -> [String] {
        proposal.layers.map { "\($0.name): \($0.modules.joined(separator: " "))" }
    }

    @Test func nameSuffixesBecomeLayersOrderedByTheirDependencies() {
        let proposal = LayerInference.propose(
            Self.graph([
                "LoginFeature ~> AuthService", "ProfileFeature ~> AuthService, ProfileService", "ProfileFeature -> StorageKit",
                "AuthService -> NetworkKit", "ProfileService -> StorageKit, NetworkKit",
            ]))
        #expect(
            Self.layers(proposal) == [
                "feature: LoginFeature ProfileFeature", "service: AuthService ProfileService", "kit: NetworkKit StorageKit",
            ])
        #expect(proposal.patterns() == [["*Feature"], ["*Service"], ["*Kit"]])
    }

    @Test func aWordWhoseModulesLinkEachOthersImplementationsIsNoLayer() {
        // Every *Kit links another *Kit's implementation: they cannot share a layer, so the graph decides.
        let proposal = LayerInference.propose(Self.graph(["MapKit2 -> NetKit", "NetKit -> BaseKit"]))
        #expect(Self.layers(proposal) == ["level-2: MapKit2", "level-1: NetKit", "level-0: BaseKit"])
    }

    @Test func featuresThatComposeFeaturesAreOneLayerThatAllowsLinksInside() {
        // A TCA-style app: features embed features; they are still the feature layer, by name.
        let proposal = LayerInference.propose(
            Self.graph([
                "AppFeature -> HomeFeature, SettingsFeature", "HomeFeature -> ProfileFeature, ApiClient", "ProfileFeature -> ApiClient",
                "SettingsFeature -> StorageClient", "ApiClient -> Logging", "StorageClient -> Logging",
            ]))
        #expect(
            Self.layers(proposal) == [
                "feature: AppFeature HomeFeature ProfileFeature SettingsFeature", "client: ApiClient StorageClient", "level-0: Logging",
            ])
        #expect(proposal.layers[0].allowsSameLayerLinks && !proposal.layers[1].allowsSameLayerLinks)
        let plan = InitPlan(
            root: "/w", discovery: WorkspaceDiscovery(packages: ["."]), naming: NamingInference(targets: []), proposal: proposal, moduleCount: 6,
            appCount: 0, graph: ModuleGraph(nodes: [], edges: []))
        #expect(InitManifestWriter.manifest(plan).contains("  - name: feature\n    same-layer: allowed\n    patterns: [\"*Feature\"]\n"))
    }

    @Test func theProductsOwnPrefixIsNoLayer() {
        let proposal = LayerInference.propose(
            Self.graph(["AcmeLogin ~> AcmeAuth", "AcmeAuth -> AcmeNetwork", "AcmeProfile -> AcmeNetwork"]))
        #expect(!proposal.layers.contains { if case .affix = $0.basis { true } else { false } })
        #expect(Self.layers(proposal) == ["level-1: AcmeAuth AcmeLogin AcmeProfile", "level-0: AcmeNetwork"])
    }

    @Test func modulesInACycleShareALayerAndAreListed() {
        let proposal = LayerInference.propose(Self.graph(["Billing -> Orders", "Orders -> Billing", "Orders -> Logging"]))
        #expect(Self.layers(proposal) == ["level-1: Billing Orders", "level-0: Logging"])
        #expect(proposal.cycles == [["Billing", "Orders"]])
    }

    @Test func foldersGroupModulesNoWordGroups() {
        let groups = ["Login": "Modules/Features", "Settings": "Modules/Features", "Network": "Modules/Platform", "Storage": "Modules/Platform"]
        let proposal = LayerInference.propose(Self.graph(["Login -> Network", "Settings -> Storage, Network"], groups: groups))
        #expect(Self.layers(proposal) == ["feature: Login Settings", "platform: Network Storage"])
        #expect(proposal.layers.map(\.basis) == [.folder("Modules/Features"), .folder("Modules/Platform")])
        #expect(proposal.patterns() == [["Login", "Settings"], ["Network", "Storage"]])
    }

    /// A layer alone in a folder whose name has no letter (an Xcode group at `..`, as Home
    /// Assistant's SharedTesting has) is named by its depth, never "--".
    @Test func aFolderWithoutAWordNamesNoLayer() {
        let proposal = LayerInference.propose(Self.graph(["Testing -> Network"], groups: ["Testing": "..", "Network": "Sources/Network"]))
        #expect(Self.layers(proposal) == ["level-1: Testing", "network: Network"])
        #expect(LayerInference.usableLayerName("..") == nil && LayerInference.layerName("_") == "layer")
        #expect(LayerInference.usableLayerName("-Core Kit-") == "core-kit")
    }

    @Test func aModuleBetweenTwoNamedLayersGetsALayerOfItsOwn() {
        // Router sits between the features (which link its implementation) and the kits it links.
        let proposal = LayerInference.propose(
            Self.graph(["LoginFeature -> Router", "ProfileFeature -> Router", "Router -> NetworkKit", "ProfileFeature -> StorageKit"]))
        #expect(Self.layers(proposal) == ["feature: LoginFeature ProfileFeature", "level-1: Router", "kit: NetworkKit StorageKit"])
    }

    @Test func aModuleOfANamedLayersDepthJoinsIt() {
        // Analytics is as deep as the services and fits between features and kits: it joins the services.
        let proposal = LayerInference.propose(
            Self.graph(["LoginFeature ~> AuthService, Analytics", "AuthService -> NetworkKit", "PayService -> NetworkKit", "Analytics -> StorageKit"]))
        let service = proposal.layers.first { $0.name == "service" }
        #expect(service?.modules == ["Analytics", "AuthService", "PayService"])
        #expect(service?.placedByDependencies == ["Analytics"])
        #expect(proposal.patterns()[1] == ["*Service", "Analytics"])
    }

    @Test func interfaceLinksDoNotSplitALayerWithoutNames() {
        // Radio links Network's interface only: one layer is enough for both, above Logging.
        let proposal = LayerInference.propose(Self.graph(["Radio ~> Network", "Radio -> Logging", "Network -> Logging"]))
        #expect(Self.layers(proposal) == ["level-1: Network Radio", "level-0: Logging"])
    }

    @Test func aWildcardThatWouldCatchALowerLayersModuleGivesWayToNames() {
        let proposal = LayerProposal(layers: [
            .init(name: "feature", modules: ["LoginFeature", "ProfileFeature"], basis: .affix(words: ["Feature"], isPrefix: false)),
            .init(name: "core", modules: ["FlagsFeature", "Network"], basis: .dependencies(level: 0)),
        ])
        #expect(proposal.patterns() == [["LoginFeature", "ProfileFeature"], ["FlagsFeature", "Network"]])
    }

    @Test func renamingAndMergingCheckTheirNames() throws {
        var proposal = LayerInference.propose(
            Self.graph(["LoginFeature ~> AuthService", "ProfileFeature ~> AuthService", "AuthService -> NetworkKit", "PayService -> StorageKit"]))
        #expect(throws: LayerEditError.self) { try proposal.rename("servce", to: "services") }
        #expect(throws: LayerEditError.self) { try proposal.rename("service", to: "feature") }
        #expect(throws: LayerEditError.self) { try proposal.rename("service", to: "two words") }
        #expect(throws: LayerEditError.self) { try proposal.merge(["service"]) }
        do {
            try proposal.rename("servce", to: "x")
        } catch {
            #expect(error.description == "there is no proposed layer 'servce' (did you mean 'service'?)")
        }
        try proposal.merge(["feature", "service"])
        try proposal.rename("kit", to: "platform")
        #expect(Self.layers(proposal) == ["feature: AuthService LoginFeature PayService ProfileFeature", "platform: NetworkKit StorageKit"])
        // Two suffix groups merged keep both wildcards.
        #expect(proposal.patterns()[0] == ["*Feature", "*Service"])
    }
}
