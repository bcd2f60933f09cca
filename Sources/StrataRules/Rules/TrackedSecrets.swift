import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataSources
public import StrataWorkspace

/// `tracked-secrets`: git does not track a Swift file that `strata secrets export` wrote.
///
/// Such a file holds the team's secrets, only obfuscated: committed, it hands them to everyone
/// who can read the repository, for as long as its history lives. Export refuses to write a
/// file git tracks or does not ignore; this rule catches one added afterwards (`git add -f`) or
/// copied in by hand. It is found by its first line (`ExportedSecretsFile`), and git is asked
/// only about such files.
public struct TrackedSecrets: SourceRule {
    public let id = "tracked-secrets"
    public let summary = "Swift files that 'strata secrets export' wrote are not tracked by git."

    public init() {}

    public func check(_ workspace: Workspace, sources: WorkspaceSources) -> [Finding] {
        return sources.trackedSecretsFiles.map { file in
            let name = workspace.targets[TargetID(file.target)].name
            let relative = PathResolution.path(file.path, inside: workspace.root) ?? file.path
            return Finding(
                "git tracks '\(relative)' of '\(name)', which holds the secrets 'strata secrets export' wrote",
                at: SourceLocation(path: file.path, line: 1, column: 1),
                hint:
                    "'git rm --cached \(relative)' and add it to .gitignore; if it was ever pushed, rotate the secrets it holds",
                subject: DiagnosticSubject(source: name, target: relative))
        }
    }
}
