public import StrataDiagnostics
public import StrataManifest
public import StrataSources

/// One build system's way of declaring a workspace's targets — Package.swift files, XcodeGen
/// specs, a Podfile and podspecs. The adopt-mode builder asks each format in turn what it
/// declares and builds one graph from all of it, so every rule applies to every format alike.
///
/// A format reads only what `adopt:` asks of it, and returns an empty `ProjectsRead` when it asks
/// nothing. Adding a format is a target with a type implementing this protocol, and one line in
/// the builder's list of formats.
public protocol ProjectFormat: Sendable {
    /// Reads the format's projects. `earlier` is what the formats before this one read: a Podfile
    /// target may be an XcodeGen project's app, and an XcodeGen project names local packages.
    func read(_ request: ProjectReadRequest, after earlier: ProjectsRead) async throws(InputErrors) -> ProjectsRead
}

/// What a format is asked to read, and how.
public struct ProjectReadRequest: Sendable {
    /// strata.yml's `adopt:` section: the patterns and files of each format.
    public var settings: AdoptSettings
    /// The workspace folder, absolute.
    public var root: String
    /// Where the files are read from: the disk, or a revision that is not checked out.
    public var files: any WorkspaceFiles
    /// The folders the workspace's manifests may reach.
    public var boundary: WorkspaceBoundary
    /// How Package.swift files are read.
    public var packageReading: PackageReading
    /// The platform asked for (`--platform`); nil for this machine.
    public var platform: Platform?
    /// Where each Package.swift read is recorded as it happens.
    public var readLog: PackageReadLog?
    /// The build configuration whose settings Xcode projects are read with (`--configuration`).
    public var xcodeConfiguration = "Debug"
    /// Whether targets carry their build declarations (`PackageTarget.buildDeclaration`), which
    /// only `strata affected` compares.
    public var readsBuildDeclarations = false

    public init(
        settings: AdoptSettings, root: String, files: any WorkspaceFiles, boundary: WorkspaceBoundary, packageReading: PackageReading,
        platform: Platform?, readLog: PackageReadLog?
    ) {
        self.settings = settings
        self.root = root
        self.files = files
        self.boundary = boundary
        self.packageReading = packageReading
        self.platform = platform
        self.readLog = readLog
    }
}

/// What formats read, in the one shape the adopt-mode builder takes from all of them.
public struct ProjectsRead: Sendable {
    /// The packages and projects: each a manifest of targets (their kind, module name and
    /// sources) and of their dependencies (with conditions and linkage).
    public var manifests: [PackageManifest] = []
    /// Dependencies of targets another format declares: the pods of a Podfile target that an
    /// XcodeGen project declares, by target name.
    public var addedDependencies: [String: [PackageTargetDependency]] = [:]
    /// What the products of packages outside the workspace depend on, by package and product
    /// (an external pod's podspec): so transitive links see through them.
    public var externalDependencies: [ExternalProduct: [PackageTargetDependency]] = [:]
    /// Folders of Swift packages the projects use (an XcodeGen `packages:` entry with a path).
    public var localPackages: [String] = []
    /// Problems that did not stop reading, with their locations.
    public var warnings: [Diagnostic] = []
    /// How each Package.swift was read.
    public var packageReports: [PackageReadReport] = []
    /// Every other file read and folder searched: a cache of the graph must stamp them.
    public var inputs: [String] = []
    /// Each project's files and targets (for `strata affected`).
    public var specs: [ProjectSpec] = []

    public init() {}

    /// The Swift packages among the manifests.
    public var swiftPackages: [PackageManifest] { manifests.filter { $0.kind == .swiftPackage } }

    /// Everything `other` read, after what this holds.
    public mutating func append(_ other: ProjectsRead) {
        manifests += other.manifests
        addedDependencies.merge(other.addedDependencies) { $0 + $1 }
        externalDependencies.merge(other.externalDependencies) { $0 + $1 }
        localPackages += other.localPackages.filter { !localPackages.contains($0) }
        warnings += other.warnings
        packageReports += other.packageReports
        inputs += other.inputs
        specs += other.specs
    }
}

/// A product of a package outside the workspace.
public struct ExternalProduct: Sendable, Hashable, Comparable {
    public var package: String
    public var product: String

    public init(package: String, product: String) {
        self.package = package
        self.product = product
    }

    public static func < (a: ExternalProduct, b: ExternalProduct) -> Bool { (a.package, a.product) < (b.package, b.product) }
}
