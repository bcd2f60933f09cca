import Foundation
import StrataFileSystem
import StrataProcess
public import Subprocess
import SystemPackage

/// The Swift toolchain Strata runs (`swift package dump-package`, `swift test`).
public enum SwiftToolchain {
    /// The `swift` executable: `$STRATA_SWIFT` if set, else `swift` on the PATH.
    public static var swift: Executable {
        if let path = ProcessInfo.processInfo.environment["STRATA_SWIFT"], !path.isEmpty {
            return .path(FilePath(path))
        }
        return ProgramSearch.executable(named: "swift")
    }
}

extension SwiftToolchain {
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
}
