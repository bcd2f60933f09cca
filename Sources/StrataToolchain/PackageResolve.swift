import StrataProcess

/// `swift package resolve`: SwiftPM fetches and checks out a package's dependencies into its
/// `.build`, where Strata then reads the modules of their products.
public enum PackageResolve {
    /// Resolves the package in `directory`, within `STRATA_TIMEOUT_RESOLVE`.
    public static func run(packageAt directory: String) async throws(PackageDump.Failure) {
        _ = try await PackageDump.swiftPackage(["resolve", "--package-path", directory], outputLimit: 4 << 20, limit: .resolve)
    }
}
