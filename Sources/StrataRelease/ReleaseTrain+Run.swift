import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataGit
import StrataManifest
import StrataPackageIdentity
import StrataProcess
import StrataPublish
import StrataToolchain
import StrataWorkspace
import Subprocess
import SystemPackage

/// A train in progress, kept in the repository's git directory from the moment it is planned
/// until its last module is published, so `strata release --continue` can finish it.
struct ReleaseState: Codable {
    var format = 1
    var plan: ReleasePlan
    var registryURL: String?
    /// The release commit (versions, changelogs, generated files), once made.
    var commit: String?
    /// Modules published so far.
    var published: [String] = []
}

extension ReleaseTrain {
    /// Plans the train and, unless `dryRun`, runs it: checks every package builds and passes
    /// its tests, commits the new versions, changelogs and generated files, tags each module
    /// `<Module>/<version>` and publishes them in order. A failure before the commit changes
    /// nothing; one after it (publishing, the network) is finished by `--continue`, which
    /// publishes only what the registry lacks.
    public func run(progress: (ReleaseProgress) -> Void = { _ in }) async throws -> ReleaseReport {
        let context = try await ReleaseContext.load(path: path)
        let stateFile = try await Self.stateFile(of: context)
        let existing = try Self.readState(stateFile)
        if resume {
            if let finished = try await continueTrain(existing, context: context, stateFile: stateFile, progress: progress) { return finished }
            // Stopped before its commit: nothing was released; plan afresh.
        } else if let existing, existing.commit != nil, !dryRun {
            throw InputErrors(
                .inputError(
                    "release-in-progress",
                    "a release is in progress: \(existing.plan.steps.map { "\($0.module) \($0.to)" }.joined(separator: ", ")) (committed, \(existing.published.count) of \(existing.plan.steps.count) published)",
                    at: nil, hint: "finish it: strata release --continue"))
        }
        // What would stop a release stops it before anything is written; a dry run reports the
        // same, as notes. What the work tree says first, then what the registry says.
        var refusals = try await treeRefusals(context)
        if !dryRun, !refusals.isEmpty { throw InputErrors(refusals) }
        let scratchFolder = try ScratchFolder.make(for: "release")
        defer { scratchFolder.remove() }
        let scratch = scratchFolder.path
        let (plan, notes) = try await self.plan(context, scratch: scratch, progress: progress)
        var report = ReleaseReport(plan: plan, notes: notes, commit: nil, published: [], alreadyPublished: [])
        if !plan.steps.isEmpty { refusals += try staleFiles(context) }
        if !dryRun, !refusals.isEmpty { throw InputErrors(refusals) }
        // Publishing needs a token: found missing now, not after the commit and tags.
        if !dryRun, !plan.steps.isEmpty { _ = try ReleasePublishing(workspace: context.workspace, registryURL: registryURL, tokenFile: tokenFile) }
        do {
            refusals += try await registryRefusals(plan, context: context, stateKept: existing != nil)
        } catch  where dryRun || plan.steps.isEmpty {
            // Only a safety net here: a dry run, or nothing to release, says what it could not ask.
            report.notes.append("the registry was not asked what it holds: \(Self.describe(error))")
        }
        if dryRun {
            report.notes += refusals.map { "a release would be refused now: \($0.message) (\($0.hint ?? $0.id))" }
            return report
        }
        if !refusals.isEmpty { throw InputErrors(refusals) }
        if plan.steps.isEmpty {
            try? FileManager.default.removeItem(atPath: stateFile)
            return report
        }
        var state = ReleaseState(plan: plan, registryURL: registryURL)
        try Self.write(state, to: stateFile)

        if verify {
            let head = try await gitCall { try await context.repository.commit("HEAD") }
            let tree = try await APIComparison(repository: context.repository, scratch: scratch).tree(at: head)
            for step in plan.steps {
                try await check(step.module, in: tree + "/" + context.folder(of: step.module), context: context, progress: progress)
            }
        }
        state.commit = try await commitRelease(plan, context: context)
        report.commit = state.commit
        try Self.write(state, to: stateFile)
        progress(.committed(commit: state.commit!))
        let finished = try await finish(state, context: context, stateFile: stateFile, progress: progress)
        report.published = finished.published
        report.alreadyPublished = finished.alreadyPublished
        return report
    }

