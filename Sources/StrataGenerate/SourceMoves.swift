import Foundation
public import StrataDiagnostics
public import StrataFileSystem
import StrataManifest
import StrataSources
public import StrataWorkspace

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
        /// Everything in `from`, read.
        public var files: FolderContents
    }

    public var moves: [Move]

    /// No moves.
    public static let none = SourceMoves(moves: [])

    /// The files to write at their new places, with their bytes and modes (links as links).
    public var copies: [StagedFile] {
        moves.flatMap { move in
            move.files.entries.map { move.files.moved($0, to: move.to + "/" + $0.path, newPlace: newPlace) }
        }
    }

    /// Where `path` (absolute) is once the moves are made.
    func newPlace(_ path: String) -> String {
        for move in moves {
            if let inside = PathResolution.path(path, inside: move.from) { return inside.isEmpty ? move.to : move.to + "/" + inside }
        }
        return path
    }

    /// The files to remove, absolute.
    public var removals: [String] {
        moves.flatMap(\.files.paths)
    }

    /// Plans the moves for `workspace`, reading every file to move.
    public static func plan(for workspace: Workspace) throws(InputErrors) -> SourceMoves {
        guard workspace.manifest.mode == .generate else { return .none }
        var moves: [Move] = []
        var problems: [Diagnostic] = []
        for target in workspace.targets {
            guard let module = target.module, let sources = target.sources,
                let other = otherLayoutFolder(of: target, module: module, in: workspace), sources.directory != other
            else { continue }
            let wanted = sources.directory
            let toMove = FolderContents.read(other)
            guard !toMove.entries.isEmpty || !toMove.problems.isEmpty else { continue }
            let inTheWay = FolderContents.read(wanted, readingFiles: false).entries
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
            for (path, reason) in toMove.problems {
                problems.append(
                    .inputError(
                        "unreadable-file", "'\(relative(path, workspace))' cannot be read (\(reason)), so '\(target.name)' cannot be moved",
                        at: .file(path), hint: "make it readable (or remove it), then run 'strata generate --move-sources' again; nothing was moved"))
            }
            moves.append(Move(target: target.name, from: other, to: wanted, files: toMove))
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
        let packages = PathResolution.resolve(workspace.manifest.packageFolder(of: module) + "/\(kind)/\(target.name)", in: workspace.root)
        switch sources.directory {
        case single: return packages
        case packages: return single
        default: return nil
        }
    }

    static func relative(_ path: String, _ workspace: Workspace) -> String {
        PathResolution.path(path, inside: workspace.root) ?? path
    }
}
