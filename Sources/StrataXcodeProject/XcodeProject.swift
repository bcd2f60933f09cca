public import StrataDiagnostics
public import StrataManifest
public import StrataProjectFormat

/// What Strata needs of one Xcode project (`App.xcodeproj`): its targets — role, linkage,
/// module name, sources and dependencies, with the build settings of one configuration applied —
/// the Swift packages it uses and the projects it references. Paths are absolute.
public struct XcodeProject: Sendable {
    /// The `.xcodeproj` folder.
    public var path: String
    /// The project's name: its folder's without `.xcodeproj`.
    public var name: String
    /// The folder the project's `SOURCE_ROOT` paths are relative to (the one holding the
    /// `.xcodeproj`, unless `projectDirPath` moves it).
    public var folder: String
    public var targets: [XcodeTarget]
    /// The `.xcodeproj` folders of the projects this one references (a subproject in its
    /// file tree), each with where the reference is written.
    public var projectReferences: [Located<String>]
    /// Folders holding a Swift package that the project uses: `XCLocalSwiftPackageReference`s
    /// and package folders in its file tree.
    public var localPackages: [Located<String>]
    /// The files read: `project.pbxproj` and the `.xcconfig` files its configurations name.
    public var inputs: [String]
    /// What did not stop reading: objects of unknown kinds, targets left out, unreadable
    /// `.xcconfig` files.
    public var warnings: [Diagnostic]

    /// Where the project file is.
    public var projectFile: String { path + "/project.pbxproj" }
}

/// A target of an Xcode project (a `PBXNativeTarget`).
public struct XcodeTarget: Sendable {
    /// The object's id: what other objects refer to it by.
    public var id: String
    public var name: String
    /// Where the target's object is written in `project.pbxproj`.
    public var location: SourceLocation
    public var role: XcodeProductRole
    /// What it is to the graph, with a framework's linkage as `MACH_O_TYPE` sets it.
    public var kind: XcodeProductKind
    /// `PRODUCT_NAME`.
    public var productName: String
    /// The file the target builds, as other targets' frameworks phases name it: `Core.framework`,
    /// `libCore.a`; nil when the project does not say.
    public var productFile: String?
    /// `PRODUCT_MODULE_NAME`: what `import` reaches it by.
    public var moduleName: String
    /// `MERGEABLE_LIBRARY` (or `MAKE_MERGEABLE`): a dynamic framework an app may merge into its
    /// own image.
    public var isMergeable: Bool
    /// Which dynamic libraries it links that it merges into its own image (`MERGED_BINARY_TYPE`),
    /// in the configuration read.
    public var merging: MergedBinaryType = .none

    /// `SWIFT_ACTIVE_COMPILATION_CONDITIONS`.
    public var compilationConditions: [String]
    /// Its build settings and build phases, part by part, for `strata affected` to compare
    /// between revisions (see ``ProjectReader/buildDeclaration(settings:phases:)``).
    public var buildDeclaration: [String: String] = [:]
    public var sources: XcodeTargetSources
    public var dependencies: [XcodeDependency]
}

/// The Swift files a target compiles: files its Sources phase lists, and synchronized folders
/// (Xcode 16) with the files their exceptions take out.
public struct XcodeTargetSources: Sendable, Hashable {
    public var files: [String] = []
    public var folders: [String] = []
    public var excluded: [String] = []

    /// Nothing listed.
    public var isEmpty: Bool { files.isEmpty && folders.isEmpty }
}

/// One dependency of a target, with where it is written.
public struct XcodeDependency: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// A target of the same project, by its name.
        case target(String)
        /// A target of another project, by that project's `.xcodeproj` folder and the target's name.
        case projectTarget(project: String, name: String)
        /// A file the Frameworks phase links that no target of this project builds
        /// (`Core.framework`, `libCore.a`, `Vendor.xcframework`): another project's product or a
        /// prebuilt one, with who provides it: `carthage` for a file under `Carthage/Build` (as
        /// XcodeGen's `carthage:` dependencies are), else `frameworks`.
        case linkedFile(String, provider: String)
        /// A Swift package's product (`XCSwiftPackageProductDependency`).
        case packageProduct(String, package: XcodePackage?)
    }

    public var kind: Kind
    public var location: SourceLocation
    /// Whether the Frameworks phase links it; a target dependency alone only orders the build.
    public var isLinked: Bool
    /// The platforms it applies to (`platformFilters`, or the older `platformFilter`), as
    /// SwiftPM names them; nil for every platform.
    public var condition: DependencyCondition?

    public init(kind: Kind, location: SourceLocation, isLinked: Bool, condition: DependencyCondition? = nil) {
        self.kind = kind
        self.location = location
        self.isLinked = isLinked
        self.condition = condition
    }

    /// Xcode's platform filter names (`ios`, `maccatalyst`, `xros`…) with SwiftPM's.
    public static let platformNames = [
        "ios": "ios", "maccatalyst": "maccatalyst", "macos": "macos", "tvos": "tvos", "watchos": "watchos", "xros": "visionos",
        "driverkit": "driverkit",
    ]

    /// The condition of one declaration made of two (a target dependency the Frameworks phase
    /// links too): every platform either applies to.
    static func union(_ first: DependencyCondition?, _ second: DependencyCondition?) -> DependencyCondition? {
        guard let first, let second else { return nil }
        return DependencyCondition(platforms: Array(Set(first.platforms + second.platforms)), traits: [])
    }
}

/// The package a product comes from.
public enum XcodePackage: Sendable, Hashable {
    /// `XCLocalSwiftPackageReference`: the package's folder.
    case local(String)
    /// `XCRemoteSwiftPackageReference`: its repository URL.
    case remote(String)
}
