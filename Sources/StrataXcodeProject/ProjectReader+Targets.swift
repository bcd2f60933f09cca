import StrataDiagnostics
import StrataFileSystem
import StrataProjectFormat

extension ProjectReader {
    /// One target of the project's `targets`; nil (with a note) for the aggregate and legacy
    /// targets, which build no module, and for product types Strata does not know. A bundle's
    /// target is read (a Frameworks phase may name its product) with a note that the graph
    /// leaves it out. `projectSettings` are the levels below the target's: what Xcode gives every
    /// target of the project, then the project's `.xcconfig` and settings.
    mutating func target(_ object: ProjectObject, projectSettings: [[String: String]]) -> XcodeTarget? {
        let name = targetName(object)
        let location = objects.location(of: object)
        guard object.isa == "PBXNativeTarget" else {
            warnings.append(
                skipped(name, "is a\(object.isa == "PBXAggregateTarget" ? "n aggregate" : " legacy") target, which builds no module", at: location))
            return nil
        }
        guard let productType = object.string("productType"), let role = XcodeProductRole(productType: productType) else {
            warnings.append(skipped(name, "has the product type '\(object.string("productType") ?? "")', which Strata does not know", at: location))
            return nil
        }
        if role.kind == .other {
            warnings.append(skipped(name, "is a \(role.noun) ('\(productType)'), which builds no module others import", at: location))
        }
        let settings = BuildSettings(levels: [builtInSettings(of: object, named: name)] + projectSettings + configurationSettings(of: object))
        let productFile = object.reference("productReference").flatMap { objects[$0] }.flatMap { $0.string("path") }
        // Settings are asked only where they can matter (a lookup hashes the name at every level,
        // some 20,000 times in a project of 5,000 targets): linkage and merging of libraries,
        // optimisation of targets that merge.
        let isLibrary = if case .library = role.kind { true } else { false }
        let mergedBinaryType = settings["MERGED_BINARY_TYPE"]
        var target = XcodeTarget(
            id: object.id, name: name, location: location, role: role,
            kind: Self.kind(of: role, machOType: settings["MACH_O_TYPE"]),
            productName: settings["PRODUCT_NAME"] ?? name, productFile: productFile.map(PathResolution.name(of:)),
            moduleName: settings["PRODUCT_MODULE_NAME"] ?? BuildSettings.c99Identifier(name),
            isMergeable: isLibrary
                && MergedBinaryType.isMergeable(mergeableLibrary: settings["MERGEABLE_LIBRARY"], makeMergeable: settings["MAKE_MERGEABLE"]),
            merging: mergedBinaryType == nil
                ? .none
                : MergedBinaryType(
                    mergedBinaryType: mergedBinaryType, swiftOptimization: settings["SWIFT_OPTIMIZATION_LEVEL"],
                    cOptimization: settings["GCC_OPTIMIZATION_LEVEL"]),
            compilationConditions: Self.compilationConditions(settings),
            sources: XcodeTargetSources(), dependencies: [])
        let phases = buildPhases(of: object)
        target.sources = sources(of: object, phases: phases)
        target.dependencies = dependencies(of: object, phases: phases)
        if readsBuildDeclarations { target.buildDeclaration = buildDeclaration(settings: settings, phases: phases, rules: buildRules(of: object)) }
        return target
    }

    /// What the target's build declares beyond the graph, part by part, so that `strata
    /// affected` can tell which targets a changed project file changes: each build setting the
    /// project or the target sets, in any `.xcconfig` or level (its values from the lowest level
    /// up), each build phase (its fields and files), and each build rule (how it compiles files
    /// of a kind: its pattern, script and outputs). A setting the project sets is part of every
    /// target's declaration: Xcode builds them all with it.
    func buildDeclaration(settings: BuildSettings, phases: [ProjectObject], rules: [ProjectObject]) -> [String: String] {
        var declaration: [String: String] = [:]
        // The first two levels are what Xcode gives itself (the target's name, the project's folder).
        for level in settings.levels.dropFirst(2) {
            for (name, value) in level {
                let key = "setting " + name
                declaration[key] = declaration[key].map { $0 + " | " + value } ?? value
            }
        }
        var seen: [String: Int] = [:]
        for phase in phases {
            let key = "phase " + phase.isa + (phase.string("name").map { " '\($0)'" } ?? "")
            seen[key, default: 0] += 1
            declaration[key + (seen[key]! > 1 ? " #\(seen[key]!)" : "")] = phaseSummary(phase)
        }
        for rule in rules {
            let named = rule.string("name") ?? rule.string("filePatterns") ?? rule.string("fileType") ?? rule.id
            let key = "rule '\(named)'"
            seen[key, default: 0] += 1
            declaration[key + (seen[key]! > 1 ? " #\(seen[key]!)" : "")] = fieldsSummary(rule).joined(separator: "; ")
        }
        return declaration
    }

