import Foundation
public import StrataManifest
public import StrataSources

/// How one Package.swift was read.
public struct PackageReadReport: Sendable, Hashable {
    public enum Method: String, Sendable {
        /// Read by Strata's static reader, without running the compiler.
        case `static`
        /// Evaluated with `swift package dump-package`.
        case dumpPackage = "dump-package"
    }
    /// Absolute path of the Package.swift.
    public var path: String
    public var method: Method
    /// Why the static reader could not be certain, when it fell back.
    public var reason: String?
    /// The machine the manifest's `#if`s were decided for (dump-package: this one).
    public var host: Platform?
    /// Its `#if` conditions that depend on that machine (`os(macOS)`, `canImport(Darwin)`), where they stand.
    public var hostConditions: [Located<String>] = []
    /// The manifest of a package outside the workspace, read for the modules of its products.
    public var isExternal = false
    /// It was tried this way and could not be read (the load's errors say why).
    public var failed = false
    /// The environment variables evaluating it read (`Context.environment["CI"]`), with their
    /// values then, so that what was made of it stands only while they are the same; nil when it
    /// reads variables its text does not name. Empty for most manifests, and for a static read.
    public var environment: [EnvironmentVariable]? = []

    public init(path: String, method: Method, reason: String?) {
        self.path = path
        self.method = method
        self.reason = reason
    }
}

/// How adopt-mode Package.swift files are read.
public enum PackageReading: String, Sendable, CaseIterable {
    /// Statically where the reader is certain, else with `swift package dump-package`.
    case automatic
    /// Always with `swift package dump-package` (slow; the reference the static reader is tested against).
    case dumpPackage = "dump-package"
}

/// An environment variable as a manifest's evaluation saw it.
public struct EnvironmentVariable: Sendable, Hashable {
    public var name: String
    /// Its value; nil when it was not set.
    public var value: String?

    public init(name: String, value: String?) {
        self.name = name
        self.value = value
    }

    /// The variable as it is now in this process's environment.
    public static func current(_ name: String) -> Self {
        Self(name: name, value: ProcessInfo.processInfo.environment[name])
    }

    /// True while the variable still has that value.
    public var holds: Bool { Self.current(name) == self }
}
