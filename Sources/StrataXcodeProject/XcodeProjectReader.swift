public import StrataDiagnostics
import StrataFileSystem
public import StrataProjectFormat

extension XcodeProject {
    /// The largest `project.pbxproj` read. The largest real ones are a few megabytes; a file
    /// far beyond is not a project someone maintains, and reading it whole would cost memory.
    public static let maximumFileSize = 32 << 20

    /// Reads the project at `path` (its `.xcodeproj` folder) with the settings of the build
    /// configuration named `configuration` (else the project's default one), and each target's
    /// build declaration when `readsBuildDeclarations` asks for it.
    public init(path: String, files: any WorkspaceFiles, configuration: String, readsBuildDeclarations: Bool = false) throws(InputErrors) {
        let projectFile = path + "/project.pbxproj"
        let bytes: [UInt8]
        switch files.read(projectFile) {
        case .success(let contents): bytes = contents
        case .failure(let failure):
            throw InputErrors(
                .inputError(
                    ProjectObjects.errorID, "cannot read '\(PathResolution.name(of: path))': \(failure)", at: .file(projectFile),
                    hint: "an Xcode project is a folder holding project.pbxproj; check the path in 'adopt.xcode'"))
        }
        guard bytes.count <= Self.maximumFileSize else {
            throw InputErrors(
                .inputError(
                    ProjectObjects.errorID, "the project file is \(bytes.count >> 20) MiB, over the \(Self.maximumFileSize >> 20) MiB Strata reads",
                    at: .file(projectFile), hint: "a project file this large is generated or damaged; restore it from version control"))
        }
        var reader = ProjectReader(
            objects: try ProjectObjects(path: projectFile, bytes: bytes), projectPath: path, files: files, configuration: configuration)
        reader.readsBuildDeclarations = readsBuildDeclarations
        let project = reader.read()
        let problems = reader.problems
        // The objects are not needed past here: a large project's take tens of milliseconds to free.
        ParallelMap.release(consume reader)
        if !problems.isEmpty { throw InputErrors(problems) }
        self = project
    }
}

/// Reads one project's objects into an ``XcodeProject``, collecting the problems it meets: a
/// reference to an object that is not there, or one of the wrong kind, is an error at the
/// object that makes it.
struct ProjectReader {
    private(set) var objects: ProjectObjects
    let projectPath: String
    let files: any WorkspaceFiles
    let configuration: String
    /// Whether each target's build declaration is read (for `strata affected`).
    var readsBuildDeclarations = false
    let project: ProjectObject
    /// The project's name: its folder's without `.xcodeproj`.
    let projectName: String
    let paths: ProjectPaths
    var problems: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    var inputs: [String]
    /// The name of the target of this project that builds each product file.
    var productOwners: PerObject<String>
    /// The name of each target of this project: every edge to a target names it.
    private var targetNames: PerObject<String>
    /// The `.xcconfig` files read, by path: many targets' configurations name the same one.
    private var configurationFiles: [String: [String: String]] = [:]
    /// The synchronized folders' membership exceptions, by target id.
    let synchronizedExceptions: [ObjectKey: [(group: ObjectKey, paths: [String])]]

    init(objects: ProjectObjects, projectPath: String, files: any WorkspaceFiles, configuration: String) {
        self.objects = objects
        self.projectPath = projectPath
        self.files = files
        self.configuration = configuration
        project = objects[objects.rootObject]!
        projectName = Self.projectName(projectPath)
        let folder = PathResolution.resolve(project.string("projectDirPath") ?? "", in: PathResolution.parent(of: projectPath))
        paths = ProjectPaths(objects: objects, projectFolder: folder)
        synchronizedExceptions = Self.synchronizedExceptions(in: objects)
        inputs = [objects.path]
        productOwners = PerObject(objects)
        targetNames = PerObject(objects)
    }

    /// The project, as far as it could be read.
    mutating func read() -> XcodeProject {
        noteUnknownObjects()
        let targetObjects = project.references("targets").compactMap { referenced($0, by: project, in: "targets", kinds: Self.targetKinds) }
        for target in targetObjects {
            let name = target.string("name") ?? target.id
            if let product = target.reference("productReference").flatMap({ objects[$0] }) { productOwners[product] = name }
            targetNames[target] = name
        }
        let projectSettings = [builtInProjectSettings()] + configurationSettings(of: project)
        let targets = readTargets(targetObjects, projectSettings: projectSettings)
        return XcodeProject(
            path: projectPath, name: projectName, folder: paths.projectFolder, targets: targets,
            projectReferences: projectReferences(), localPackages: localPackages(), inputs: inputs, warnings: warnings)
    }