    /// The target's build rules, in order.
    private mutating func buildRules(of target: ProjectObject) -> [ProjectObject] {
        target.references("buildRules").compactMap { referenced($0, by: target, in: "buildRules", kinds: ["PBXBuildRule"]) }
    }

    /// An object's fields but its kind, each `key = value` in one line, sorted.
    private func fieldsSummary(_ object: ProjectObject, except left: Set<String> = []) -> [String] {
        object.fields.entries.filter { $0.key != "isa" && !left.contains($0.key) }.map { "\($0.key) = \(PropertyListText.flat($0.value))" }.sorted()
    }

    /// A build phase in one line: its fields (a script, a destination), then its files, each by
    /// its path (or package product) and the settings the build file gives it.
    private func phaseSummary(_ phase: ProjectObject) -> String {
        var parts = fieldsSummary(phase, except: ["files"])
        for id in phase.references("files") {
            guard let file = objects[id] else { continue }
            var described =
                file.reference("fileRef").map(describeFile) ?? file.reference("productRef").flatMap { objects[$0]?.string("productName") }
                ?? id.description
            if let settings = file.fields["settings"] { described += " " + PropertyListText.flat(settings) }
            parts.append(described)
        }
        return parts.joined(separator: "; ")
    }

    /// A file reference by its path in the workspace, else by what the project writes.
    private func describeFile(_ id: ObjectKey) -> String {
        paths.path(of: id) ?? objects[id].flatMap { $0.string("path") ?? $0.string("name") } ?? id.description
    }

