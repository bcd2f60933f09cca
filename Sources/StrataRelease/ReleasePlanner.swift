import StrataGraph
public import StrataManifest
public import StrataPackageIdentity

/// Which part of a version a release raises.
public enum Bump: String, Sendable, Hashable, Comparable, CaseIterable, Codable, CustomStringConvertible {
    case patch, minor, major

    public static func < (a: Bump, b: Bump) -> Bool { allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)! }

    public var description: String { rawValue }

    /// The bump an API change calls for at `version`: breaking → major, additive → minor,
    /// neither → patch; below 1.0.0 (SemVer's initial development, where a minor may break)
    /// breaking → minor and additive → patch.
    public static func forChange(_ change: APIChange, at version: SemanticVersion?) -> Bump {
        let initialDevelopment = (version?.major ?? 1) == 0
        switch change {
        case .breaking: return initialDevelopment ? .minor : .major
        case .additive: return initialDevelopment ? .patch : .minor
        case .none: return .patch
        }
    }
}

/// What a change did to a module's public API, as the toolchain's API digester says.
public enum APIChange: String, Sendable, Hashable, Codable {
    /// Something public was removed or changed: existing callers may break.
    case breaking
    /// Only additions.
    case additive
    /// The public API is the same.
    case none

    /// Why a release has the bump this change calls for.
    var reason: String {
        switch self {
        case .breaking: "breaking API change"
        case .additive: "API additions"
        case .none: "no API change"
        }
    }
}

extension SemanticVersion {
    /// The next version with `bump` raised and what follows it zeroed (pre-release and build dropped).
    public func bumped(_ bump: Bump) -> SemanticVersion {
        switch bump {
        case .major: nextMajor
        case .minor: nextMinor
        case .patch: SemanticVersion("\(major).\(minor).\(patch + 1)")!
        }
    }
}

/// Works out a release train: which modules are released, at which versions, in which order,
/// and which requirements rise. Pure: the changes since each module's last release, and what
/// they did to its API, are worked out beforehand (`ReleaseHistory`, `APIComparison`).
public struct ReleasePlanner: Sendable {
    /// A module's change since its last release.
    public struct Change: Sendable, Hashable {
        /// What it did to the public API (nil: not compared, e.g. with `--bump`, or a first release).
        public var api: APIChange?
        /// The API differences that decided it, as the digester words them.
        public var apiDetails: [String]
        /// Subjects of the commits since the last release that touched the module's folder, newest first.
        public var commits: [String]

        public init(api: APIChange?, apiDetails: [String] = [], commits: [String] = []) {
            self.api = api
            self.apiDetails = apiDetails
            self.commits = commits
        }
    }

    /// Registry modules in strata.yml's order.
    public var modules: [String]
    /// Each module → the registry modules it uses.
    public var dependencies: [String: [String]]
    /// What is released now, and what each requires.
    public var versions: VersionRecord
    /// Modules with changes since their last release (or never released).
    public var changes: [String: Change]
    /// `--bump`: the bump of these modules, whatever their API says.
    public var overrides: [String: Bump]
    /// `--cascade`: raise dependents' requirements on every release, not only across a major.
    public var cascade: Bool
    /// The version of a module's first release.
    public var firstVersion: SemanticVersion

    public init(
        modules: [String], dependencies: [String: [String]], versions: VersionRecord, changes: [String: Change], overrides: [String: Bump] = [:],
        cascade: Bool = false, firstVersion: SemanticVersion = SemanticVersion("1.0.0")!
    ) {
        self.modules = modules
        self.dependencies = dependencies
        self.versions = versions
        self.changes = changes
        self.overrides = overrides
        self.cascade = cascade
        self.firstVersion = firstVersion
    }

    /// The plan: every module with a change, and every dependent whose requirement rises, each
    /// once and after the modules it uses. Nil when the modules' dependencies form a cycle.
    public func plan() -> ReleasePlan? {
        guard let order = topologicalOrder() else { return nil }
        var users: [String: [String]] = [:]
        for module in modules { for dependency in dependencies[module] ?? [] { users[dependency, default: []].append(module) } }
        var released: [String: SemanticVersion] = [:]
        var steps: [ReleasePlan.Step] = []
        for module in order {
            let old = versions.entries[module]?.version
            let change = changes[module]
            // Never released and not changed: nothing in the registry uses it, it comes from its folder.
            if change == nil, old == nil { continue }
            // Dependencies released earlier in the train. A module released anyway requires the
            // versions it is built with; another only rises when the new version falls outside
            // its requirement (or with --cascade).
            var raises: [ReleasePlan.Raise] = []
            var crossed: [String] = []
            for dependency in dependencies[module] ?? [] {
                guard let new = released[dependency] else { continue }
                let required = versions.requirement(of: dependency, by: module)
                let outside = required.map { !$0.accepts(new) } ?? true
                guard outside || cascade || change != nil else { continue }
                raises.append(ReleasePlan.Raise(dependency: dependency, from: required?.description, to: new.description))
                if outside { crossed.append(dependency) }
            }
            if change == nil, raises.isEmpty { continue }

            var reasons: [String] = []
            var bump: Bump?
            if let old {
                var chosen = Bump.patch
                if let change {
                    if let forced = overrides[module] {
                        chosen = forced
                        reasons.append("--bump \(forced)")
                    } else {
                        let api = change.api ?? .none
                        chosen = Bump.forChange(api, at: old)
                        reasons.append(api.reason)
                    }
                } else if crossed.isEmpty {
                    reasons.append("--cascade: uses new releases of \(raises.map(\.dependency).joined(separator: ", "))")
                }
                // Its API may expose what the new major changed: at least a minor release.
                if !crossed.isEmpty {
                    reasons.append("requires a new major of \(crossed.joined(separator: ", "))")
                    chosen = max(chosen, .minor)
                }
                bump = chosen
            } else {
                reasons.append("first release")
            }
            let new = old.map { $0.bumped(bump ?? .patch) } ?? firstVersion
            released[module] = new
            steps.append(
                ReleasePlan.Step(
                    module: module, from: old?.description, to: new.description, bump: bump, reasons: reasons, api: change?.api,
                    apiDetails: change?.apiDetails ?? [], commits: change?.commits ?? [], raises: raises, dependents: users[module] ?? []))
        }
        return ReleasePlan(steps: steps)
    }

    /// The modules, each after the ones it uses (nil if they use each other in a cycle).
    func topologicalOrder() -> [String]? {
        Digraph.usedBeforeUsers(modules) { dependencies[$0] ?? [] }.topologicalOrder()?.map { modules[$0] }
    }
}

/// A release train: the releases to make, in order.
public struct ReleasePlan: Sendable, Hashable, Codable {
    /// A dependency whose requirement rises.
    public struct Raise: Sendable, Hashable, Codable {
        public var dependency: String
        /// The version required so far (nil: none recorded).
        public var from: String?
        public var to: String
    }

    /// One module's release.
    public struct Step: Sendable, Hashable, Codable {
        public var module: String
        /// The released version now (nil: the first release).
        public var from: String?
        public var to: String
        /// Nil for a first release.
        public var bump: Bump?
        /// Why the module is released, and why at this bump.
        public var reasons: [String]
        public var api: APIChange?
        public var apiDetails: [String]
        /// Commit subjects since the last release, newest first: the changelog entry.
        public var commits: [String]
        /// Requirements on modules released earlier in the train that rise.
        public var raises: [Raise]
        /// Registry modules that use it.
        public var dependents: [String]
    }

    public var steps: [Step]
}
