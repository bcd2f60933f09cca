/// A release's version: Semantic Versioning 2.0.0, ordered by precedence (build metadata is
/// kept but does not order).
public struct SemanticVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let major: Int
    public let minor: Int
    public let patch: Int
    public let prerelease: [String]
    public let build: [String]

    /// Parses `1.2.3`, `1.2.3-beta.1`, `1.2.3+exp.sha`; nil for anything else (`1.2`, `v1.2.3`, `01.2.3`).
    public init?(_ text: String) {
        var rest = Substring(text)
        var build: [String] = []
        if let plus = rest.firstIndex(of: "+") {
            build = rest[rest.index(after: plus)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<plus]
            guard build.allSatisfy(Self.isIdentifier) else { return nil }
        }
        var prerelease: [String] = []
        if let dash = rest.firstIndex(of: "-") {
            prerelease = rest[rest.index(after: dash)...].split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            rest = rest[..<dash]
            guard prerelease.allSatisfy({ Self.isIdentifier($0) && !Self.hasLeadingZero($0) }) else { return nil }
        }
        let core = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard core.count == 3,
            core.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) && !Self.hasLeadingZero(String($0)) }),
            let major = Int(core[0]), let minor = Int(core[1]), let patch = Int(core[2])
        else { return nil }
        (self.major, self.minor, self.patch, self.prerelease, self.build) = (major, minor, patch, prerelease, build)
    }

    private static func isIdentifier(_ part: String) -> Bool {
        !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }

    private static func hasLeadingZero(_ part: String) -> Bool {
        part.count > 1 && part.first == "0" && part.allSatisfy(\.isNumber)
    }

    /// The first version of the next major (`2.0.0` after `1.4.2-beta`): pre-release and build dropped.
    public var nextMajor: SemanticVersion { SemanticVersion("\(major + 1).0.0")! }

    /// The first version of the next minor (`1.5.0` after `1.4.2`): pre-release and build dropped.
    public var nextMinor: SemanticVersion { SemanticVersion("\(major).\(minor + 1).0")! }

    /// The version without build metadata: equal for versions of equal precedence.
    public var precedenceKey: String {
        "\(major).\(minor).\(patch)" + (prerelease.isEmpty ? "" : "-" + prerelease.joined(separator: "."))
    }

    public var description: String {
        precedenceKey + (build.isEmpty ? "" : "+" + build.joined(separator: "."))
    }

    public static func < (a: SemanticVersion, b: SemanticVersion) -> Bool {
        if (a.major, a.minor, a.patch) != (b.major, b.minor, b.patch) { return (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch) }
        // A pre-release is lower than its release; otherwise compare identifier by identifier.
        if a.prerelease.isEmpty || b.prerelease.isEmpty { return !a.prerelease.isEmpty && b.prerelease.isEmpty }
        for (x, y) in zip(a.prerelease, b.prerelease) where x != y {
            switch (Int(x), Int(y)) {
            case (let m?, let n?): return m < n
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return x < y
            }
        }
        return a.prerelease.count < b.prerelease.count
    }

    /// Equal in precedence: build metadata aside.
    public static func == (a: SemanticVersion, b: SemanticVersion) -> Bool {
        (a.major, a.minor, a.patch, a.prerelease) == (b.major, b.minor, b.patch, b.prerelease)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(major)
        hasher.combine(minor)
        hasher.combine(patch)
        hasher.combine(prerelease)
    }
}
