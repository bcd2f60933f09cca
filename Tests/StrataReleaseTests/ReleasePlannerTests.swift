import StrataManifest
import StrataPackageIdentity
import StrataSynthetic
import Testing

@testable import StrataRelease

private func v(_ text: String) -> SemanticVersion { SemanticVersion(text)! }

/// ISS's registry modules that the cases below touch: Network is used by two services, one of
/// which a domain module uses.
private func issPlanner(_ changes: [String: ReleasePlanner.Change], cascade: Bool = false, overrides: [String: Bump] = [:]) -> ReleasePlanner {
    var versions = VersionRecord(path: "/w/strata.versions.yml")
    versions.entries = [
        "Logging": .init(version: v("1.0.0")),
        "Network": .init(version: v("1.2.0"), requires: ["Logging": v("1.0.0")]),
        "Radio": .init(version: v("1.0.0"), requires: ["Logging": v("1.0.0")]),
        "CosmonautService": .init(version: v("1.0.0"), requires: ["Network": v("1.0.0"), "Logging": v("1.0.0")]),
        "DockingPortService": .init(version: v("1.1.0"), requires: ["Network": v("1.2.0"), "Logging": v("1.0.0")]),
        "Cosmonaut": .init(version: v("1.0.0"), requires: ["CosmonautService": v("1.0.0"), "Logging": v("1.0.0")]),
    ]
    return ReleasePlanner(
        modules: ["Logging", "Network", "Radio", "CosmonautService", "DockingPortService", "Cosmonaut"],
        dependencies: [
            "Network": ["Logging"], "Radio": ["Logging"], "CosmonautService": ["Network", "Logging"], "DockingPortService": ["Network", "Logging"],
            "Cosmonaut": ["CosmonautService", "Logging"],
        ],
        versions: versions, changes: changes, overrides: overrides, cascade: cascade)
}

@Suite struct ReleasePlannerTests {
    @Test func aBodyOnlyChangeIsAPatchReleaseOfThatModuleAlone() throws {
        let plan = try #require(issPlanner(["Network": .init(api: APIChange.none, commits: ["Retry on timeouts"])]).plan())
        #expect(plan.steps.map(\.module) == ["Network"])
        let step = try #require(plan.steps.first)
        #expect((step.from, step.to, step.bump) == ("1.2.0", "1.2.1", .patch))
        #expect(step.reasons == ["no API change"])
        #expect(step.dependents == ["CosmonautService", "DockingPortService"])
    }

    @Test func additionsAreAMinorReleaseAndDependentsFollowOnlyWithCascade() throws {
        let change = ReleasePlanner.Change(api: .additive, apiDetails: ["func NetworkClient.ping() has been added"])
        let plain = try #require(issPlanner(["Network": change]).plan())
        #expect(plain.steps.map { "\($0.module) \($0.to)" } == ["Network 1.3.0"])

        let cascade = try #require(issPlanner(["Network": change], cascade: true).plan())
        #expect(cascade.steps.map { "\($0.module) \($0.to)" } == ["Network 1.3.0", "CosmonautService 1.0.1", "DockingPortService 1.1.1", "Cosmonaut 1.0.1"])
        let service = try #require(cascade.steps.first { $0.module == "CosmonautService" })
        #expect(service.raises == [ReleasePlan.Raise(dependency: "Network", from: "1.0.0", to: "1.3.0")])
        #expect(service.reasons == ["--cascade: uses new releases of Network"])
    }