    /// `--continue`: finishes the train of the state file, or the last train if its state file is
    /// gone and the registry lacks some of its releases. Nil when the train stopped before its
    /// commit (nothing was released: a new plan is made).
    func continueTrain(
        _ existing: ReleaseState?, context: ReleaseContext, stateFile: String, progress: (ReleaseProgress) -> Void
    ) async throws -> ReleaseReport? {
        if let existing {
            return existing.commit == nil ? nil : try await finish(existing, context: context, stateFile: stateFile, progress: progress)
        }
        let lost: LostTrain?
        var reader: ReleasePublishing?
        do { lost = try await lostTrain(context, reader: &reader) } catch {
            throw InputErrors(
                .inputError(
                    "no-release-in-progress",
                    "there is no release to continue: no state file, and the registry could not be asked whether the last release is all in it (\(Self.describe(error)))",
                    at: nil, hint: "strata release starts one"))
        }
        guard let lost else {
            throw InputErrors(.inputError("no-release-in-progress", "there is no release to continue", at: nil, hint: "strata release starts one"))
        }
        try Self.write(lost.state, to: stateFile)
        var report = try await finish(lost.state, context: context, stateFile: stateFile, progress: progress)
        report.notes.append(
            "the train's state file was gone; its tags on \(lost.state.commit!.prefix(12)) and the registry named what was left to publish")
        return report
    }

    // MARK: - Checking

    /// Why a release from the work tree as it is now would be refused: uncommitted changes (the
    /// release would not contain them), a detached HEAD (the release commit would be on no
    /// branch, lost to the next checkout).
    func treeRefusals(_ context: ReleaseContext) async throws(InputErrors) -> [Diagnostic] {
        var refusals: [Diagnostic] = []
        let modified: [String]
        let branch: String?
        do {
            modified = try await context.repository.modifiedPaths()
            branch = try await context.repository.currentBranch()
        } catch {
            throw InputErrors(error.diagnostic)
        }
        if !modified.isEmpty {
            refusals.append(
                .inputError(
                    "uncommitted-changes",
                    "the workspace has uncommitted changes (\(modified.prefix(3).joined(separator: ", "))\(modified.count > 3 ? ", …" : "")), which a release would not contain",
                    at: nil, hint: "commit or stash them first; a release is made of commits"))
        }
        if branch == nil {
            refusals.append(
                .inputError(
                    "detached-head", "HEAD is detached: the release commit would be on no branch, and the next checkout would leave it behind",
                    at: nil, hint: "check out the branch to release from (git switch main), then release"))
        }
        return refusals
    }

    /// What the registry says against a new train: the last train is not all in it although no
    /// state file says so (`unfinished-release`), or it has versions the plan would release.
    func registryRefusals(_ plan: ReleasePlan, context: ReleaseContext, stateKept: Bool) async throws -> [Diagnostic] {
        var refusals: [Diagnostic] = []
        var reader: ReleasePublishing?
        if !stateKept, let lost = try await lostTrain(context, reader: &reader) { refusals.append(Self.unfinished(lost)) }
        if !plan.steps.isEmpty { refusals += try await takenVersions(plan, context: context, reader: &reader) }
        return refusals
    }

    /// The registry asked read-only (anonymously without a token): made once per run, when first
    /// needed (making one works out what every module uses).
    func registryReader(_ made: inout ReleasePublishing?, context: ReleaseContext) throws -> ReleasePublishing {
        if let made { return made }
        let reader = try ReleasePublishing(workspace: context.workspace, registryURL: registryURL, tokenFile: tokenFile, readOnly: true)
        made = reader
        return reader
    }

    /// An error in a sentence, for a note.
    static func describe(_ error: any Error) -> String {
        (error as? InputErrors)?.diagnostics.map(\.message).joined(separator: "; ") ?? "\(error)"
    }

    /// Versions of the plan the registry holds already, published from elsewhere: releasing
    /// would tag them on content the registry does not serve.
    func takenVersions(_ plan: ReleasePlan, context: ReleaseContext, reader: inout ReleasePublishing?) async throws -> [Diagnostic] {
        let publishing = try registryReader(&reader, context: context)
        var refusals: [Diagnostic] = []
        for step in plan.steps where try await publishing.isListed(step.module, version: step.to) {
            refusals.append(
                .inputError(
                    "version-taken",
                    "the registry already has \(try publishing.identity(of: step.module)) \(step.to), which this train would release as \(step.module) \(step.to) on other content",
                    at: nil,
                    hint: "a registry's releases never change: release past it (--bump, or --first-version for a first release)"))
        }
        return refusals
    }

