public import Foundation

/// How long a child process of one kind may run before Strata stops it.
///
/// Each kind is declared once here: its environment variable and its default. A value is a
/// number of seconds; `0` means no limit.
public struct ProcessLimit: Sendable, Hashable {
    /// The environment variable that overrides the default.
    public var variable: String
    /// The limit when the variable is not set.
    public var defaultSeconds: Int

    /// A kind of child with its variable and default.
    public init(variable: String, defaultSeconds: Int) {
        self.variable = variable
        self.defaultSeconds = defaultSeconds
    }

    /// `swift package dump-package`: compiling and running one Package.swift takes a second or
    /// two; two minutes allows a slow, loaded machine and still ends a manifest that never returns.
    public static let manifest = ProcessLimit(variable: "STRATA_TIMEOUT_MANIFEST", defaultSeconds: 120)
    /// A git command (rev-parse, diff, ls-tree, cat-file): local reads only, never the network.
    public static let git = ProcessLimit(variable: "STRATA_TIMEOUT_GIT", defaultSeconds: 300)
    /// `swift test` for the affected targets: a build and a test run, which may be long.
    public static let swiftTest = ProcessLimit(variable: "STRATA_TIMEOUT_SWIFT_TEST", defaultSeconds: 3600)

    /// `swift build`, `swift test` or `swift package diagnose-api-breaking-changes` of one
    /// module's package while `strata release` checks and compares it.
    public static let swiftBuild = ProcessLimit(variable: "STRATA_TIMEOUT_SWIFT_BUILD", defaultSeconds: 1800)

    /// `swift package resolve` for `strata check --resolve`: cloning or fetching every
    /// dependency of a package, over the network.
    public static let resolve = ProcessLimit(variable: "STRATA_TIMEOUT_RESOLVE", defaultSeconds: 600)

    /// Every kind, for validation and documentation.
    public static let all: [ProcessLimit] = [.manifest, .git, .swiftTest, .swiftBuild, .resolve]

    /// A limit that is not a number of seconds.
    public struct InvalidValue: Error, Sendable, CustomStringConvertible {
        public var variable: String
        public var value: String
        public var description: String {
            "\(variable)='\(value)' is not a number of seconds (a whole number, 0 for no limit)"
        }
    }

    /// The limit in force: the variable's value if set, else the default; nil for no limit.
    public func duration(environment: [String: String] = ProcessInfo.processInfo.environment) throws(InvalidValue) -> Duration? {
        let seconds: Int
        if let value = environment[variable], !value.isEmpty {
            guard let parsed = Int(value.trimmingCharacters(in: .whitespaces)), parsed >= 0 else {
                throw InvalidValue(variable: variable, value: value)
            }
            seconds = parsed
        } else {
            seconds = defaultSeconds
        }
        return seconds == 0 ? nil : .seconds(seconds)
    }

    /// Every limit whose variable is set to something that is not a number of seconds.
    public static func invalidValues(environment: [String: String] = ProcessInfo.processInfo.environment) -> [InvalidValue] {
        all.compactMap { limit -> InvalidValue? in
            do throws(InvalidValue) {
                _ = try limit.duration(environment: environment)
                return nil
            } catch {
                return error
            }
        }
    }

    /// " within 120 s" for a limit that applied, "" for none: for messages about a child that was stopped.
    public static func within(_ limit: Duration?) -> String {
        limit.map { " within \($0.components.seconds) s" } ?? ""
    }
}
