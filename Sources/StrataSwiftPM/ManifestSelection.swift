import Foundation
import StrataFileSystem
public import StrataProjectFormat
public import StrataToolchain

/// Which manifest of a package folder SwiftPM reads: `Package.swift`, or a version-specific
/// `Package@swift-X.Y.Z.swift`, `Package@swift-X.Y.swift` or `Package@swift-X.swift`.
///
/// SwiftPM's rule, for the toolchain that runs it:
/// 1. a file named for the toolchain's exact version wins, tried as `X.Y.Z`, then `X.Y`, then `X`
///    (for Swift 6.3.1: `Package@swift-6.3.1.swift`, `Package@swift-6.3.swift`, `Package@swift-6.swift`);
/// 2. otherwise the version-specific file with the highest version not above the toolchain's
///    is read if the tools version it declares is higher than `Package.swift`'s;
/// 3. otherwise `Package.swift`.
public enum ManifestSelection {
    /// The path of the manifest SwiftPM reads in `folder`. `toolchain` is asked only when the
    /// folder holds a version-specific manifest, so the common case runs no process.
    public static func manifestPath(
        in folder: String, files: any WorkspaceFiles, toolchain: @Sendable () async -> ToolsVersion = SwiftToolchain.version
    ) async -> String {
        let regular = (folder as NSString).appendingPathComponent("Package.swift")
        let candidates = files.children(of: folder).compactMap { name in versionSpecific(name).map { ($0, name) } }
        guard !candidates.isEmpty else { return regular }
        let chosen = select(
            candidates: candidates, toolchain: await toolchain(),
            declaredToolsVersion: { name in
                files.contents(of: (folder as NSString).appendingPathComponent(name)).flatMap(ToolsVersion.declared(in:))
            })
        return (folder as NSString).appendingPathComponent(chosen)
    }

    /// SwiftPM's choice among `candidates` (version, file name) and `Package.swift`.
    /// `declaredToolsVersion` reads a file's `// swift-tools-version:`; nil if it has none.
    static func select(
        candidates: [(ToolsVersion, String)], toolchain: ToolsVersion, declaredToolsVersion: (String) -> ToolsVersion?
    ) -> String {
        let names = Set(candidates.map(\.1))
        for key in exactNames(for: toolchain) where names.contains(key) { return key }
        // Several spellings of one version (`6.0` and `6.0.0`): SwiftPM keeps the one it met last
        // in the folder listing; sorting the names makes that choice ours and stable.
        var byVersion: [ToolsVersion: String] = [:]
        for (version, name) in candidates.sorted(by: { $0.1 < $1.1 }) { byVersion[version] = name }
        guard let best = byVersion.keys.filter({ $0 <= toolchain }).max(), let name = byVersion[best] else {
            return "Package.swift"
        }
        guard let specific = declaredToolsVersion(name) else { return "Package.swift" }
        if let regular = declaredToolsVersion("Package.swift"), specific <= regular { return "Package.swift" }
        return name
    }

    /// `Package@swift-6.3.1.swift`, `Package@swift-6.3.swift`, `Package@swift-6.swift`.
    static func exactNames(for version: ToolsVersion) -> [String] {
        [
            "Package@swift-\(version.major).\(version.minor).\(version.patch).swift",
            "Package@swift-\(version.major).\(version.minor).swift",
            "Package@swift-\(version.major).swift",
        ]
    }

    /// The version in a `Package@swift-X[.Y[.Z]].swift` file name; nil for any other name.
    public static func versionSpecific(_ name: String) -> ToolsVersion? {
        let prefix = "Package@swift-", suffix = ".swift"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let text = name.dropFirst(prefix.count).dropLast(suffix.count)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
        else { return nil }
        let numbers = parts.compactMap { Int($0) }
        guard numbers.count == parts.count else { return nil }
        return ToolsVersion(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    /// True for the file names SwiftPM may read as a package's manifest.
    public static func isManifestName(_ name: String) -> Bool {
        name == "Package.swift" || versionSpecific(name) != nil
    }
}

extension ToolsVersion {
    /// The version a manifest's first line declares (`// swift-tools-version:5.9` or
    /// `// swift-tools-version: 6.0.1`); nil if the first line is not such a comment.
    public static func declared(in bytes: [UInt8]) -> ToolsVersion? {
        let firstLine = bytes.prefix { $0 != UInt8(ascii: "\n") }
        let text = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("//"), let range = text.range(of: "swift-tools-version:", options: .caseInsensitive) else { return nil }
        let written = text[range.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0 != ";" && $0 != " " }
        return ToolsVersion(written)
    }
}

extension SwiftToolchain {
    /// The version of the toolchain Strata runs (`swift --version`), asked once per process.
    /// If it cannot be run, the newest version Strata's manifest reader knows.
    public static func version() async -> ToolsVersion {
        await ToolchainVersionCache.shared.version()
    }
}

private actor ToolchainVersionCache {
    static let shared = ToolchainVersionCache()
    private var known: ToolsVersion?

    func version() async -> ToolsVersion {
        if let known { return known }
        // `swift --version` costs a tenth of a second; its answer is kept per toolchain identity
        // next to the evaluated manifests.
        let identity = SwiftToolchain.identity
        let kept = EvaluatedManifestCache.root.map { $0 + "/toolchain-version" }
        if let kept, let text = FileContents.bytes(atPath: kept).map({ String(decoding: $0, as: UTF8.self) }) {
            let lines = text.split(separator: "\n").map(String.init)
            if lines.count == 2, lines[0] == identity, let version = ToolsVersion(lines[1]) {
                known = version
                return version
            }
        }
        var found = ToolsVersion(StaticPackageReader.newestToolsVersion.major, StaticPackageReader.newestToolsVersion.minor)
        if let reported = await SwiftToolchain.reportedVersion(), let parsed = ToolsVersion(reported) {
            found = parsed
            if let kept {
                try? AtomicFileWriter.write(
                    Data("\(identity)\n\(parsed.major).\(parsed.minor).\(parsed.patch)\n".utf8), to: kept, creatingFolder: true)
            }
        }
        known = found
        return found
    }
}