    /// Generated files that are not what strata.yml and the record make (the registry's form):
    /// the release commit regenerates them, and must not carry unrelated changes.
    func staleFiles(_ context: ReleaseContext) throws(InputErrors) -> [Diagnostic] {
        var refusals: [Diagnostic] = []
        let stale = try WorkspaceGenerator.plan(for: context.workspace, options: GenerationOptions(versions: context.record)).changes
        if !stale.isEmpty {
            refusals.append(
                .inputError(
                    "stale-generated-files",
                    "\(stale.count) generated file\(stale.count == 1 ? " is" : "s are") not what strata.yml makes (\(stale.prefix(3).map(\.path).joined(separator: ", "))\(stale.count > 3 ? ", …" : ""))",
                    at: .file(context.workspace.manifest.path), hint: "run 'strata generate --no-local', commit, and release again"))
        }
        return refusals
    }

    /// `swift test` of the module's package (`swift build` if it has no tests), standalone in a
    /// copy of HEAD: what is published must build and pass its tests.
    func check(_ module: String, in folder: String, context: ReleaseContext, progress: (ReleaseProgress) -> Void) async throws {
        let hasTests = context.workspace.modules.first { $0.name == module }?.targets[.tests] != nil
        let arguments = hasTests ? ["test"] : ["build"]
        progress(.checking(module: module, step: "swift \(arguments[0])"))
        let result = try await ChildProcess.run(
            SwiftToolchain.swift, arguments: arguments + SwiftToolchain.scratchBuildOptions + ["--package-path", folder], input: .none,
            output: .string(limit: 1 << 24),
            error: .string(limit: 1 << 24), limit: .swiftBuild)
        guard result.succeeded, !result.timedOut else {
            let output = (result.standardOutput + "\n" + result.standardError).split(separator: "\n").filter { !$0.hasPrefix("[") }
            throw ReleaseFailure(
                id: "check-failed",
                message:
                    "'swift \(arguments[0])' of \(module)'s package \(result.timedOut ? "did not finish" : "failed"), so nothing was released:\n\(output.suffix(15).joined(separator: "\n"))",
                hint: "fix it, commit, and run strata release again (or --no-verify to release without building)")
        }
    }

    // MARK: - The release commit

    /// Writes the new versions, the changelog entries and the regenerated Package.swift files in
    /// one transaction, commits them and returns the commit; if the commit fails, the files are
    /// put back as they were.
    func commitRelease(_ plan: ReleasePlan, context: ReleaseContext) async throws -> String {
        var record = context.record
        let old = context.record
        for step in plan.steps {
            var entry = record.entries[step.module] ?? VersionRecord.Entry(version: SemanticVersion(step.to)!)
            entry.version = SemanticVersion(step.to)!
            entry.location = nil
            for raise in step.raises { entry.requires[raise.dependency] = SemanticVersion(raise.to)! }
            record.entries[step.module] = entry
        }
        // Every released module names what it requires of each module it uses, so a requirement
        // never moves with a dependency's later release.
        for module in context.modules where record.entries[module] != nil {
            for dependency in context.dependencies[module] ?? [] where record.entries[module]?.requires[dependency] == nil {
                if let version = old.entries[dependency]?.version ?? record.entries[dependency]?.version {
                    record.entries[module]?.requires[dependency] = version
                }
            }
        }
        let root = context.workspace.root
        var alongside: [(path: String, contents: String)] = [(record.path, record.rendered(order: context.modules))]
        for step in plan.steps {
            let path = root + "/" + context.folder(of: step.module) + "/" + Changelog.fileName
            let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            alongside.append((path, Changelog.prepending(Changelog.entry(for: step, date: changelogDate), to: existing)))
        }
        let generation = try WorkspaceGenerator.plan(for: context.workspace, options: GenerationOptions(versions: record))
        let before =
            alongside.map { ($0.path, FileManager.default.contents(atPath: $0.path)) }
            + generation.changes.map { (root + "/" + $0.path, $0.old.map { Data($0.utf8) }) }
        try generation.apply(force: false, alongside: alongside)
        let paths = before.map(\.0).compactMap { path in path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : nil }
        let released = plan.steps.map { "\($0.module) \($0.to)" }
        let message =
            "Release "
            + (released.count <= 3
                ? released.joined(separator: ", ") : "\(released.prefix(2).joined(separator: ", ")) and \(released.count - 2) more")
            + "\n\n" + plan.steps.map { "\($0.module) \($0.from ?? "-") → \($0.to): \($0.reasons.joined(separator: "; "))" }.joined(separator: "\n")
        do {
            return try await context.repository.commit(paths: paths, message: message)
        } catch {
            // Put every file back as it was: nothing is released without its commit.
            for (path, data) in before {
                if let data { try? AtomicFileWriter.write(data, to: path) } else { try? FileManager.default.removeItem(atPath: path) }
            }
            throw ReleaseFailure(
                id: error.id, message: "the release commit failed, so nothing was released: \(error.message)",
                hint: error.hint ?? "fix the cause (a git identity: git config user.email …) and run strata release again")
        }
    }

