/// The commit a release of strata was built from. Scripts/package-release.sh writes it here in
/// the tree it builds from (and puts this file back after); a development build has none.
enum BuildCommit {
    static let id: String? = nil
}
