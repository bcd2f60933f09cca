import Foundation
import StrataFileSystem
public import Subprocess
import SystemPackage

/// The Swift toolchain Strata runs (`swift package dump-package`, `swift test`).
public enum SwiftToolchain {
    /// The `swift` executable: `$STRATA_SWIFT` if set, else `swift` on the PATH.
    public static var swift: Executable {
        if let path = ProcessInfo.processInfo.environment["STRATA_SWIFT"], !path.isEmpty {
            return .path(FilePath(path))
        }
        return .name("swift")
    }
}

extension SwiftToolchain {
    /// Which `swift` would run, cheaply: its resolved path with size, modification time and
    /// inode, found on the PATH without starting it. Another toolchain gives another identity.
    public static var identity: String {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [String] = []
        if let path = environment["STRATA_SWIFT"], !path.isEmpty {
            candidates = [path]
        } else {
            candidates = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/swift" }
        }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return "none" }
        let resolved = URL(fileURLWithPath: found).resolvingSymlinksInPath().path
        let stamp = FileStamp.of(resolved)
        return "\(resolved):\(stamp.size):\(stamp.modified):\(stamp.inode)"
    }
}
