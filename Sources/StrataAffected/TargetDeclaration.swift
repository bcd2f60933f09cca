import StrataFileSystem
import StrataManifest
import StrataSources
import StrataWorkspace

/// Everything about a target's declaration that can change how it builds: what it is, where
/// its sources are, how it links and what it depends on. Two revisions' declarations of a
/// target are compared field by field; the layer is left out (a layer moves the module in the
/// architecture, not in the build).
struct TargetDeclaration: Hashable {
    var role: TargetRole
    var linkage: Linkage
    var isTestHost: Bool
    /// Source folder, `sources:` and `exclude:`, relative to the workspace root.
    var sources: String
    /// For externals: the package and how it is required (generate mode).
    var package: String
    var dependencies: [String]
    /// What an Xcode target's build declares beyond the graph: its settings and build phases.
    var build: [String: String]

    init(_ index: TargetID, in workspace: Workspace) {
        let target = workspace.targets[index]
        role = target.role
        linkage = target.linkage
        isTestHost = target.isTestHost
        if let sources = target.sources {
            let relative = { (path: String) -> String in PathResolution.path(path, inside: workspace.root) ?? path }
            let only: String = sources.only.map { $0.map(relative).joined(separator: ",") } ?? "all"
            let excluded: String = sources.excluded.map(relative).joined(separator: ",")
            let filters = sources.filters.map {
                "\(relative($0.root)): +\($0.includes.joined(separator: "+")) -\($0.excludes.joined(separator: "-"))"
            }
            self.sources =
                "\(relative(sources.directory)) sources: \(only) exclude: \(excluded)"
                + (filters.isEmpty ? "" : " patterns: " + filters.joined(separator: ", "))
        } else {
            sources = ""
        }
        if let identity = target.package {
            let declaration = workspace.manifest.packages.first { $0.name.value == identity }
            package = identity + (declaration.map { " \($0.source) \($0.requirement)" } ?? "")
        } else {
            package = ""
        }
        // How each is linked counts too: a static link embeds it, a dynamic one loads it.
        dependencies = workspace.dependencies[index].map { edge in
            workspace.targets[edge.target].name + (edge.dynamicLibrary.map { " (through dynamic library \($0))" } ?? "")
        }.sorted()
        build = target.buildDeclaration
    }

    /// What changed from `old` to `self`, in words: "depends on X now", "no longer depends on Y", ….
    func changes(from old: TargetDeclaration) -> [String] {
        var changes: [String] = []
        let added = Set(dependencies).subtracting(old.dependencies).sorted()
        let removed = Set(old.dependencies).subtracting(dependencies).sorted()
        if !added.isEmpty { changes.append("depends on \(added.joined(separator: ", ")) now") }
        if !removed.isEmpty { changes.append("no longer depends on \(removed.joined(separator: ", "))") }
        if role != old.role { changes.append("its role changed from \(old.role.rawValue) to \(role.rawValue)") }
        if linkage != old.linkage { changes.append("its linkage changed from \(old.linkage.rawValue) to \(linkage.rawValue)") }
        if isTestHost != old.isTestHost { changes.append(isTestHost ? "it became a test host" : "it is no longer a test host") }
        if sources != old.sources { changes.append("its sources changed (\(old.sources) → \(sources))") }
        if package != old.package { changes.append("its package changed (\(old.package) → \(package))") }
        changes += buildChanges(from: old)
        return changes
    }

    /// The build settings, phases and rules that differ, named: "its build settings changed
    /// (SWIFT_ACTIVE_COMPILATION_CONDITIONS)", "its build phases changed (PBXResourcesBuildPhase)",
    /// "its build rules changed ('Generate Protobuf')".
    private func buildChanges(from old: TargetDeclaration) -> [String] {
        let differing = Set(build.keys).union(old.build.keys).filter { build[$0] != old.build[$0] }.sorted()
        var changes: [String] = []
        for (prefix, words) in [("setting ", "build settings"), ("phase ", "build phases"), ("rule ", "build rules")] {
            let names = differing.filter { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count) }
            guard !names.isEmpty else { continue }
            let shown = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
            changes.append("its \(words) changed (\(shown))")
        }
        return changes
    }
}

/// What in the generate-mode build settings applies to every target at once.
struct WorkspaceBuildSettings: Equatable {
    var summary: String

    init(_ manifest: Manifest) {
        guard manifest.mode == .generate else {
            summary = "adopt"
            return
        }
        let generate = manifest.generate
        let platforms = generate.platforms.map { "\($0.name.value) \($0.version.value)" }.joined(separator: ", ")
        let xcodegen = generate.xcodegen.map {
            "\($0.platform.value) \($0.deploymentTarget?.value ?? "-") \($0.bundleIDPrefix?.value ?? "-") \($0.checkPhase ? "check-phase" : "-")"
        }
        summary =
            "layout \(generate.layout.rawValue), tools \(generate.toolsVersion), platforms [\(platforms)], xcodegen \(xcodegen ?? "off")"
    }
}
