import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@testable import StrataRelease

/// A small workspace distributed through the registry, in a git repository: Crew (feature) uses
/// Network (core), which uses Log (shared). Nothing here reaches a registry: these are the
/// requests `strata release` refuses before it changes anything, and the plans it makes
/// without comparing APIs (`--bump`).
private struct Workspace {
    let repository: GitFolder
    var root: String { repository.root }

    init(distribution: String = "registry") async throws {
        repository = try await GitFolder("strata-release-query")
        try repository.write(
            "strata.yml",
            """
            layers: [feature, core, shared]
            generate: { distribution: \(distribution) }
            registry: { url: http://127.0.0.1:9, scopes: { feature: st-feature, core: st-core, shared: st-shared } }
            modules:
              Log: { layer: shared, tests: false }
              Network: { layer: core, dependencies: [Log], tests: false }
              Crew: { layer: feature, dependencies: [Network], tests: false }

            """)
        for module in ["Log", "Network", "Crew"] {
            try repository.write("Packages/\(module)/Sources/\(module)/\(module).swift", "public enum \(module) {}\n")
        }
        try await repository.commit("Station")
    }

    func write(_ path: String, _ text: String) throws { try repository.write(path, text) }
    @discardableResult func git(_ arguments: String...) async throws -> String { try await repository.git(arguments) }
    func commit(_ message: String) async throws { try await repository.commit(message) }

    /// Records every module released at 1.0.0 and tags them.
    func releaseEverything() async throws {
        try write(
            "strata.versions.yml",
            "modules:\n  Log: { version: 1.0.0 }\n  Network: { version: 1.0.0, requires: { Log: 1.0.0 } }\n  Crew: { version: 1.0.0, requires: { Network: 1.0.0 } }\n")
        try await commit("Release")
        for module in ["Log", "Network", "Crew"] { try await git("tag", "\(module)/1.0.0") }
    }

    func errors(_ query: ReleaseTrain) async -> [Diagnostic] {
        do {
            _ = try await query.run()
            return []
        } catch let error as InputErrors {
            return error.diagnostics
        } catch {
            return [.inputError("unexpected", "\(error)", at: nil)]
        }
    }
}

@Suite struct ReleaseTrainTests {
    @Test func requestsThatCannotBeReleasedAreRefusedBeforeAnythingChanges() async throws {
        let workspace = try await Workspace()
        defer { workspace.repository.remove() }
        let unknown = await workspace.errors(ReleaseTrain(path: workspace.root, modules: ["Netwrk"], dryRun: true))
        #expect(unknown.map(\.id) == ["unknown-module"] && unknown.first?.hint == "did you mean 'Network'?")
        // Crew needs Network and Log in the registry, which have never been released.
        let alone = await workspace.errors(ReleaseTrain(path: workspace.root, modules: ["Crew"], dryRun: true))
        #expect(alone.map(\.id) == ["unreleased-dependency"], "\(alone)")
        #expect(alone.first?.hint == "release them together: strata release Network Crew")

        try await workspace.releaseEverything()
        try workspace.write("Packages/Network/Sources/Network/Network.swift", "public enum Network { case changed }\n")
        let dirty = await workspace.errors(ReleaseTrain(path: workspace.root, bump: .minor))
        #expect(dirty.map(\.id) == ["uncommitted-changes"], "\(dirty)")
        try await workspace.commit("Network: changed")
        // The committed build files must be strata generate's: the release commit carries nothing else.
        let stale = await workspace.errors(ReleaseTrain(path: workspace.root, bump: .minor, verify: false))
        #expect(stale.map(\.id) == ["stale-generated-files"], "\(stale)")
        #expect(stale.first?.message == "3 generated files are not what strata.yml makes (Packages/Crew/Package.swift, Packages/Log/Package.swift, Packages/Network/Package.swift)")
        try WorkspaceGenerator.plan(for: try await WorkspaceLoader().load(path: workspace.root).workspace).apply(force: false)
        try await workspace.commit("Generated")
        // Publishing needs a token, which is found missing before the commit, not after.
        let head = try await workspace.git("rev-parse", "HEAD")
        let token = await workspace.errors(ReleaseTrain(path: workspace.root, bump: .minor, verify: false, tokenFile: workspace.root + "/none"))
        #expect(token.map(\.id) == ["missing-token"], "\(token)")
        #expect(try await workspace.git("rev-parse", "HEAD") == head)
        #expect(try await workspace.git("tag", "--list", "Network/*") == "Network/1.0.0\n")

        // A record that disagrees with the tags: a clone without them, or a release made by hand.
        try await workspace.git("tag", "Log/1.1.0")
        let mismatch = await workspace.errors(ReleaseTrain(path: workspace.root, dryRun: true))
        #expect(mismatch.map(\.message) == ["strata.versions.yml says 'Log' is released at 1.0.0, but its newest tag is Log/1.1.0"])
        #expect(mismatch.first?.location?.line == 2)
        try await workspace.git("tag", "--delete", "Log/1.1.0")

        // Nothing in progress to continue.
        let nothing = await workspace.errors(ReleaseTrain(path: workspace.root, resume: true))
        #expect(nothing.map(\.id) == ["no-release-in-progress"])
    }

