import StrataDiagnostics
import StrataGit
import StrataManifest
import StrataPackageIdentity
import StrataWorkspace

/// `strata versions`: which version of each registry module is released, which have changes
/// not released yet, and which dependents still require an older major (drift).
public struct VersionsReport: Sendable, Codable {
    /// One registry module.
    public struct Module: Sendable, Codable {
        public var module: String
        /// The released version (nil: never released).
        public var version: String?
        /// Subjects of the commits since the release that touched the module's folder, newest first.
        public var unreleasedChanges: [String]
        /// Registry modules that use it.
        public var dependents: [String]
    }

    /// A dependent whose requirement stops before a module's released version.
    public struct Drift: Sendable, Codable {
        public var dependent: String
        public var dependency: String
        /// The version it requires at least.
        public var requires: String
        /// The dependency's released version, outside that requirement.
        public var released: String
    }

    public var modules: [Module]
    public var drift: [Drift]

    /// Reads strata.yml, strata.versions.yml and the release tags of the workspace at `path`.
    public static func read(path: String) async throws -> VersionsReport {
        let context = try await ReleaseContext.load(path: path)
        let history = try await context.history()
        var users: [String: [String]] = [:]
        for module in context.modules { for dependency in context.dependencies[module] ?? [] { users[dependency, default: []].append(module) } }
        var report = VersionsReport(modules: [], drift: [])
        for module in context.modules {
            let entry = history.entries[module]
            report.modules.append(
                Module(
                    module: module, version: context.record.entries[module]?.version.description,
                    unreleasedChanges: entry?.release == nil ? [] : entry?.commits.map { "\($0.subject) (\($0.id.prefix(7)))" } ?? [],
                    dependents: users[module] ?? []))
            // Only a released dependent pins anything.
            guard context.record.entries[module] != nil else { continue }
            for dependency in context.dependencies[module] ?? [] {
                guard let released = context.record.entries[dependency]?.version,
                    let required = context.record.requirement(of: dependency, by: module), !required.accepts(released)
                else { continue }
                report.drift.append(Drift(dependent: module, dependency: dependency, requires: required.description, released: released.description))
            }
        }
        return report
    }
}
