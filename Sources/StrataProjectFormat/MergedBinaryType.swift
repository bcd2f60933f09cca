/// `MERGED_BINARY_TYPE` (Xcode 15+) as one build configuration builds it: which dynamic
/// libraries an app or framework merges into its own image. Xcode merges only in optimised
/// builds, and links the same libraries dynamically in unoptimised (debug) ones.
public enum MergedBinaryType: Sendable, Hashable {
    /// Nothing is merged: not asked, or an unoptimised build.
    case none
    /// `automatic`: every dynamic library it links that another target of its project builds.
    case automatic
    /// `manual`: the libraries it links that are built mergeable.
    case manual

    /// What a target merges, from the settings its configuration resolves: `MERGED_BINARY_TYPE`,
    /// and the optimisation levels that tell an optimised build (Swift not at `-Onone`, C not at
    /// `0`, Xcode's own test for a debug build).
    public init(mergedBinaryType: String?, swiftOptimization: String?, cOptimization: String?) {
        guard swiftOptimization != "-Onone", cOptimization != "0" else {
            self = .none
            return
        }
        switch mergedBinaryType {
        case "automatic": self = .automatic
        case "manual": self = .manual
        default: self = .none
        }
    }

    /// Whether a library built mergeable (`MERGEABLE_LIBRARY` or `MAKE_MERGEABLE` set to YES).
    public static func isMergeable(mergeableLibrary: String?, makeMergeable: String?) -> Bool {
        mergeableLibrary == "YES" || makeMergeable == "YES"
    }

    /// Whether a target merging so takes in a dynamic library it links: with `automatic` one
    /// another target of its own project builds, with `manual` one built mergeable.
    public func merges(builtInSameProject: Bool, isMergeable: Bool) -> Bool {
        switch self {
        case .none: false
        case .automatic: builtInSameProject
        case .manual: isMergeable
        }
    }
}
