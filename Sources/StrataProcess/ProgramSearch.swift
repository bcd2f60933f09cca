public import Subprocess
import Synchronization
public import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Programs found on the PATH as a shell finds them: the first folder holding an executable
/// file of that name.
///
/// Strata looks programs up itself rather than hand Subprocess a bare name: for a name,
/// Subprocess starts a child for each PATH folder in turn until one starts, so with git in the
/// eighth folder every git command cost eight process starts (40 ms here, more than the command).
public enum ProgramSearch {
    /// The first `<folder>/<name>` over the folders of `searchPath` (`$PATH` when nil) that is an
    /// executable regular file; empty folders (the current directory to a shell) are skipped,
    /// as Subprocess skips them.
    public static func find(_ name: String, searchPath: String? = nil) -> String? {
        guard !name.isEmpty, !name.contains("/") else { return nil }
        let folders = searchPath ?? getenv("PATH").map { String(cString: $0) } ?? ""
        for folder in folders.split(separator: ":", omittingEmptySubsequences: true) {
            let candidate = folder.hasSuffix("/") ? String(folder) + name : String(folder) + "/" + name
            var info = stat()
            guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 else { continue }
            return candidate
        }
        return nil
    }

    /// The program `name` to run: its path on the PATH (looked up once per run of Strata), or
    /// the bare name when it is not found there, which Subprocess then reports as not found.
    public static func executable(named name: String) -> Executable {
        let found = found.withLock { found in
            if let known = found[name] { return known }
            let path = find(name)
            found[name] = path
            return path
        }
        return found.map { .path(FilePath($0)) } ?? .name(name)
    }

    private static let found = Mutex<[String: String?]>([:])
}
