public import StrataDiagnostics
import StrataFileSystem
import StrataManifest
public import StrataProjectFormat
import StrataSources

/// The Xcode projects of an adopt-mode workspace (`adopt: { xcode: [...] }`), and the projects
/// they reference, turned into the package manifests the adopt-mode builder reads, so that apps,
/// extensions, Xcode frameworks and test bundles join the packages, specs and pods in one graph:
///
/// - a project is a package named after it; each native target a target: frameworks and
///   libraries are library targets (with a `.static` or `.dynamic` product of their own, which is
///   their linkage), apps, extensions, services and tools executables, test bundles tests;
///   resource bundles, aggregate and legacy targets are left out;
/// - a target dependency is an edge to that target, in this project or another (a test bundle's
///   on its host app included; an app's on an extension or watch app it embeds is packaging, not
///   an edge); it links when the Frameworks phase links the target's product too;
/// - a file the Frameworks phase links that no target of the project builds is the workspace's
///   target that builds it, in any project, else a prebuilt framework (`carthage/Name` under
///   `Carthage/Build`, as XcodeGen names it, else `frameworks/Name`);
/// - a package product is that package's product: a local package's targets (the package read
///   like the workspace's others), else an external node.
public struct XcodeProjectFormat: ProjectFormat {
    public init() {}

    public func read(_ request: ProjectReadRequest, after earlier: ProjectsRead) async throws(InputErrors) -> ProjectsRead {
        guard !request.settings.xcode.isEmpty else { return ProjectsRead() }
        var result = ProjectsRead()
        let listed = try listedProjects(request, into: &result)
        let projects = try await Self.readWithReferences(listed, request: request)
        try Self.checkReferenceCycles(projects)
        for project in projects {
            result.inputs += project.inputs
            result.warnings += project.warnings
            result.specs.append(
                ProjectSpec(files: project.inputs, targets: project.targets.filter { $0.kind != .other }.map(\.name), declaresTargets: true))
        }
        result.manifests = try Self.convert(projects, request: request, localPackages: &result.localPackages)
        return result
    }

