/// A project another build system declares (an XcodeGen spec): every file it was read from
/// (the spec and its includes) and the targets it declares. A change to any of those files may
/// change how each of its targets builds, whatever the graph shows.
public struct ProjectSpec: Sendable, Hashable {
    /// Absolute paths.
    public var files: [String]
    public var targets: [String]

    public init(files: [String], targets: [String]) {
        self.files = files
        self.targets = targets
    }
}
