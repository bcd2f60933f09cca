public import Foundation

/// Strata's cache folder for the user: `$STRATA_CACHE_DIR`, else `$XDG_CACHE_HOME/strata`, else
/// `~/.cache/strata`. Each cache keeps a folder of its own in it; failing to read or write one
/// only costs time.
public enum UserCache {
    public static func root(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["STRATA_CACHE_DIR"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/strata" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.cache/strata"
    }

    /// Whether the switch `variable` (`STRATA_NO_MANIFEST_CACHE`, …) turns a cache off: set, and
    /// neither empty nor `0`.
    public static func isTurnedOff(by variable: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment[variable].map { !$0.isEmpty && $0 != "0" } ?? false
    }
}
