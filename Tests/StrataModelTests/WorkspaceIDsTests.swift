import StrataDiagnostics
import StrataWorkspaceTestSupport
import Testing

@testable import StrataWorkspace

/// Targets, layers and modules by typed ids: the arrays they index, how ranks order, and how a
/// target is found again in another workspace.
struct WorkspaceIDsTests {
    @Test func anIDArrayIsIndexedByItsIDs() {
        var names: IDArray<TargetID, String> = ["A", "B"]
        #expect(Array(names.indices) == [TargetID(0), TargetID(1)])
        let c = names.append("C")
        #expect(c == TargetID(2) && names[c] == "C" && names.count == 3)
        names[TargetID(1)] += "!"
        #expect(names.elements == ["A", "B!", "C"])
        #expect(names.withIDs.map { "\($0.index)=\($1)" } == ["0=A", "1=B!", "2=C"])
        #expect(names.mapElements(\.count)[TargetID(1)] == 2)
        #expect(names.contains(id: TargetID(2)) && !names.contains(id: TargetID(3)) && !names.contains(id: TargetID(-1)))
        #expect(names.firstIndex(of: "C") == c)
        #expect(TargetID(1) < TargetID(2) && TargetID(2).advanced(by: -2) == TargetID(0) && TargetID(0).distance(to: TargetID(3)) == 3)
        #expect(Set([TargetID(4), TargetID(4), TargetID(5)]).count == 2)
    }

    @Test func appsRankAboveTheLayersAndTheLayersInTheirOrder() async throws {
        let workspace = try await InlineWorkspace.load(
            """
            layers: [feature, core]
            modules:
              Profile: { layer: feature, dependencies: [Network], packages: [swift-log/Logging] }
              Network: { layer: core }
            apps:
              Main: { dependencies: [Profile] }
            packages:
              swift-log: { url: https://github.com/apple/swift-log.git, from: 1.5.0 }
            """
        ).workspace
        let rank = { (name: String) in workspace.rank(of: workspace.index[name]!) }
        #expect(rank("Main") == .app)
        #expect(rank("Profile") == .layer(LayerID(0)) && rank("Network") == .layer(LayerID(1)))
        #expect(rank("swift-log/Logging") == nil)
        #expect(Rank.app < .layer(LayerID(0)) && Rank.layer(LayerID(0)) < .layer(LayerID(1)))
        #expect(workspace.layerName(of: workspace.index["Network"]!) == "core")
        #expect(workspace.layers[workspace.targets[workspace.index["Profile"]!].layer!].name == "feature")
    }

    /// Ids belong to one workspace: another revision numbers its targets its own way, and a
    /// target is found there by name.
    @Test func aTargetIsMatchedInAnotherWorkspaceByName() async throws {
        let before = try await InlineWorkspace.load("layers: [core]\nmodules:\n  A: { layer: core }\n  B: { layer: core }\n").workspace
        let after = try await InlineWorkspace.load("layers: [core]\nmodules:\n  B: { layer: core }\n  New: { layer: core }\n").workspace
        let b = before.index["B"]!
        #expect(after.target(matching: b, of: before) == after.index["B"])
        #expect(after.index["B"] != b)
        #expect(after.target(matching: before.index["A"]!, of: before) == nil)
    }
}
