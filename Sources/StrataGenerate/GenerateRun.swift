import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataGit
import StrataManifest
public import StrataWorkspace

/// What `strata generate` is asked: the workspace, and what changes what is generated.
public struct GenerateRequest: Sendable {
    /// The workspace folder (or its strata.yml).
    public var path: String
    /// `--local`: registry modules (names or globs, comma-separated) to take from their folders.
    public var local: [String]
    /// `--no-local`: every registry module from the registry again.
    public var noLocal: Bool
    /// `--move-sources`: move each target's sources to where strata.yml puts them.
    public var moveSources: Bool

    public init(path: String, local: [String] = [], noLocal: Bool = false, moveSources: Bool = false) {
        self.path = path
        self.local = local
        self.noLocal = noLocal
        self.moveSources = moveSources
    }
}

/// `strata generate` before anything is written: the last run's proof that every file is up
/// to date, or the plan of what to write.
public enum GenerateStart: Sendable {
    /// Nothing changed since a run that found every file up to date: nothing was rendered.
    case upToDate(GenerateCache.Outcome, workspace: Workspace)
    case planned(PlannedGeneration)

    /// Loads the workspace and looks for the last run's proof; without one (or with `--local`,
    /// `--no-local` or `--move-sources`, which change what is generated or what is in the tree),
    /// resolves the local modules and plans every file. `progress` is told each step.
    /// Errors come in presentation order.
    public static func prepare(_ request: GenerateRequest, progress: (String) -> Void = { _ in }) async throws(InputErrors) -> GenerateStart {
        do throws(InputErrors) {
            return try await plan(request, progress: progress)
        } catch {
            throw error.inPresentationOrder()
        }
    }

    private static func plan(_ request: GenerateRequest, progress: (String) -> Void) async throws(InputErrors) -> GenerateStart {
        progress("loading the workspace")
        let loaded = try await WorkspaceLoader().load(path: request.path)
        let workspace = loaded.workspace
        let cache = request.local.isEmpty && !request.noLocal && !request.moveSources ? GenerateCache(loaded) : nil
        if let outcome = cache?.lookup() { return .upToDate(outcome, workspace: workspace) }
        progress("generating the build files of \(workspace.modules.count) modules")
        let options = try options(for: workspace, request)
        let moves = request.moveSources ? try SourceMoves.plan(for: workspace) : .none
        let plan = try WorkspaceGenerator.plan(for: workspace, creating: Set(moves.moves.map(\.to)), options: options)
        return .planned(
            PlannedGeneration(
                workspace: workspace, plan: plan, moves: moves, localModules: workspace.modules.map(\.name).filter(options.local.contains),
                cache: cache))
    }

    /// The workspace's generation options as they are, with `--local` and `--no-local` applied.
    /// A `--local` pattern that names no registry module is an input error.
    static func options(for workspace: Workspace, _ request: GenerateRequest) throws(InputErrors) -> GenerationOptions {
        var options = try GenerationOptions.current(for: workspace)
        if request.noLocal { options.local = [] }
        guard !request.local.isEmpty else { return options }
        let registryModules = workspace.manifest.registryModules
        let names = workspace.modules.map(\.name)
        var problems: [Diagnostic] = []
        for pattern in request.local.flatMap({ $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }) where !pattern.isEmpty {
            let glob = Glob(pattern)
            let matched = names.filter { glob.matches($0) }
            let distributed = matched.filter(registryModules.contains)
            if distributed.isEmpty {
                problems.append(
                    .inputError(
                        matched.isEmpty ? "unknown-module" : "invalid-value",
                        matched.isEmpty
                            ? "--local \(pattern): no module of the workspace is called that"
                            : "--local \(pattern): \(matched.joined(separator: ", ")) \(matched.count == 1 ? "comes" : "come") from \(matched.count == 1 ? "its folder" : "their folders") already (distribution: path)",
                        at: nil,
                        hint: matched.isEmpty
                            ? Suggestions.didYouMean(pattern, in: names) ?? "name a module distributed through the registry"
                            : "--local is for modules with 'distribution: registry'"))
            }
            options.addLocal(Set(distributed), in: workspace)
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return options
    }
}

/// What one `strata generate` writes, moves and remembers.
public struct PlannedGeneration: Sendable {
    public let workspace: Workspace
    public let plan: GenerationPlan
    public let moves: SourceMoves
    /// The registry modules that come from their folders in this run.
    public let localModules: [String]
    let cache: GenerateCache?

    /// Writes the plan and the moves in one transaction (`force`: over files edited by hand).
    public func apply(force: Bool) throws(InputErrors) {
        try plan.apply(force: force, copies: moves.copies, removing: moves.removals)
    }

    /// Keeps this run's outcome as the proof the next run looks for, once every file is as planned.
    public func rememberUpToDate() {
        cache?.store(plan, localModules: localModules)
    }

    /// In a git repository, stages the moves as `git mv` stages them (both folders added, so
    /// git sees the renames). Returns why git could not stage them, if it could not; outside a
    /// repository the moves stand unstaged.
    public func stageMoves() async -> String? {
        let root = workspace.root
        guard !moves.moves.isEmpty, let repository = try? await GitRepository.open(at: root) else { return nil }
        do throws(GitError) {
            var paths: [String] = []
            for move in moves.moves {
                guard let from = PathResolution.path(move.from, inside: root), let to = PathResolution.path(move.to, inside: root) else { continue }
                // A folder git never tracked is gone without a trace to stage.
                if try await repository.isTracked(from) { paths.append(from) }
                paths.append(to)
            }
            try await repository.stage(paths)
            return nil
        } catch {
            return error.message
        }
    }
}