    private static let sought = PathPatterns.Sought(
        errorID: "missing-xcode-project", noun: "Xcode project or workspace",
        hint:
            "patterns are paths of .xcodeproj or .xcworkspace folders from the workspace folder, with '*' and '**': '*.xcodeproj', 'Apps/*/*.xcodeproj', 'App.xcworkspace'",
        accepts: { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") })

    /// The projects the patterns of `adopt.xcode` find, each once: `.xcodeproj` folders, and the
    /// projects `.xcworkspace` folders list (whose package folders are read as local packages).
    /// CocoaPods' own project (`Pods/Pods.xcodeproj`) is left out with a note: the Podfile and
    /// podspecs say what it holds.
    private func listedProjects(_ request: ProjectReadRequest, into result: inout ProjectsRead) throws(InputErrors) -> [Located<String>] {
        var problems: [Diagnostic] = []
        var listed: [Located<String>] = []
        func list(_ project: Located<String>) {
            guard !listed.contains(where: { $0.value == project.value }) else { return }
            if Self.isCocoaPodsProject(project.value) {
                let note = Self.cocoaPodsNote(at: project.location)
                if !result.warnings.contains(where: { $0.id == note.id && $0.message == note.message }) { result.warnings.append(note) }
                return
            }
            if let problem = request.boundary.problem(
                project, relativeTo: request.root, use: .package(PathResolution.relative(project.value, from: request.root)))
            {
                problems.append(problem)
                return
            }
            listed.append(project)
        }
        for pattern in request.settings.xcode {
            let paths = PathPatterns.expand(
                pattern, seeking: Self.sought, root: request.root, files: request.files, into: &result, problems: &problems)
            for path in paths {
                guard path.hasSuffix(".xcworkspace") else {
                    list(Located(path, at: pattern.location))
                    continue
                }
                do throws(InputErrors) {
                    let workspace = try XcodeWorkspace(path: path, files: request.files)
                    result.inputs.append(path + "/contents.xcworkspacedata")
                    for project in workspace.projects {
                        guard request.files.exists(project.value + "/project.pbxproj") else {
                            problems.append(Self.missingProject(project, from: "workspace '\(PathResolution.name(of: path))'"))
                            continue
                        }
                        list(project)
                    }
                    for folder in workspace.packageFolders where !result.localPackages.contains(folder.value) {
                        if let problem = request.boundary.problem(
                            folder, relativeTo: request.root, use: .package(PathResolution.name(of: folder.value)))
                        {
                            problems.append(problem)
                        } else {
                            result.localPackages.append(folder.value)
                        }
                    }
                } catch {
                    problems += error.diagnostics
                }
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return listed
    }

    /// A project that `owner` ("project 'App'", "workspace 'App.xcworkspace'") names, and that is not there.
    static func missingProject(_ project: Located<String>, from owner: String) -> Diagnostic {
        .inputError(
            "missing-xcode-project", "\(owner) references '\(PathResolution.name(of: project.value))', which is not there", at: project.location,
            hint: "restore the project, or remove the reference to it in Xcode")
    }

    /// Whether the project at `path` is the one `pod install` generates (`Pods/Pods.xcodeproj`).
    public static func isCocoaPodsProject(_ path: String) -> Bool {
        PathResolution.name(of: path) == "Pods.xcodeproj" && PathResolution.name(of: PathResolution.parent(of: path)) == "Pods"
    }

    static func cocoaPodsNote(at location: SourceLocation?) -> Diagnostic {
        Diagnostic(
            id: XcodeProject.skippedTargetID, severity: .note,
            message: "Pods/Pods.xcodeproj is what CocoaPods generates; its pods are read from the Podfile and podspecs", location: location,
            hint: "list them under 'adopt.podfile' and 'adopt.podspecs'")
    }

    /// Reads the listed projects in parallel, then the projects they reference that are not
    /// listed, until none is left. A referenced project that is missing is an error where the
    /// reference is written.
    private static func readWithReferences(_ listed: [Located<String>], request: ProjectReadRequest) async throws(InputErrors) -> [XcodeProject] {
        var projects: [XcodeProject] = []
        var problems: [Diagnostic] = []
        var seen = Set(listed.map(\.value))
        var pending = listed.map(\.value)
        while !pending.isEmpty {
            let batch = pending
            pending = []
            for outcome in await readAll(batch, request: request) {
                switch outcome {
                case .success(let project):
                    projects.append(project)
                    for reference in project.projectReferences where !isCocoaPodsProject(reference.value) && seen.insert(reference.value).inserted {
                        guard request.files.exists(reference.value + "/project.pbxproj") else {
                            problems.append(missingProject(reference, from: "project '\(project.name)'"))
                            continue
                        }
                        pending.append(reference.value)
                    }
                case .failure(let errors):
                    problems += errors.diagnostics
                }
            }
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return projects
    }

    private static func readAll(_ paths: [String], request: ProjectReadRequest) async -> [Result<XcodeProject, InputErrors>] {
        await withTaskGroup(of: (Int, Result<XcodeProject, InputErrors>).self) { group in
            for (index, path) in paths.enumerated() {
                group.addTask {
                    do throws(InputErrors) {
                        return (
                            index,
                            .success(
                                try XcodeProject(
                                    path: path, files: request.files, configuration: request.xcodeConfiguration,
                                    readsBuildDeclarations: request.readsBuildDeclarations))
                        )
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<XcodeProject, InputErrors>?](repeating: nil, count: paths.count)
            for await (index, result) in group { results[index] = result }
            return results.map { $0! }
        }
    }

    /// Projects that reference each other in a circle: Xcode cannot build them, and their
    /// targets would be read twice over.
    private static func checkReferenceCycles(_ projects: [XcodeProject]) throws(InputErrors) {
        let byPath = Dictionary(projects.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var state: [String: Bool] = [:]  // false: on the current path; true: done
        var stack: [XcodeProject] = []
        func visit(_ project: XcodeProject) -> Diagnostic? {
            state[project.path] = false
            stack.append(project)
            defer { stack.removeLast() }
            for reference in project.projectReferences {
                guard let next = byPath[reference.value] else { continue }
                if state[next.path] == false {
                    let circle = stack.drop { $0.path != next.path }.map(\.name) + [next.name]
                    return .inputError(
                        "xcode-project-cycle", "projects reference each other in a circle: \(circle.joined(separator: " → "))",
                        at: reference.location,
                        hint: "remove one of the references in Xcode; a project cannot contain itself")
                }
                if state[next.path] == nil, let problem = visit(next) { return problem }
            }
            state[project.path] = true
            return nil
        }
        for project in projects where state[project.path] == nil {
            if let problem = visit(project) { throw InputErrors(problem) }
        }
    }
}
