import Foundation
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