    // MARK: - Tags and publishing

    /// Tags the release commit and publishes every module of the train the registry lacks, in
    /// order, from a copy of the repository at the release commit (never the work tree, which may
    /// have moved on). The state file goes once all are published.
    func finish(
        _ state: ReleaseState, context: ReleaseContext, stateFile: String, progress: (ReleaseProgress) -> Void
    ) async throws
        -> ReleaseReport
    {
        var state = state
        guard let commit = state.commit else { throw ReleaseFailure(id: "no-release-in-progress", message: "nothing to finish", hint: nil) }
        for step in state.plan.steps {
            let tag = ReleaseHistory.tagName(module: step.module, version: step.to)
            try await gitCall {
                try await context.repository.tag(
                    tag, message: "\(step.module) \(step.to)\n\n\(Changelog.entry(for: step, date: changelogDate))", at: commit)
            }
            progress(.tagged(tag: tag))
        }
        let scratchFolder = try ScratchFolder.make(for: "release")
        defer { scratchFolder.remove() }
        let scratch = scratchFolder.path
        let treeRoot = try await APIComparison(repository: context.repository, scratch: scratch).exportedTree(at: commit)
        let released = try await WorkspaceLoader().load(path: treeRoot).workspace
        // The registry's form: what the release commit records, whatever local development says.
        let versions = try VersionRecord.load(besideManifest: released.manifest.path)
        guard let references = GenerationOptions(versions: versions).references(for: released) else {
            throw ReleaseFailure(id: "no-registry-modules", message: "the release commit has no registry modules", hint: nil)
        }
        let publishing = try ReleasePublishing(workspace: released, registryURL: state.registryURL ?? registryURL, tokenFile: tokenFile)
        var report = ReleaseReport(plan: state.plan, notes: [], commit: commit, published: [], alreadyPublished: [])
        for outcome in try await publishing.publishNeededPackages(of: state.plan.steps.map(\.module)) {
            progress(.published(module: outcome.neededBy ?? "", identity: outcome.identifier, version: outcome.version))
        }
        for step in state.plan.steps where !state.published.contains(step.module) {
            switch try await publishing.existing(step.module, version: step.to, references: references) {
            case .absent:
                let outcome = try await publishing.publish(step.module, version: step.to, references: references)
                progress(.published(module: step.module, identity: outcome.identifier, version: step.to))
                report.published.append(step.module)
            case .same:
                progress(.alreadyPublished(module: step.module, version: step.to))
                report.alreadyPublished.append(step.module)
            case .different(let paths):
                throw ReleaseFailure(
                    id: "release-differs",
                    message:
                        "the registry already has \(try publishing.identity(of: step.module)) \(step.to) with other content (\(paths.prefix(3).joined(separator: ", "))\(paths.count > 3 ? ", …" : "")) than the release commit's \(step.module) \(step.to), so the train stops there",
                    hint:
                        "a registry's releases never change, so this train cannot finish: undo it (git tag -d its tags, git revert its commit, rm \(stateFile)) and release past \(step.to) with --bump"
                )
            }
            state.published.append(step.module)
            try Self.write(state, to: stateFile)
        }
        try? FileManager.default.removeItem(atPath: stateFile)
        return report
    }

    // MARK: - A train whose state file is gone

    /// The last train, found again from its tags.
    struct LostTrain {
        /// Every release of the train, to be finished as one whose state file was kept.
        var state: ReleaseState
        /// "Module version" of those the registry does not list.
        var unpublished: [String]
    }

