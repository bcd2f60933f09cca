/// Where a target's sources are, as SwiftPM sees them: a folder, optionally narrowed to some
/// files or subfolders (`sources:`) and with some left out (`exclude:`). All paths are absolute.
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

    public init(directory: String, only: [String]? = nil, excluded: [String] = [], boundary: String? = nil) {
        self.directory = directory
        self.only = only
        self.excluded = excluded
        self.boundary = boundary
    }

    /// SwiftPM's folders for a target without `path:`, tried in this order.
    public static func predefinedFolders(isTest: Bool) -> [String] {
        isTest ? ["Tests", "Sources", "Source", "src", "srcs"] : ["Sources", "Source", "src", "srcs"]
    }
}