    private func skipped(_ name: String, _ reason: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            id: XcodeProject.skippedTargetID, severity: .note, message: "target '\(name)' \(reason); left out of the graph", location: location)
    }

    /// What Xcode sets for each target before any level of the project: its name, and the
    /// default of its product's name.
    private func builtInSettings(of target: ProjectObject, named name: String) -> [String: String] {
        ["TARGET_NAME": name, "PRODUCT_NAME": target.string("productName") ?? name]
    }

    /// What Xcode sets for every target of the project before any level of it: the names
    /// settings refer to, and the default of the module's name. One level for all the targets,
    /// where a level of each target's own was a tenth of reading a target.
    func builtInProjectSettings() -> [String: String] {
        [
            "PROJECT_NAME": projectName, "CONFIGURATION": configuration,
            "SRCROOT": paths.projectFolder, "SOURCE_ROOT": paths.projectFolder, "PROJECT_DIR": paths.projectFolder,
            "PROJECT_FILE_PATH": projectPath, "PRODUCT_MODULE_NAME": "$(PRODUCT_NAME:c99extidentifier)",
        ]
    }

    /// The flags the Swift compiler gets for `#if`: `SWIFT_ACTIVE_COMPILATION_CONDITIONS`, and
    /// `-D NAME` or `-DNAME` in `OTHER_SWIFT_FLAGS`.
    static func compilationConditions(_ settings: BuildSettings) -> [String] {
        var flags = settings.words("SWIFT_ACTIVE_COMPILATION_CONDITIONS")
        let other = settings.words("OTHER_SWIFT_FLAGS")
        for (index, word) in other.enumerated() where word.hasPrefix("-D") {
            if word.count > 2 {
                flags.append(String(word.dropFirst(2)))
            } else if index + 1 < other.count {
                flags.append(other[index + 1])
            }
        }
        var seen: Set<String> = []
        return flags.filter { seen.insert($0).inserted }
    }

    /// A framework's or library's linkage as `MACH_O_TYPE` sets it (`staticlib` or `mh_dylib`);
    /// the setting is asked only for those.
    static func kind(of role: XcodeProductRole, machOType: @autoclosure () -> String?) -> XcodeProductKind {
        guard case .library = role.kind, role.isFramework || role == .dynamicLibrary || role == .staticLibrary else { return role.kind }
        switch machOType() {
        case "staticlib": return .library(isStatic: true)
        case "mh_dylib": return .library(isStatic: false)
        default: return role.kind
        }
    }

    // MARK: Sources

    /// The Swift files the target compiles: those its Sources phase lists, and its synchronized
    /// folders with their exceptions.
    private mutating func sources(of target: ProjectObject, phases: [ProjectObject]) -> XcodeTargetSources {
        var sources = XcodeTargetSources()
        for phase in phases where phase.isa == "PBXSourcesBuildPhase" {
            for file in buildFiles(of: phase) {
                guard let reference = file.reference("fileRef").flatMap({ objects[$0] }), reference.isa == "PBXFileReference",
                    let path = paths.path(of: reference.key), path.hasSuffix(".swift")
                else { continue }
                sources.files.append(path)
            }
        }
        addSynchronizedFolders(of: target, to: &sources)
        return sources
    }

    /// The target's build phases, in order.
    private mutating func buildPhases(of target: ProjectObject) -> [ProjectObject] {
        target.references("buildPhases").compactMap { referenced($0, by: target, in: "buildPhases", kinds: Self.phaseKinds) }
    }

    static let phaseKinds = [
        "PBXSourcesBuildPhase", "PBXFrameworksBuildPhase", "PBXResourcesBuildPhase", "PBXHeadersBuildPhase", "PBXCopyFilesBuildPhase",
        "PBXShellScriptBuildPhase", "PBXRezBuildPhase", "PBXAppleScriptBuildPhase",
    ]

    /// The build files a phase lists.
    mutating func buildFiles(of phase: ProjectObject) -> [ProjectObject] {
        phase.references("files").compactMap { referenced($0, by: phase, in: "files", kinds: ["PBXBuildFile"]) }
    }

    /// Xcode 16's synchronized folders: each folder the target lists holds its sources but the
    /// files an exception set for the target takes out; a folder the target does not list lends
    /// it the files an exception set for it names.
    private mutating func addSynchronizedFolders(of target: ProjectObject, to sources: inout XcodeTargetSources) {
        let own = target.references("fileSystemSynchronizedGroups").compactMap {
            referenced($0, by: target, in: "fileSystemSynchronizedGroups", kinds: ["PBXFileSystemSynchronizedRootGroup"])
        }
        let exceptions = synchronizedExceptions[target.key] ?? []
        for group in own {
            guard let folder = paths.path(of: group.key) else { continue }
            sources.folders.append(folder)
            sources.excluded += exceptions.filter { $0.group == group.key }.flatMap(\.paths).map { PathResolution.resolve($0, in: folder) }
        }
        let ownIDs = exceptions.isEmpty ? [] : Set(own.map(\.key))
        for lent in exceptions where !ownIDs.contains(lent.group) {
            guard let folder = paths.path(of: lent.group) else { continue }
            sources.files += lent.paths.map { PathResolution.resolve($0, in: folder) }.filter { $0.hasSuffix(".swift") }
        }
        sources.files.sort()
    }

    /// The membership exceptions of every synchronized folder, by the target each is for: the
    /// folder's id and the paths (relative to its folder) the set names. Found once for the
    /// project, not once a target: a project of 5,000 targets holds some 100,000 objects.
    static func synchronizedExceptions(in objects: ProjectObjects) -> [ObjectKey: [(group: ObjectKey, paths: [String])]] {
        var found: [ObjectKey: [(group: ObjectKey, paths: [String])]] = [:]
        for group in objects.objects(ofKind: "PBXFileSystemSynchronizedRootGroup") {
            for id in group.references("exceptions") {
                guard let set = objects[id], set.isa == "PBXFileSystemSynchronizedBuildFileExceptionSet", let target = set.reference("target")
                else {
                    continue
                }
                found[target, default: []].append((group.key, set.strings("membershipExceptions")))
            }
        }
        return found
    }
}
