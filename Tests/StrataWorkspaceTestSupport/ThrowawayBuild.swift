/// How the tests build the packages they make and delete: without indexing the system modules
/// (`swift build -Xswiftc -index-ignore-system-modules`).
///
/// SwiftPM indexes while it builds, and in a new build folder that first indexes Foundation,
/// Glibc and the standard library's overlays: about 8 seconds of CPU, most of a small fixture's
/// build, and some 60 such builds run in the suite. What these tests prove (the package builds,
/// its tests pass, its app prints) does not depend on that. The package's own index stays:
/// `swift test` finds XCTest's tests in it on Linux. A package folder is built with these options
/// every time, or the changed compiler arguments would rebuild it. (`strata release` does the
/// same for its scratch builds: `SwiftToolchain.scratchBuildOptions`.)
public enum ThrowawayBuild {
    /// The options, to go after `build`, `test` or `run`.
    public static let options = ["-Xswiftc", "-index-ignore-system-modules"]

    /// `options` as shell words, for a command line: `"swift build \(ThrowawayBuild.flags)"`.
    public static var flags: String { options.joined(separator: " ") }
}
