/// A project another build system declares (an XcodeGen spec): every file it was read from
/// (the spec and its includes) and the targets it declares. A change to any of those files may
/// change how each of its targets builds, whatever the graph shows.
public struct ProjectSpec: Sendable, Hashable {
    /// Absolute paths.
    public var files: [String]
    public var targets: [String]
    /// Whether its targets carry their build declarations (`Target.buildDeclaration`), so that
    /// `strata affected` compares them one by one when a file changes, rather than taking every
    /// target of the spec (an Xcode project does; an XcodeGen spec or a podspec does not).
    public var declaresTargets: Bool

    public init(files: [String], targets: [String], declaresTargets: Bool = false) {
        self.files = files
        self.targets = targets
        self.declaresTargets = declaresTargets
    }
}