    /// The last train, if the registry lacks some of its releases although no state file says a
    /// train is unfinished (it was deleted, or the run was killed before writing it): the
    /// modules whose recorded version is tagged on the commit that last changed
    /// strata.versions.yml — the last release commit.
    func lostTrain(_ context: ReleaseContext, reader: inout ReleasePublishing?) async throws -> LostTrain? {
        guard let commit = try await gitCall({ try await context.repository.lastCommit(touching: context.record.path) }) else { return nil }
        let tags = try await gitCall { try await context.repository.tags() }
        let onCommit = Set(tags.filter { $0.commit == commit }.map(\.name))
        let order =
            ReleasePlanner(modules: context.modules, dependencies: context.dependencies, versions: context.record, changes: [:]).topologicalOrder()
            ?? context.modules
        let steps = order.compactMap { module -> ReleasePlan.Step? in
            guard let version = context.record.entries[module]?.version.description,
                onCommit.contains(ReleaseHistory.tagName(module: module, version: version))
            else { return nil }
            return ReleasePlan.Step(
                module: module, from: nil, to: version, bump: nil, reasons: ["tagged on \(commit.prefix(12))"], api: nil, apiDetails: [],
                commits: [], raises: [], dependents: [])
        }
        guard !steps.isEmpty else { return nil }
        let publishing = try registryReader(&reader, context: context)
        var unpublished: [String] = []
        for step in steps where try await !publishing.isListed(step.module, version: step.to) { unpublished.append("\(step.module) \(step.to)") }
        guard !unpublished.isEmpty else { return nil }
        return LostTrain(state: ReleaseState(plan: ReleasePlan(steps: steps), registryURL: registryURL, commit: commit), unpublished: unpublished)
    }

    /// The refusal of a new train while the last one is not all in the registry.
    static func unfinished(_ lost: LostTrain) -> Diagnostic {
        let releases = lost.unpublished
        return .inputError(
            "unfinished-release",
            "the last release (\(lost.state.commit!.prefix(12))) is not all in the registry: \(releases.prefix(3).joined(separator: ", "))\(releases.count > 3 ? " and \(releases.count - 3) more" : "") \(releases.count == 1 ? "is" : "are") tagged but unpublished, and no state file says so",
            at: nil, hint: "strata release --continue publishes them")
    }

    // MARK: - State

    /// `<git dir>/strata/release-<workspace>.json`: one train per workspace of the repository.
    static func stateFile(of context: ReleaseContext) async throws -> String {
        let gitDirectory = try await gitCall { try await context.repository.gitDirectory() }
        let prefix = context.repository.prefix.isEmpty ? "root" : context.repository.prefix.dropLast().replacingOccurrences(of: "/", with: "-")
        return gitDirectory + "/strata/release-\(prefix).json"
    }

    /// The train in progress; nil when there is none. A state file that cannot be read is an
    /// error, never "no train": it may be all that says a release is half published.
    static func readState(_ path: String) throws(InputErrors) -> ReleaseState? {
        let reason: String
        switch FileContents.read(path) {
        case .success(let bytes):
            do { return try JSONDecoder().decode(ReleaseState.self, from: Data(bytes)) } catch { reason = Self.reason(error) }
        case .failure(.missing):
            return nil
        case .failure(let failure):
            reason = failure.description
        }
        throw InputErrors(
            .inputError(
                "damaged-release-state", "the state of the release in progress cannot be read: \(reason)", at: .file(path),
                hint: "restore it; if no release is unfinished, remove it (rm '\(path)'): strata release --continue then finds what its tags lack"))
    }

    /// Why a state file does not decode, in words.
    static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)? where context.codingPath.isEmpty: "it is not valid JSON"
        case .keyNotFound(let key, _)?: "it has no '\(key.stringValue)'"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
            "'\(context.codingPath.map(\.stringValue).joined(separator: "."))' is not what a release state holds there"
        default: "\(error)"
        }
    }

    static func write(_ state: ReleaseState, to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try AtomicFileWriter.write(try encoder.encode(state), to: path, creatingFolder: true)
    }
}

/// A step of the train that failed (a build, a test, a commit): exit status 1, with what to do.
public struct ReleaseFailure: Error, Sendable, CustomStringConvertible {
    public var id: String
    public var message: String
    public var hint: String?
    public var description: String { message }
}

/// Runs a git call, turning its error into an input error.
func gitCall<T>(_ body: () async throws -> T) async throws -> T {
    do { return try await body() } catch let error as GitError { throw InputErrors(error.diagnostic) }
}