    @Test func namedModulesWithoutChangesAreLeftOutUnlessABumpIsGiven() async throws {
        let workspace = try await Workspace()
        defer { workspace.repository.remove() }
        try await workspace.releaseEverything()
        let unchanged = try await ReleaseTrain(path: workspace.root, modules: ["Log"], dryRun: true).run()
        #expect(unchanged.plan.steps.isEmpty)
        #expect(unchanged.notes.first == "Log has no changes since Log/1.0.0; pass --bump to release it anyway")
        // Nothing here reaches a registry, and the dry run says what it could not ask.
        #expect(unchanged.notes.dropFirst() == ["the registry was not asked what it holds: cannot reach the registry at http://127.0.0.1:9: nothing answers there (connection refused); is the registry running, and is the URL right?"], "\(unchanged.notes)")
        // A major of Log forces Network to follow, which is then inside Crew's requirement.
        let forced = try await ReleaseTrain(path: workspace.root, modules: ["Log"], bump: .major, dryRun: true).run()
        #expect(forced.plan.steps.map { "\($0.module) \($0.to)" } == ["Log 2.0.0", "Network 1.1.0"])
        let cascade = try await ReleaseTrain(path: workspace.root, modules: ["Log"], bump: .patch, cascade: true, dryRun: true).run()
        #expect(cascade.plan.steps.map { "\($0.module) \($0.to)" } == ["Log 1.0.1", "Network 1.0.1", "Crew 1.0.1"])
    }

    /// A release from a detached HEAD would commit to no branch; it is refused, as a dirty tree
    /// is. A dry run says both, beside its plan, instead of presenting a plan the real run refuses.
    @Test func aDetachedHeadIsRefusedAndADryRunSaysWhatTheRealRunWouldRefuse() async throws {
        let workspace = try await Workspace()
        defer { workspace.repository.remove() }
        try await workspace.releaseEverything()
        try workspace.write("Packages/Network/Sources/Network/Network.swift", "public enum Network { case changed }\n")
        try await workspace.commit("Network: changed")
        try await workspace.git("checkout", "--quiet", "--detach", "HEAD")
        let detached = await workspace.errors(ReleaseTrain(path: workspace.root, bump: .minor, verify: false))
        #expect(detached.map(\.id) == ["detached-head"], "\(detached)")
        #expect(detached.first?.hint == "check out the branch to release from (git switch main), then release")

        try workspace.write("Packages/Log/Sources/Log/Log.swift", "public enum Log { case edited }\n")
        let dryRun = try await ReleaseTrain(path: workspace.root, bump: .minor, dryRun: true).run()
        #expect(!dryRun.plan.steps.isEmpty)
        let refusals = dryRun.notes.filter { $0.hasPrefix("a release would be refused now: ") }
        #expect(refusals.count == 3, "\(dryRun.notes)")
        #expect(refusals.contains { $0.contains("uncommitted changes (Packages/Log/Sources/Log/Log.swift)") }, "\(refusals)")
        #expect(refusals.contains { $0.contains("HEAD is detached") }, "\(refusals)")
        #expect(refusals.contains { $0.contains("generated files are not what strata.yml makes") }, "\(refusals)")
    }

    @Test func aWorkspaceWithoutRegistryModulesHasNothingToRelease() async throws {
        let workspace = try await Workspace(distribution: "path")
        defer { workspace.repository.remove() }
        let errors = await workspace.errors(ReleaseTrain(path: workspace.root, dryRun: true))
        #expect(errors.map(\.id) == ["no-registry-modules"])
        #expect(errors.first?.hint == "set 'generate: { distribution: registry }' (docs/RELEASING.md)")
    }
}
