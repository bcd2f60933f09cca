import Foundation

/// Runs a program the package builds beside its tests (an executable target such as
/// StrataDIProbe) and returns how it ended and what it wrote on standard error.
enum Probe {
    struct NotBuilt: Error, CustomStringConvertible {
        let name: String
        var description: String { "\(name) is not among the built products beside the tests; swift build builds it" }
    }

    /// Its exit status (128 + the signal when a signal ended it) and standard error.
    static func run(_ name: String) throws -> (status: Int32, standardError: String) {
        guard let path = path(of: name) else { throw NotBuilt(name: name) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        var environment = ProcessInfo.processInfo.environment
        // The crash is what is tested: the toolchain's backtracer would only add its report.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let written = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: written, as: UTF8.self))
    }

    /// The product folder holds the tests' own image: the test bundle is in it (`Bundle(for:)` on
    /// macOS), or the test executable is (Linux, where that is the main bundle's).
    static func path(of name: String) -> String? {
        let folders = [Bundle(for: Marker.self).bundleURL.deletingLastPathComponent(), Bundle.main.executableURL?.deletingLastPathComponent()]
        return folders.compactMap { $0?.appendingPathComponent(name).path }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    private final class Marker {}
}
