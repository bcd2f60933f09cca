import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat

extension ProjectReader {
    /// The target's dependencies: its target dependencies (of this project or, through a
    /// container proxy, of another), what its Frameworks phase links, and its package products.
    /// A target dependency that the Frameworks phase links too is one linked dependency.
    mutating func dependencies(of target: ProjectObject, phases: [ProjectObject]) -> [XcodeDependency] {
        var found = MergedDependencies()
        // A declaration's location is found only for the first of a dependency's (the one kept).
        func add(_ kind: XcodeDependency.Kind, declaredBy object: ProjectObject, isLinked: Bool, condition: DependencyCondition?) {
            found.add(kind, isLinked: isLinked, condition: condition) { objects.location(of: object) }
        }
        for id in target.references("dependencies") {
            guard let dependency = referenced(id, by: target, in: "dependencies", kinds: ["PBXTargetDependency"]),
                let kind = targetDependency(dependency)
            else { continue }
            add(kind, declaredBy: dependency, isLinked: false, condition: condition(of: dependency))
        }
        for phase in phases where phase.isa == "PBXFrameworksBuildPhase" {
            for file in buildFiles(of: phase) {
                guard let kind = linked(file) else { continue }
                add(kind, declaredBy: file, isLinked: true, condition: condition(of: file))
            }
        }
        for id in target.references("packageProductDependencies") {
            guard let product = referenced(id, by: target, in: "packageProductDependencies", kinds: ["XCSwiftPackageProductDependency"]),
                let kind = packageProduct(product)
            else { continue }
            add(kind, declaredBy: product, isLinked: true, condition: nil)
        }
        return found.dependencies
    }

    /// A target's dependencies, each named once: a second declaration of one (a target
    /// dependency the Frameworks phase links too) merges into the first.
    struct MergedDependencies {
        private(set) var dependencies: [XcodeDependency] = []
        /// Each dependency's position, once there are too many to compare one by one: most
        /// targets name a handful, which compare faster than they hash.
        private var positions: [XcodeDependency.Kind: Int]?

        /// Adds a declaration of the dependency `kind`, made where `location` says: a new
        /// dependency, or merged into the first declaration (whose location is kept).
        mutating func add(_ kind: XcodeDependency.Kind, isLinked: Bool, condition: DependencyCondition?, location: () -> SourceLocation) {
            guard let index = position(of: kind) else {
                positions?[kind] = dependencies.count
                dependencies.append(XcodeDependency(kind: kind, location: location(), isLinked: isLinked, condition: condition))
                if positions == nil, dependencies.count > 16 {
                    positions = Dictionary(dependencies.enumerated().map { ($1.kind, $0) }, uniquingKeysWith: { first, _ in first })
                }
                return
            }
            dependencies[index].isLinked = dependencies[index].isLinked || isLinked
            dependencies[index].condition = XcodeDependency.union(dependencies[index].condition, condition)
        }

        private func position(of kind: XcodeDependency.Kind) -> Int? {
            positions.map { $0[kind] } ?? dependencies.firstIndex { $0.kind == kind }
        }
    }

    /// The platforms a target dependency or build file applies to: `platformFilters = (ios,
    /// xros);` or the older `platformFilter = maccatalyst;`. A name Xcode does not write is a
    /// warning, and the entry taken to apply everywhere.
    private mutating func condition(of object: ProjectObject) -> DependencyCondition? {
        let (filterList, filter) = object.stringsAndString("platformFilters", "platformFilter")
        let filters = filterList + (filter.map { [$0] } ?? [])
        guard !filters.isEmpty else { return nil }
        var platforms: [String] = []
        for filter in filters {
            guard let name = XcodeDependency.platformNames[filter] else {
                warnings.append(
                    .warning(
                        "unknown-platform-filter", "the \(Self.describe(object)) has the platform filter '\(filter)', which Strata does not know",
                        at: objects.location(of: object), hint: "Xcode writes \(XcodeDependency.platformNames.keys.sorted().joined(separator: ", "))")
                )
                return nil
            }
            platforms.append(name)
        }
        return DependencyCondition(platforms: platforms, traits: [])
    }

    /// The target a `PBXTargetDependency` names: by `target` in this project, else through its
    /// `targetProxy`. Nil for a package plugin's (`productRef` alone).
    private mutating func targetDependency(_ dependency: ProjectObject) -> XcodeDependency.Kind? {
        let (targetID, proxyID) = dependency.references("target", "targetProxy")
        if let targetID {
            return referencedTargetName(targetID, by: dependency, in: "target").map { .target($0) }
        }
        guard let proxyID else { return nil }
        guard let proxy = referenced(proxyID, by: dependency, in: "targetProxy", kinds: ["PBXContainerItemProxy"]) else { return nil }
        return proxied(proxy)
    }

    /// What a container item proxy stands for: a target of this project (`containerPortal` is
    /// the project itself) or of the project another file reference points at.
    private mutating func proxied(_ proxy: ProjectObject) -> XcodeDependency.Kind? {
        guard let portal = proxy.reference("containerPortal") else {
            reportMissing("containerPortal", of: proxy)
            return nil
        }
        if portal == objects.rootObject {
            guard let id = proxy.reference("remoteGlobalIDString") else {
                reportMissing("remoteGlobalIDString", of: proxy)
                return nil
            }
            return referencedTargetName(id, by: proxy, in: "remoteGlobalIDString").map { .target($0) }
        }
        guard let reference = referenced(portal, by: proxy, in: "containerPortal", kinds: ["PBXFileReference"]) else { return nil }
        guard let project = paths.path(of: reference.key), let name = proxy.string("remoteInfo") else {
            reportMissing("remoteInfo", of: proxy)
            return nil
        }
        return .projectTarget(project: project, name: name)
    }

