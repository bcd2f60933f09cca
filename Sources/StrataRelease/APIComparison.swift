import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
public import StrataGit
import StrataProcess
import StrataToolchain
import StrataWorkspace
import Subprocess
import SystemPackage

/// What a change did to a module's public API, asked of the toolchain: `swift package
/// diagnose-api-breaking-changes`, which builds the package at a baseline revision and now and
/// compares the two with the API digester.
///
/// SwiftPM clones the package's own repository for the baseline, and a module's package is a
/// folder of the workspace's repository, so each comparison gets a scratch repository holding
/// the module's package at two commits: as it was at its release tag, and as it is at HEAD.
/// Both are taken from copies of the whole repository at those revisions (`Trees`), where every
/// package gets the others from their folders by absolute path, so no registry is involved.
///
/// The digester reports what breaks, not what is added; additions are what breaks going the
/// other way, so a comparison without breakage runs a second time from HEAD to the baseline.
public struct APIComparison: Sendable {
    /// The repository the workspace is in.
    public let repository: GitRepository
    /// Where trees, scratch repositories and builds go.
    public let scratch: String

    public init(repository: GitRepository, scratch: String) {
        self.repository = repository
        self.scratch = scratch
    }

    /// The result for one module.
    public struct Result: Sendable, Hashable {
        public var change: APIChange
        /// The digester's words for each difference: what breaks, or what was added.
        public var details: [String]
    }

    /// Compares `module`'s package (`folder`, relative to the workspace root) at `baseline` with
    /// `head`, two commits.
    public func compare(module: String, folder: String, baseline: String, head: String) async throws -> Result {
        let before = try await tree(at: baseline)
        let after = try await tree(at: head)
        let repositoryFolder = scratch + "/api/\(module)"
        try? FileManager.default.removeItem(atPath: repositoryFolder)
        try FileManager.default.createDirectory(atPath: repositoryFolder, withIntermediateDirectories: true)
        let package = try await GitRepository.create(at: repositoryFolder)
        try replaceContents(of: repositoryFolder, with: before + "/" + folder)
        let baselineCommit = try await package.commitSnapshot(message: "\(module) at its last release")
        try replaceContents(of: repositoryFolder, with: after + "/" + folder)
        let headCommit = try await package.commitSnapshot(message: "\(module) now")

        let breaking = try await diagnose(in: repositoryFolder, against: baselineCommit, module: module)
        if !breaking.isEmpty { return Result(change: .breaking, details: breaking) }
        // What the baseline lacks breaks going backwards: those are the additions.
        try await package.checkout(baselineCommit)
        let added = try await diagnose(in: repositoryFolder, against: headCommit, module: module)
        return Result(change: added.isEmpty ? .none : .additive, details: added.map(Self.addition))
    }

    /// The digester's breakage lines, `func NetworkClient.fetch(_:) has been removed`, for the
    /// package in `folder` compared with `baseline`.
    func diagnose(in folder: String, against baseline: String, module: String) async throws -> [String] {
        let result = try await ChildProcess.run(
            SwiftToolchain.swift, arguments: ["package"] + SwiftToolchain.scratchBuildOptions + ["diagnose-api-breaking-changes", baseline],
            workingDirectory: FilePath(folder),
            input: .none, output: .string(limit: 1 << 24), error: .string(limit: 1 << 24), limit: .swiftBuild)
        let output = result.standardOutput + "\n" + result.standardError
        let breakages = Self.breakages(in: output)
        if result.timedOut || (!result.succeeded && breakages.isEmpty) {
            let tail = output.split(separator: "\n").filter { !$0.hasPrefix("[") }.suffix(12).joined(separator: "\n")
            throw InputErrors(
                .inputError(
                    "api-comparison-failed",
                    "the API of '\(module)' could not be compared with its last release: swift package diagnose-api-breaking-changes \(result.timedOut ? "did not finish" : "failed"):\n\(tail)",
                    at: nil, hint: "fix the build of its package, or choose the bump yourself: strata release \(module) --bump minor"))
        }
        return breakages
    }

    /// The lines `  💔 API breakage: <what>` of the digester's report, as `<what>`.
    static func breakages(in output: String) -> [String] {
        output.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "API breakage: ") else { return nil }
            return String(line[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
    }

    /// A breakage found going backwards, said the way round it happened.
    static func addition(_ breakage: String) -> String {
        breakage.hasSuffix(" has been removed") ? String(breakage.dropLast(" has been removed".count)) + " has been added" : "added: \(breakage)"
    }

    // MARK: - Trees

    /// The workspace as it is at `commit`, copied out of the repository once into
    /// `scratch/trees/<commit>-standalone`, with its module packages standalone (each dependency
    /// from its folder by absolute path). Returns the workspace's folder in the copy.
    public func tree(at commit: String) async throws -> String {
        try await export(commit, into: "\(commit)-standalone") { workspaceRoot in
            let workspace = try await WorkspaceLoader().load(path: workspaceRoot).workspace
            for file in try WorkspaceGenerator.standalonePackages(for: workspace) {
                try Data(file.contents.utf8).write(to: URL(fileURLWithPath: workspaceRoot + "/" + file.path))
            }
        }
    }

    /// The workspace as it was committed at `commit`, copied out of the repository into
    /// `scratch/trees/<commit>`. Returns the workspace's folder in the copy.
    public func exportedTree(at commit: String) async throws -> String {
        try await export(commit, into: commit) { _ in }
    }

    /// Copies the whole repository at `commit` into `scratch/trees/<name>` once (the workspace's
    /// packages may use folders of the repository outside it) and prepares it with `prepare`.
    private func export(_ commit: String, into name: String, prepare: (String) async throws -> Void) async throws -> String {
        let root = scratch + "/trees/" + name
        let workspaceRoot = root + (repository.prefix.isEmpty ? "" : "/" + String(repository.prefix.dropLast()))
        if FileManager.default.fileExists(atPath: root + "/.strata-tree") { return workspaceRoot }
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try await gitCall { try await repository.export("", at: commit, to: root) }
        try await prepare(workspaceRoot)
        _ = FileManager.default.createFile(atPath: root + "/.strata-tree", contents: Data())
        return workspaceRoot
    }

    /// Empties `folder` but for `.git`, then copies `source` into it without build products.
    private func replaceContents(of folder: String, with source: String) throws {
        let manager = FileManager.default
        for item in try manager.contentsOfDirectory(atPath: folder) where item != ".git" {
            try manager.removeItem(atPath: folder + "/" + item)
        }
        for item in try manager.contentsOfDirectory(atPath: source) where ![".build", ".swiftpm", ".git"].contains(item) {
            try manager.copyItem(atPath: source + "/" + item, toPath: folder + "/" + item)
        }
    }
}