    @Test func aBreakingChangeIsAMajorReleaseThatForcesItsDependentsToAtLeastAMinor() throws {
        let plan = try #require(issPlanner(["Network": .init(api: .breaking, apiDetails: ["func NetworkClient.fetch(_:) has been removed"])]).plan())
        #expect(plan.steps.map { "\($0.module) \($0.from ?? "-") → \($0.to)" } == [
            "Network 1.2.0 → 2.0.0", "CosmonautService 1.0.0 → 1.1.0", "DockingPortService 1.1.0 → 1.2.0",
        ])
        let docking = try #require(plan.steps.first { $0.module == "DockingPortService" })
        #expect(docking.raises == [ReleasePlan.Raise(dependency: "Network", from: "1.2.0", to: "2.0.0")])
        #expect(docking.reasons == ["requires a new major of Network"])
        // Cosmonaut's requirement on CosmonautService (from 1.0.0) accepts 1.1.0: it stays.
        #expect(!plan.steps.contains { $0.module == "Cosmonaut" })
    }

    @Test func aModuleReleasedForItsOwnChangesRequiresTheVersionsItIsBuiltWith() throws {
        let plan = try #require(
            issPlanner(["Logging": .init(api: .additive), "Radio": .init(api: APIChange.none)], overrides: ["Logging": .patch]).plan())
        #expect(plan.steps.map { "\($0.module) \($0.to)" } == ["Logging 1.0.1", "Radio 1.0.1"])
        #expect(plan.steps[0].reasons == ["--bump patch"])
        #expect(plan.steps[1].raises == [ReleasePlan.Raise(dependency: "Logging", from: "1.0.0", to: "1.0.1")])
    }

    @Test func belowOneABreakingChangeIsAMinorAndAFirstReleaseTakesTheFirstVersion() throws {
        var planner = issPlanner(["Network": .init(api: .breaking)])
        planner.versions.entries["Network"]?.version = v("0.4.2")
        planner.versions.entries["DockingPortService"]?.requires["Network"] = v("0.4.0")
        planner.versions.entries["CosmonautService"] = nil  // never released: not a dependent to raise
        let plan = try #require(planner.plan())
        #expect(plan.steps.map { "\($0.module) \($0.to)" } == ["Network 0.5.0", "DockingPortService 1.2.0"])

        planner.changes = ["CosmonautService": .init(api: nil, commits: ["First screen"])]
        let first = try #require(planner.plan())
        #expect(first.steps.map { "\($0.module) \($0.from ?? "-") → \($0.to)" } == ["CosmonautService - → 1.0.0"])
        #expect(first.steps.first?.reasons == ["first release"] && first.steps.first?.bump == nil)
    }

    @Test func modulesThatUseEachOtherInACycleHaveNoPlan() {
        let planner = ReleasePlanner(
            modules: ["A", "B"], dependencies: ["A": ["B"], "B": ["A"]], versions: VersionRecord(path: "/w/v.yml"), changes: ["A": .init(api: nil)])
        #expect(planner.plan() == nil)
    }

    /// For random module graphs, versions, requirements and change sets: every module that must
    /// be released is released exactly once, after every module it uses that is released too,
    /// at the version its bump says, and nothing else is released.
    @Test(arguments: 0..<300) func everyAffectedModuleIsReleasedOnceAfterItsDependencies(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &* 7919)
        let count = Int.random(in: 1...24, using: &random)
        let names = (0..<count).map { "M\($0)" }
        var dependencies: [String: [String]] = [:]
        for index in 0..<count {  // a DAG: each module uses some with lower numbers
            dependencies[names[index]] = (0..<index).filter { _ in Int.random(in: 0..<4, using: &random) == 0 }.map { names[$0] }
        }
        var versions = VersionRecord(path: "/w/strata.versions.yml")
        for name in names where Int.random(in: 0..<6, using: &random) > 0 {
            let major = Int.random(in: 0...3, using: &random)
            versions.entries[name] = .init(version: v("\(major).\(Int.random(in: 0...4, using: &random)).\(Int.random(in: 0...3, using: &random))"))
        }
        for name in names where versions.entries[name] != nil {
            for dependency in dependencies[name] ?? [] {
                guard let released = versions.entries[dependency]?.version, Bool.random(using: &random) else { continue }
                // Sometimes the release itself, sometimes an older one within or below its major.
                versions.entries[name]?.requires[dependency] = Bool.random(using: &random) ? released : v("\(max(0, released.major - 1)).0.0")
            }
        }
        var changes: [String: ReleasePlanner.Change] = [:]
        for name in names where Int.random(in: 0..<4, using: &random) == 0 {
            changes[name] = .init(api: [.breaking, .additive, APIChange.none].randomElement(using: &random))
        }
        let overrides = Dictionary(
            uniqueKeysWithValues: changes.keys.filter { _ in Int.random(in: 0..<5, using: &random) == 0 }.map {
                ($0, Bump.allCases.randomElement(using: &random)!)
            })
        let cascade = Bool.random(using: &random)
        // strata.yml's order need not be topological.
        let order = names.shuffled(using: &random)
        let planner = ReleasePlanner(
            modules: order, dependencies: dependencies, versions: versions, changes: changes, overrides: overrides, cascade: cascade)
        let plan = try #require(planner.plan())

        let position = Dictionary(uniqueKeysWithValues: plan.steps.enumerated().map { ($1.module, $0) })
        #expect(position.count == plan.steps.count, "a module is released twice")
        var released: [String: SemanticVersion] = [:]
        for step in plan.steps { released[step.module] = v(step.to) }
        for name in order {
            let step = position[name].map { plan.steps[$0] }
            let old = versions.entries[name]?.version
            // Which modules must be released: changed ones, and released dependents whose
            // requirement a new version falls outside of (or every one, with --cascade).
            let raisedBy = (dependencies[name] ?? []).filter { dependency in
                guard let new = released[dependency] else { return false }
                return cascade || !(versions.requirement(of: dependency, by: name)?.accepts(new) ?? false)
            }
            let expected = changes[name] != nil || (old != nil && !raisedBy.isEmpty)
            #expect((step != nil) == expected, "\(name): released \(step != nil), expected \(expected)")
            guard let step else { continue }
            for dependency in dependencies[name] ?? [] where position[dependency] != nil {
                #expect(position[dependency]! < position[name]!, "\(name) is released before \(dependency), which it uses")
            }
            guard let old else {
                #expect(step.to == "1.0.0" && step.bump == nil)
                continue
            }
            let bump = try #require(step.bump)
            #expect(v(step.to) == old.bumped(bump) && old < v(step.to))
            let crossed = step.raises.contains { raise in raise.from.map { !v($0).accepts(v(raise.to)) } ?? true }
            if crossed { #expect(bump >= .minor, "\(name) requires a new major but is only a \(bump) release") }
            if let change = changes[name] {
                #expect(bump >= (overrides[name] ?? Bump.forChange(change.api ?? .none, at: old)))
            }
            for raise in step.raises { #expect(released[raise.dependency] == v(raise.to)) }
        }
    }
}
