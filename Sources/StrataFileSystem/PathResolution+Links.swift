#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PathResolution {
    /// `path` (absolute) with every symbolic link resolved. A path that does not exist yet
    /// resolves through its nearest existing folder, so a folder about to be created can be
    /// judged too. Nil only if the links cannot be resolved (a loop, no permission).
    public static func resolvingLinks(_ path: String) -> String? {
        var existing = standardize(path)
        var missing: [Substring] = []
        while true {
            if let resolved = realpath(existing, nil) {
                defer { free(resolved) }
                let base = String(cString: resolved)
                return missing.isEmpty ? base : standardize(base + "/" + missing.reversed().joined(separator: "/"))
            }
            guard errno == ENOENT || errno == ENOTDIR, existing != "/" else { return nil }
            let components = existing.split(separator: "/")
            missing.append(components.last!)
            existing = "/" + components.dropLast().joined(separator: "/")
        }
    }

    /// Whether `path` is `folder` or lies inside it, both absolute and standardized.
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        self.path(path, inside: folder) != nil
    }
}
