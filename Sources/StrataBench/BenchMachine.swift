/// A build configuration the apps are built and measured in.
public enum BenchConfiguration: String, Sendable, Hashable, Codable, CaseIterable {
    case release
    case debug
}

/// One run of an app's executable.
public struct BenchLaunch: Sendable, Hashable {
    /// From starting the process to its exit.
    public var wallTime: Duration
    /// From starting the process to the first line of `main` (the dynamic loader, the runtime's
    /// start-up), where the app could report it.
    public var timeToMain: Duration?
    /// Peak resident memory, in kilobytes.
    public var peakMemoryKB: Int
    /// What the app printed on standard output.
    public var output: String
}

/// An app's executable and the app's own shared libraries it loads, in bytes.
public struct BenchSize: Sendable, Hashable, Codable {
    public var executable: Int
    /// The modules' shared objects (dynamic apps only).
    public var libraries: Int
    public var libraryCount: Int
    public var total: Int { executable + libraries }

    public init(executable: Int, libraries: Int, libraryCount: Int) {
        self.executable = executable
        self.libraries = libraries
        self.libraryCount = libraryCount
    }
}

/// What measuring needs from the machine: cleaning, building, editing, launching and sizing an
/// app (each named by its folder). `LocalBenchMachine` runs SwiftPM and the apps; the tests give
/// `BenchRun` a fake one, so that what it does with the figures is tested without builds.
public protocol BenchMachine: Sendable {
    /// Readies the app for timing, untimed: SwiftPM resolves its packages and compiles their
    /// manifests into its cache, as on a developer's machine, so every clean build does the same work.
    func prepare(_ app: String) async throws(BenchError)
    /// Removes everything built for the app.
    func clean(_ app: String) async throws(BenchError)
    /// Builds the app's executable; returns how long the build took.
    func build(_ app: String, _ configuration: BenchConfiguration) async throws(BenchError) -> Duration
    /// A file of the app, relative to its folder.
    func read(_ app: String, _ file: String) throws(BenchError) -> String
    func write(_ app: String, _ file: String, _ text: String) throws(BenchError)
    /// Runs the app's built executable once.
    func launch(_ app: String, _ configuration: BenchConfiguration) async throws(BenchError) -> BenchLaunch
    /// The size of the app's built executable and of its own shared libraries.
    func size(_ app: String, _ configuration: BenchConfiguration) throws(BenchError) -> BenchSize
}
