package import StrataDiagnostics
package import StrataFileSystem
package import StrataManifest
package import StrataProjectFormat

/// The pods of an adopt-mode workspace as read from their files: the Podfile (if any), every
/// podspec of the workspace by pod name, and the spec repos external pods come from. The
/// adopt-mode reader turns them into targets; `strata migrate` into generate-mode modules.
package struct PodsWorkspace: Sendable {
    package var pods: [String: Podspec]
    package var podfile: Podfile?
    package var repos: SpecRepos
    /// The files read and the specs found, for the adopt-mode reader's result.
    var read: ProjectsRead

    /// `use_frameworks!` without `:linkage => :static`: pods are dynamic frameworks.
    package var linksDynamically: Bool { podfile.map { $0.usesFrameworks && !$0.staticLinkage } ?? false }

    /// Reads the Podfile `adopt.podfile` names, then the podspecs `adopt.podspecs` finds and
    /// the Podfile's `:path` pods, in parallel; a pod declared twice, or with sources outside the
    /// workspace, is an error.
    package static func read(
        _ settings: AdoptSettings, root: String, files: any WorkspaceFiles, boundary: WorkspaceBoundary
    ) async throws(InputErrors) -> PodsWorkspace {
        var read = ProjectsRead()
        // The Podfile first: its `:path` pods are podspecs of the workspace too.
        let podfile = try CocoaPodsFormat.readPodfile(settings, root: root, files: files, into: &read)
        let paths = try CocoaPodsFormat.podspecPaths(settings, podfile: podfile, root: root, files: files, into: &read)
        let pods = try await CocoaPodsFormat.readPods(at: paths, root: root, files: files, boundary: boundary, into: &read)
        let repos = try SpecRepos(settings.specRepos, root: root, files: files)
        return PodsWorkspace(pods: pods, podfile: podfile, repos: repos, read: read)
    }
}
