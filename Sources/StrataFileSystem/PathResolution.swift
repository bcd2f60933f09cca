/// Absolute, standardized paths made by string work alone: Foundation's `URL` gives the same
/// answer (`standardizedFileURL.path`) but asks the file system whether each path is a folder,
/// which costs a system call per path — thousands of them for a large workspace.
public enum PathResolution {
    /// `relative` resolved against `folder` (an absolute path), with `.`, `..` and repeated `/`
    /// removed; an absolute `relative` is only standardized. Symbolic links are not resolved.
    public static func resolve(_ relative: String, in folder: String) -> String {
        relative.hasPrefix("/") ? standardize(relative) : standardize(folder + "/" + relative)
    }

    /// The folder holding `path` (absolute, standardized); the root's parent is the root.
    public static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else { return "/" }
        return String(Substring(path.utf8[..<slash]))
    }

    /// The last component of `path`: the file's or folder's name.
    public static func name(of path: String) -> String {
        // Without splitting the path: a project names thousands of files.
        let utf8 = path.utf8
        guard let last = utf8.lastIndex(where: { $0 != UInt8(ascii: "/") }) else { return path }
        let end = utf8.index(after: last)
        let start = utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        return String(Substring(utf8[start..<end]))
    }

    /// `path` as seen from the folder `base`, both absolute and standardized: `../Logging`.
    public static func relative(_ path: String, from base: String) -> String {
        let target = path.split(separator: "/"), origin = base.split(separator: "/")
        var common = 0
        while common < min(target.count, origin.count), target[common] == origin[common] { common += 1 }
        let parts = Array(repeating: "..", count: origin.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// `path` relative to `folder` if it is the folder itself (`""`) or inside it, else nil;
    /// both absolute and standardized.
    /// Compared byte for byte, as the file system names files (and with no allocation on the
    /// way: a 5,000-module workspace asks this for every one of its 15,000 targets).
    public static func path(_ path: String, inside folder: String) -> String? {
        let inner = path.utf8, outer = folder.utf8
        guard inner.starts(with: outer) else { return nil }
        var rest = inner.index(inner.startIndex, offsetBy: outer.count)
        if rest == inner.endIndex { return "" }
        if outer.last != UInt8(ascii: "/") {
            guard inner[rest] == UInt8(ascii: "/") else { return nil }
            rest = inner.index(after: rest)
        }
        return String(Substring(inner[rest...]))
    }

    /// An absolute path without `.`, `..`, repeated `/` or a trailing `/`; `..` above the root
    /// stays at the root.
    public static func standardize(_ path: String) -> String {
        isStandard(path) ? path : walkingComponents(path)  // most paths already are: no split, no join
    }

    /// `standardize` the long way: split, drop `.`, pop for `..`, join.
    static func walkingComponents(_ path: String) -> String {
        var components: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch component {
            case ".": continue
            case "..": _ = components.popLast()
            default: components.append(component)
            }
        }
        return "/" + components.joined(separator: "/")
    }

    /// True if `path` is absolute and has no `.` or `..` component, no `//` and no trailing `/`.
    private static func isStandard(_ path: String) -> Bool {
        var utf8 = path.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "/") else { return false }
        var previousSlash = true  // just after a '/'
        var dots = 0  // '.'s since that '/', while nothing else came
        var count = 1
        while let byte = utf8.next() {
            count += 1
            if byte == UInt8(ascii: "/") {
                if previousSlash || dots == 1 || dots == 2 { return false }
                previousSlash = true
                dots = 0
            } else if byte == UInt8(ascii: "."), previousSlash || dots > 0 {
                dots += 1
                previousSlash = false
            } else {
                previousSlash = false
                dots = -1  // a component with other characters: its dots do not matter
            }
        }
        if count == 1 { return true }  // "/"
        return !previousSlash && dots != 1 && dots != 2
    }
}