    private mutating func reportMissing(_ field: String, of object: ProjectObject) {
        report("the \(Self.describe(object)) has no '\(field)'", at: object, hint: "the file is damaged; restore it from version control")
    }

    /// What a Frameworks phase entry links: a target of this project (the file is its product),
    /// another project's (a reference proxy), a package product, or a file no target here
    /// builds. Nil for the SDK's frameworks and libraries and CocoaPods' umbrella frameworks.
    private mutating func linked(_ file: ProjectObject) -> XcodeDependency.Kind? {
        let (productID, referenceID) = file.references("productRef", "fileRef")
        if let productID {
            return referenced(productID, by: file, in: "productRef", kinds: ["XCSwiftPackageProductDependency"]).flatMap { packageProduct($0) }
        }
        guard let referenceID,
            let position = referencedPosition(referenceID, by: file, in: "fileRef", kinds: ["PBXFileReference", "PBXReferenceProxy"])
        else { return nil }
        // A product of this project's, found without a reference to its file's object.
        if let owner = productOwners[position: position] { return .target(owner) }
        let reference = objects.object(at: position)
        if reference.isa == "PBXReferenceProxy" {
            guard let remote = reference.reference("remoteRef") else { return nil }
            return referenced(remote, by: reference, in: "remoteRef", kinds: ["PBXContainerItemProxy"]).flatMap { proxied($0) }
        }
        let tree = reference.string("sourceTree") ?? "<group>"
        guard tree != "SDKROOT", tree != "DEVELOPER_DIR", let written = reference.string("path") ?? reference.string("name") else { return nil }
        let file = PathResolution.name(of: written)
        if file.hasPrefix("Pods_") || file.hasPrefix("libPods-") || written.hasPrefix("System/") || written.hasPrefix("usr/") { return nil }
        let isCarthage = paths.path(of: reference.key)?.contains("/Carthage/Build/") ?? written.hasPrefix("Carthage/Build/")
        return .linkedFile(file, provider: isCarthage ? "carthage" : "frameworks")
    }

    /// A package product: its name and the package reference it comes from. Nil for a plugin's.
    private mutating func packageProduct(_ product: ProjectObject) -> XcodeDependency.Kind? {
        guard let name = product.string("productName"), !name.hasPrefix("plugin:") else { return nil }
        guard let packageID = product.reference("package") else { return .packageProduct(name, package: nil) }
        guard
            let package = referenced(
                packageID, by: product, in: "package", kinds: ["XCRemoteSwiftPackageReference", "XCLocalSwiftPackageReference"])
        else { return nil }
        if package.isa == "XCLocalSwiftPackageReference" {
            let relative = package.string("relativePath") ?? package.string("path") ?? "."
            return .packageProduct(name, package: .local(PathResolution.resolve(relative, in: paths.projectFolder)))
        }
        guard let url = package.string("repositoryURL") else {
            reportMissing("repositoryURL", of: package)
            return nil
        }
        return .packageProduct(name, package: .remote(url))
    }

    // MARK: What the project uses

    /// The projects in the file tree (`projectReferences`), each by its `.xcodeproj` folder.
    mutating func projectReferences() -> [Located<String>] {
        guard let references = project.fields["projectReferences"]?.array else { return [] }
        return references.compactMap { entry -> Located<String>? in
            guard let id = entry.dictionary?["ProjectRef"]?.key,
                let reference = referenced(id, by: project, in: "projectReferences", kinds: ["PBXFileReference"])
            else { return nil }
            guard let path = paths.path(of: reference.key) else { return nil }
            return Located(path, at: objects.location(of: reference))
        }
    }

    /// The local packages the project uses: its `XCLocalSwiftPackageReference`s, and folders of
    /// its file tree that hold a `Package.swift` (how Xcode 14 and earlier added a local package;
    /// Xcode wrote such a folder's type as `folder`, `wrapper` or `text`, or none).
    mutating func localPackages() -> [Located<String>] {
        var found: [(offset: Int, path: Located<String>)] = []
        for object in objects.objects(ofKinds: ["XCLocalSwiftPackageReference", "PBXFileReference"]) {
            let path: String?
            switch object.isa {
            case "XCLocalSwiftPackageReference":
                path = PathResolution.resolve(object.string("relativePath") ?? object.string("path") ?? ".", in: paths.projectFolder)
            case "PBXFileReference" where Self.mayBePackageFolder(object):
                path = paths.path(of: object.key).flatMap { files.exists($0 + "/Package.swift") ? $0 : nil }
            default:
                path = nil
            }
            if let path { found.append((object.offset, Located(path, at: objects.location(of: object)))) }
        }
        // The first place each folder is named, in the file's order.
        var seen: Set<String> = []
        return found.sorted { $0.offset < $1.offset }.map(\.path).filter { seen.insert($0.value).inserted }
    }

    /// Whether a file reference may name a package's folder, worth asking the disk about: a
    /// folder-like type and no extension (a package folder is `Modules/Server` or `..`, not
    /// `Server.swift`).
    static func mayBePackageFolder(_ reference: ProjectObject) -> Bool {
        guard reference.string("explicitFileType") == nil, ["folder", "wrapper", "text", nil].contains(reference.string("lastKnownFileType")),
            let written = reference.string("path") ?? reference.string("name")
        else { return false }
        let name = PathResolution.name(of: written)
        return name == "." || name == ".." || !name.contains(".")
    }
}
