public import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataModel
import StrataSources

/// Each module target's sources moved to where the workspace's layout wants them
/// (`strata generate --move-sources`): switching to the `packages` layout (or to
/// `distribution: registry`, which implies it) puts a module's targets under
/// `Packages/<Module>/Sources/<Target>` (and `Tests/`), and switching back puts them under the
/// root's `Sources/` and `Tests/` again.
///
/// Everything is read before anything is written: a target whose folder is where the layout
/// wants it already is left alone; one whose folder is where the other layout would have it is
/// moved, file by file, in the same transaction as the regenerated build files (so a failure
/// leaves the tree as it was); a file that cannot be read, or a destination that exists and
/// holds files, stops the run before it touches anything. Targets with their own `path:` and
/// apps stay where they are.
public struct SourceMoves: Sendable {
    /// One target's folder moved whole, with its files.
    public struct Move: Sendable {
        public var target: String
        /// Absolute folders.
        public var from: String
        public var to: String
        /// Each file's path relative to the folder, and its bytes.
        public var files: [(path: String, data: Data)]
    }

    public var moves: [Move]

    /// No moves.
    public static let none = SourceMoves(moves: [])

    /// The files to write, absolute, with their bytes.
    public var copies: [(path: String, data: Data)] {
        moves.flatMap { move in move.files.map { (move.to + "/" + $0.path, $0.data) } }
    }

    /// The files to remove, absolute.
    public var removals: [String] {
        moves.flatMap { move in move.files.map { move.from + "/" + $0.path } }
    }

    /// Plans the moves for `workspace`, reading every file to move.
    public static func plan(for workspace: Workspace) throws(InputErrors) -> SourceMoves {
        guard workspace.manifest.mode == .generate else { return .none }
        let manager = FileManager.default
        var moves: [Move] = []
        var problems: [Diagnostic] = []
        for target in workspace.targets {
            guard let module = target.module, let sources = target.sources,
                let other = otherLayoutFolder(of: target, module: module, in: workspace), sources.directory != other
            else { continue }
            let wanted = sources.directory
            let toMove = files(under: other)
            guard !toMove.isEmpty else { continue }
            let inTheWay = files(under: wanted)
            guard inTheWay.isEmpty else {
                problems.append(
                    .inputError(
                        "move-blocked",
                        "'\(relative(wanted, workspace))' holds \(inTheWay.count) file\(inTheWay.count == 1 ? "" : "s") already, so the sources of '\(target.name)' in '\(relative(other, workspace))' cannot move there",
                        at: target.location,
                        hint: "merge the two folders by hand, or remove the one that is out of date, then run 'strata generate --move-sources' again")
                )
                continue
            }
            var read: [(path: String, data: Data)] = []
            for file in toMove {
                guard let data = manager.contents(atPath: other + "/" + file) else {
                    problems.append(
                        .inputError(
                            "unreadable-file", "'\(relative(other + "/" + file, workspace))' cannot be read, so '\(target.name)' cannot be moved",
                            at: .file(other + "/" + file),
                            hint: "make it readable (or remove it), then run 'strata generate --move-sources' again; nothing was moved"))
                    continue
                }
                read.append((file, data))
            }
            moves.append(Move(target: target.name, from: other, to: wanted, files: read))
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return SourceMoves(moves: moves)
    }

    /// Where the other layout keeps the target's sources, or nil for a target whose folder is
    /// its own `path:` (the layout does not decide it).
    static func otherLayoutFolder(of target: Target, module: String, in workspace: Workspace) -> String? {
        guard let sources = target.sources else { return nil }
        let kind = target.role == .tests ? "Tests" : "Sources"
        let single = PathResolution.resolve("\(kind)/\(target.name)", in: workspace.root)
        let packages = PathResolution.resolve(GenerateSettings.packageFolder(of: module) + "/\(kind)/\(target.name)", in: workspace.root)
        switch sources.directory {
        case single: return packages
        case packages: return single
        default: return nil
        }
    }

    /// Every file under `folder`, relative to it, sorted; empty when there is no such folder.
    static func files(under folder: String) -> [String] {
        guard isFolder(folder), let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        while let path = enumerator.nextObject() as? String {
            var info = stat()
            if lstat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR { found.append(path) }
        }
        return found.sorted()
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func relative(_ path: String, _ workspace: Workspace) -> String {
        PathResolution.path(path, inside: workspace.root) ?? path
    }
}