    /// The targets, read on all cores (they are independent, and reading them is the largest part
    /// of reading a large project): each run of neighbours by a copy of this reader, whose
    /// problems, warnings and inputs are merged back in the targets' order, each once, as one
    /// reader meets them. A `.xcconfig` that targets of two runs name is read by both.
    ///
    /// Runs are short, and handed out one at a time: one target may cost a thousand others (an
    /// app links every module), and long runs left a core idle while the other read the run
    /// holding the apps (a third of the reading, in the synthetic project).
    private mutating func readTargets(_ targetObjects: [ProjectObject], projectSettings: [[String: String]]) -> [XcodeTarget] {
        let reader = self
        let runs = ParallelMap.chunks(targetObjects, of: 4)
        let read = ParallelMap.map(runs, chunksPerCore: runs.count) { run in
            var copy = reader
            (copy.problems, copy.warnings, copy.inputs) = ([], [], [])
            copy.objects = reader.objects.withOwnPath()
            let targets = run.compactMap { copy.target($0, projectSettings: projectSettings) }
            return (targets: targets, problems: copy.problems, warnings: copy.warnings, inputs: copy.inputs)
        }
        var seenWarnings = Set(warnings)
        var seenInputs = Set(inputs)
        for run in read {
            for problem in run.problems where !problems.contains(problem) { problems.append(problem) }
            warnings += run.warnings.filter { seenWarnings.insert($0).inserted }
            inputs += run.inputs.filter { seenInputs.insert($0).inserted }
        }
        return read.flatMap(\.targets)
    }

    static func projectName(_ path: String) -> String {
        let file = PathResolution.name(of: path)
        return file.hasSuffix(".xcodeproj") ? String(file.dropLast(".xcodeproj".count)) : file
    }

    // MARK: Objects

    static let targetKinds = ["PBXNativeTarget", "PBXAggregateTarget", "PBXLegacyTarget"]

    /// Every kind of object Xcode writes that this reader knows, whether or not it needs it.
    static let knownKinds: Set<String> = Set(targetKinds).union(ProjectPaths.groupKinds).union([
        "PBXProject", "PBXBuildFile", "PBXFileReference", "PBXReferenceProxy", "PBXContainerItemProxy", "PBXTargetDependency",
        "PBXSourcesBuildPhase", "PBXFrameworksBuildPhase", "PBXResourcesBuildPhase", "PBXHeadersBuildPhase", "PBXCopyFilesBuildPhase",
        "PBXShellScriptBuildPhase", "PBXRezBuildPhase", "PBXAppleScriptBuildPhase", "PBXBuildRule", "PBXBuildStyle",
        "XCBuildConfiguration", "XCConfigurationList", "XCSwiftPackageProductDependency", "XCRemoteSwiftPackageReference",
        "XCLocalSwiftPackageReference", "PBXFileSystemSynchronizedRootGroup", "PBXFileSystemSynchronizedBuildFileExceptionSet",
        "PBXFileSystemSynchronizedGroupBuildPhaseMembershipExceptionSet",
    ])

    /// One note per kind of object this reader does not know: a newer Xcode's, skipped.
    private mutating func noteUnknownObjects() {
        for isa in objects.kinds.sorted() where !Self.knownKinds.contains(isa) {
            let found = objects.objects(ofKind: isa)
            warnings.append(
                Diagnostic(
                    id: XcodeProject.unknownObjectID, severity: .note,
                    message: "\(found.count) object\(found.count == 1 ? "" : "s") of kind '\(isa)', which Strata does not know, skipped",
                    location: objects.location(of: found[0]),
                    hint: "a newer Xcode may write it; if it decides targets or their dependencies, report it"))
        }
    }

    /// The object `id` names in `field` of `owner`, if it is there and of one of `kinds`; else an error at `owner`.
    /// (`kinds` is a list: it holds one to eight short names, which compare faster than they hash.)
    mutating func referenced(_ id: ObjectKey, by owner: ProjectObject, in field: String, kinds: [String]) -> ProjectObject? {
        referencedPosition(id, by: owner, in: field, kinds: kinds).map { objects.object(at: $0) }
    }

