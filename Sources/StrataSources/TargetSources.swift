/// Where a target's sources are, as SwiftPM sees them: a folder, optionally narrowed to some
/// files or subfolders (`sources:`) and with some left out (`exclude:`). All paths are absolute.
public struct TargetSources: Sendable, Hashable, Codable {
    /// The target's folder.
    public var directory: String
    /// If set, only these files and folders (inside `directory`) hold the target's sources.
    public var only: [String]?
    /// Files and folders inside `directory` that are not the target's sources.
    public var excluded: [String]

    public init(directory: String, only: [String]? = nil, excluded: [String] = []) {
        self.directory = directory
        self.only = only
        self.excluded = excluded
    }

    /// SwiftPM's folders for a target without `path:`, tried in this order.
    public static func predefinedFolders(isTest: Bool) -> [String] {
        isTest ? ["Tests", "Sources", "Source", "src", "srcs"] : ["Sources", "Source", "src", "srcs"]
    }
}
