/// Where a target's sources are, as SwiftPM sees them: a folder, optionally narrowed to some
/// files or subfolders (`sources:`) and with some left out (`exclude:`). All paths are absolute.
/// Build systems that narrow a source folder by patterns (XcodeGen's `includes:`/`excludes:`,
/// a podspec's globs) add `filters`.
public struct TargetSources: Sendable, Hashable, Codable {
    /// The target's folder.
    public var directory: String
    /// If set, only these files and folders (inside `directory`) hold the target's sources.
    public var only: [String]?
    /// Files and folders inside `directory` that are not the target's sources.
    public var excluded: [String]
    /// The workspace folder with links resolved: the walk follows no symbolic link that leads
    /// outside it, and a target folder that lies outside it is not walked at all.
    public var boundary: String?
    /// Which folders inside the target SwiftPM treats as opaque (never looks into for sources).
    public var opaqueFolders: OpaqueFolders
    /// Patterns narrowing what is under some of the roots (`only`, else `directory`).
    public var filters: [SourceFilter] = []

    public init(
        directory: String, only: [String]? = nil, excluded: [String] = [], boundary: String? = nil,
        opaqueFolders: OpaqueFolders = .knownExtensions, filters: [SourceFilter] = []
    ) {
        self.directory = directory
        self.only = only
        self.excluded = excluded
        self.boundary = boundary
        self.opaqueFolders = opaqueFolders
        self.filters = filters
    }

    /// SwiftPM's rule for folders with an extension inside a target, by the package's tools
    /// version. Folders named in `sources:` are always looked into; `.xcodeproj`, `.playground`
    /// and `.xcworkspace` folders never are.
    public enum OpaqueFolders: UInt8, Sendable, Hashable, Codable {
        /// Tools 5.6 and later: folders of the extensions SwiftPM knows as resources or
        /// documentation (`.docc`, `.xcassets`, `.xcdatamodeld`, …) are files, not folders.
        case knownExtensions
        /// Tools 5.3 to 5.5: every folder with an extension but `.lproj` is a file.
        case anyExtension
        /// Before 5.3: only the always-ignored ones.
        case none

        /// The rule for a package of `major.minor` tools version.
        public static func forTools(major: Int, minor: Int) -> OpaqueFolders {
            if (major, minor) >= (5, 6) { return .knownExtensions }
            if (major, minor) >= (5, 3) { return .anyExtension }
            return .none
        }

        /// Whether SwiftPM looks for sources inside a folder named `name`.
        public func isOpaque(_ name: String) -> Bool {
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return false }
            let suffix = String(name[name.index(after: dot)...])
            if Self.alwaysIgnored.contains(suffix) { return true }
            switch self {
            case .knownExtensions: return Self.known.contains(suffix)
            case .anyExtension: return suffix != "lproj"
            case .none: return false
            }
        }

        static let alwaysIgnored: Set<String> = ["xcodeproj", "playground", "xcworkspace"]
        /// The extensions of SwiftPM's resource and documentation rules.
        static let known: Set<String> = [
            "nib", "xib", "storyboard", "xcassets", "xcstrings", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "metal", "docc",
        ]
    }

    /// SwiftPM's folders for a target without `path:`, tried in this order.
    public static func predefinedFolders(isTest: Bool) -> [String] {
        isTest ? ["Tests", "Sources", "Source", "src", "srcs"] : ["Sources", "Source", "src", "srcs"]
    }
}

/// Patterns narrowing the files under one root of a target's sources, relative to that root,
/// with Bash's globstar rules (`*` within a folder, `**` any number of folders): a file is a
/// source if it matches one of `includes` (when there are any) and none of `excludes`; a folder
/// that matches an exclude is left out with everything in it.
public struct SourceFilter: Sendable, Hashable, Codable {
    /// An absolute path, one of the target's roots.
    public var root: String
    public var includes: [String]
    public var excludes: [String]

    public init(root: String, includes: [String] = [], excludes: [String] = []) {
        self.root = root
        self.includes = includes
        self.excludes = excludes
    }
}
