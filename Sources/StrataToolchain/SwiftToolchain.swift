import Foundation
import StrataFileSystem
import StrataProcess
public import Subprocess
import SystemPackage

/// The Swift toolchain Strata runs (`swift package dump-package`, `swift --version`, `swift test`).
public enum SwiftToolchain {
    /// The `swift` executable: `$STRATA_SWIFT` if set, else `swift` on the PATH.
    public static var swift: Executable {
        if let path = ProcessInfo.processInfo.environment["STRATA_SWIFT"], !path.isEmpty {
            return .path(FilePath(path))
        }
        return ProgramSearch.executable(named: "swift")
    }

    /// Options for a SwiftPM build of a package Strata made for the purpose and throws away (a
    /// module's package in a copy of HEAD, the scratch repository of an API comparison): an index
    /// store without the system modules. SwiftPM indexes while it builds, and in a new build
    /// folder that first indexes Foundation, Glibc and the standard library's overlays: about 8
    /// seconds of CPU, most of a small package's build. The index itself stays, since on Linux
    /// `swift test` finds XCTest's tests in it (`--disable-index-store` fails there). A user's own
    /// build folder keeps SwiftPM's defaults: other compiler options would rebuild all of it.
    public static let scratchBuildOptions = ["-Xswiftc", "-index-ignore-system-modules"]

    /// Which `swift` would run, cheaply: its resolved path with size, modification time and
    /// inode, found on the PATH without starting it. Another toolchain gives another identity.
    public static var identity: String {
        let found: String
        if let path = ProcessInfo.processInfo.environment["STRATA_SWIFT"], !path.isEmpty {
            guard FileManager.default.isExecutableFile(atPath: path) else { return "none" }
            found = path
        } else {
            guard let path = ProgramSearch.find("swift") else { return "none" }
            found = path
        }
        let resolved = URL(fileURLWithPath: found).resolvingSymlinksInPath().path
        let stamp = FileStamp.of(resolved)
        return "\(resolved):\(stamp.size):\(stamp.modified):\(stamp.inode)"
    }

    /// The version `swift --version` reports, as `major.minor.patch` (about a tenth of a
    /// second); nil if it cannot be run or read.
    public static func reportedVersion() async -> String? {
        guard
            let result = try? await ChildProcess.run(
                swift, arguments: ["--version"], input: .none, output: .string(limit: 1 << 16), error: .discarded, limit: .manifest),
            result.succeeded
        else { return nil }
        return parseVersion(result.standardOutput)
    }

    /// `Swift version 6.3.1 (swift-6.3.1-RELEASE)` → `6.3.1`, `… version 6.0 (…)` → `6.0.0`; also
    /// the `Apple Swift version …` form.
    public static func parseVersion(_ output: String) -> String? {
        guard let range = output.range(of: "Swift version ") else { return nil }
        let word = output[range.upperBound...].prefix { $0.isNumber || $0 == "." }
        let parts = word.split(separator: ".").compactMap { Int($0) }
        guard parts.count >= 2 else { return nil }
        return "\(parts[0]).\(parts[1]).\(parts.count > 2 ? parts[2] : 0)"
    }
}