    /// The position of the object `referenced(_:by:in:kinds:)` gives: for what edges name, which
    /// is found by its position without a reference to its object.
    mutating func referencedPosition(_ id: ObjectKey, by owner: ProjectObject, in field: String, kinds: [String]) -> Int? {
        guard let position = objects.position(of: id) else {
            report(
                "the \(Self.describe(owner)) names '\(id)' in '\(field)', which is not among the objects", at: owner,
                hint: "the file is damaged (a merge that lost an object?); restore it from version control")
            return nil
        }
        let isa = objects.isa(at: position)
        guard kinds.contains(isa) else {
            report(
                "the \(Self.describe(owner)) names a \(isa) in '\(field)', where \(kinds.sorted().joined(separator: " or ")) belongs",
                at: owner, hint: "the file is damaged; restore it from version control")
            return nil
        }
        return position
    }

    /// A target's name (its id when it has none), as edges to it name it.
    func targetName(_ target: ProjectObject) -> String {
        targetNames[target] ?? target.string("name") ?? target.id
    }

    /// The name of the target `id` names in `field` of `owner` (see `referenced(_:by:in:kinds:)`).
    mutating func referencedTargetName(_ id: ObjectKey, by owner: ProjectObject, in field: String) -> String? {
        guard let position = referencedPosition(id, by: owner, in: field, kinds: Self.targetKinds) else { return nil }
        return targetNames[position: position] ?? targetName(objects.object(at: position))
    }

    /// An error at `object`, once: a damaged object is met by every step that reads it.
    mutating func report(_ message: String, at object: ProjectObject, hint: String) {
        let problem = Diagnostic.inputError(ProjectObjects.errorID, message, at: objects.location(of: object), hint: hint)
        if !problems.contains(problem) { problems.append(problem) }
    }

    /// An object as messages name it: its kind, and its name when it has one (a target's), else its id.
    static func describe(_ object: ProjectObject) -> String {
        "\(object.isa) '\(object.string("name") ?? object.id)'"
    }

    // MARK: Build settings

    /// The settings of the configuration this reads in the object's `buildConfigurationList`,
    /// the `.xcconfig` it is based on below them: two levels.
    mutating func configurationSettings(of owner: ProjectObject) -> [[String: String]] {
        guard let listID = owner.reference("buildConfigurationList"),
            let list = referenced(listID, by: owner, in: "buildConfigurationList", kinds: ["XCConfigurationList"])
        else { return [] }
        let configurations = list.references("buildConfigurations").compactMap {
            referenced($0, by: list, in: "buildConfigurations", kinds: ["XCBuildConfiguration"])
        }
        let wanted = [configuration, list.string("defaultConfigurationName")].compactMap(\.self)
        guard let chosen = wanted.lazy.compactMap({ name in configurations.first { $0.string("name") == name } }).first ?? configurations.first
        else { return [] }
        var own: [String: String] = [:]
        for (name, value) in chosen.stringEntries("buildSettings") where !name.contains("[") {
            own[name] = value
        }
        return [baseConfiguration(of: chosen), own]
    }

    /// The settings of the `.xcconfig` file a configuration is based on: a file reference, or a
    /// path inside a synchronized folder (Xcode 16).
    private mutating func baseConfiguration(of configuration: ProjectObject) -> [String: String] {
        var path: String?
        if let reference = configuration.reference("baseConfigurationReference") {
            path = referenced(reference, by: configuration, in: "baseConfigurationReference", kinds: ["PBXFileReference"])
                .flatMap { paths.path(of: $0.key) }
        } else if let anchor = configuration.reference("baseConfigurationReferenceAnchor"),
            let relative = configuration.string("baseConfigurationReferenceRelativePath")
        {
            path = referenced(anchor, by: configuration, in: "baseConfigurationReferenceAnchor", kinds: ["PBXFileSystemSynchronizedRootGroup"])
                .flatMap { paths.path(of: $0.key) }.map { PathResolution.resolve(relative, in: $0) }
        }
        guard let path else { return [:] }
        if let settings = configurationFiles[path] { return settings }
        let read = ConfigurationFiles(files: files).settings(at: path, namedAt: objects.location(of: configuration))
        inputs += read.read.filter { !inputs.contains($0) }
        warnings += read.warnings
        configurationFiles[path] = read.settings
        return read.settings
    }
}

extension XcodeProject {
    /// The id of a note about an object kind the reader does not know.
    public static let unknownObjectID = "unknown-xcode-object"
    /// The id of a note about a target left out of the graph.
    public static let skippedTargetID = "skipped-xcode-target"
}
