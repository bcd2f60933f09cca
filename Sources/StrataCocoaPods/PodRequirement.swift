import Foundation
public import StrataPackageIdentity

/// A podspec dependency's version requirements (`'~> 1.2'`, `'>= 1.0', '< 2.0'`, `'1.4.1'`) as
/// one SwiftPM requirement, for the Package.swift of a pod moved to a package registry.
///
/// CocoaPods reads requirements as RubyGems does: `~> 1.2.3` is at least 1.2.3 and below 1.3;
/// `~> 1.2` at least 1.2 and below 2.0 (the last written part may grow); `~> 1` at least 1.0 and
/// below 2.0. Several requirements all hold. A version may be written with one to three parts
/// (`1`, `1.2`); the missing ones are 0.
public enum PodRequirement: Sendable, Hashable {
    /// `from: "1.2.0"`: this version up to the next major.
    case upToNextMajor(from: SemanticVersion)
    /// `.upToNextMinor(from: "1.2.3")`.
    case upToNextMinor(from: SemanticVersion)
    /// `exact: "1.4.1"`.
    case exact(SemanticVersion)
    /// `"1.0.0"..<"1.5.0"`: any other bounded range.
    case range(SemanticVersion, SemanticVersion)
    /// No requirement was written, or only a lower bound: SwiftPM has no "any later version", so
    /// the package takes every version below the next major of `from`, and says so (``note``).
    case openEnded(from: SemanticVersion)

    /// Why a requirement cannot be translated.
    public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
        public let description: String
    }

    /// How the requirement follows the identity in `.package(id: "scope.Name", …)`.
    public var swiftSource: String {
        switch self {
        case .upToNextMajor(let version), .openEnded(let version): "from: \"\(version)\""
        case .upToNextMinor(let version): ".upToNextMinor(from: \"\(version)\")"
        case .exact(let version): "exact: \"\(version)\""
        case .range(let lower, let upper): "\"\(lower)\"..<\"\(upper)\""
        }
    }

    /// The oldest version the requirement takes.
    public var lowerBound: SemanticVersion {
        switch self {
        case .upToNextMajor(let version), .upToNextMinor(let version), .exact(let version), .openEnded(let version), .range(let version, _): version
        }
    }

    /// Whether SwiftPM, resolving with this requirement, may pick `version`.
    public func allows(_ version: SemanticVersion) -> Bool {
        switch self {
        case .upToNextMajor(let lower), .openEnded(let lower): lower <= version && version < lower.nextMajor
        case .upToNextMinor(let lower): lower <= version && version < lower.nextMinor
        case .exact(let exact): version == exact
        case .range(let lower, let upper): lower <= version && version < upper
        }
    }

    /// What a team should know about the translation: set only when it narrowed what CocoaPods
    /// allowed.
    public var note: String? {
        guard case .openEnded(let version) = self else { return nil }
        return "SwiftPM has no 'any later version': from \(version) up to the next major"
    }

    /// The requirement `requirements` make together (empty: any version, which reads as from 0.0.0).
    public init(_ requirements: [String]) throws(Problem) {
        var bounds = Bounds()
        for requirement in requirements {
            try bounds.add(requirement)
        }
        self = try bounds.requirement()
    }

    /// The versions between a lower bound (inclusive) and an upper one (exclusive), narrowed by each requirement.
    private struct Bounds {
        var lower = SemanticVersion("0.0.0")!
        var upper: SemanticVersion?
        /// `= 1.4.1` (or `1.4.1`): that version, if the other bounds allow it.
        var exact: SemanticVersion?

        mutating func add(_ requirement: String) throws(Problem) {
            let (operation, written) = try Self.split(requirement)
            let (version, partCount) = try PodRequirement.version(written, in: requirement)
            switch operation {
            case "=":
                if let exact, exact != version { throw Problem(description: "no version is both \(exact) and \(version)") }
                exact = version
            case ">=": raise(version)
            case ">": raise(version.nextPatch)
            case "<": lower(to: version)
            case "<=": lower(to: version.nextPatch)
            case "~>":
                raise(version)
                lower(to: partCount >= 3 ? version.nextMinor : version.nextMajor)
            default:
                throw Problem(description: "'\(requirement)': SwiftPM cannot say '\(operation)'; write the versions it allows as a range")
            }
        }

        private mutating func raise(_ version: SemanticVersion) {
            if version > lower { lower = version }
        }

        private mutating func lower(to version: SemanticVersion) {
            if upper.map({ version < $0 }) ?? true { upper = version }
        }

        /// The operation (`=` when none is written) and the version of `'~> 1.2'`.
        private static func split(_ requirement: String) throws(Problem) -> (String, String) {
            let trimmed = requirement.trimmingCharacters(in: .whitespaces)
            let operation = String(trimmed.prefix { "~<>=!".contains($0) })
            let version = trimmed.dropFirst(operation.count).trimmingCharacters(in: .whitespaces)
            guard !version.isEmpty else { throw Problem(description: "'\(requirement)' names no version") }
            return (operation.isEmpty ? "=" : operation, version)
        }

        func requirement() throws(Problem) -> PodRequirement {
            if let exact {
                guard exact >= lower, upper.map({ exact < $0 }) ?? true else {
                    throw Problem(description: "\(exact) is not at least \(lower)\(upper.map { " and below \($0)" } ?? "")")
                }
                return .exact(exact)
            }
            guard let upper else { return .openEnded(from: lower) }
            guard lower < upper else { throw Problem(description: "no version is at least \(lower) and below \(upper)") }
            if upper == lower.nextPatch && lower.prerelease.isEmpty { return .exact(lower) }
            if upper == lower.nextMinor { return .upToNextMinor(from: lower) }
            if upper == lower.nextMajor { return .upToNextMajor(from: lower) }
            return .range(lower, upper)
        }
    }

    /// `1`, `1.2` or `1.2.3` (the missing parts 0), with a pre-release after `-`; and how many
    /// parts were written, which `~>` needs.
    private static func version(_ written: String, in requirement: String) throws(Problem) -> (SemanticVersion, partCount: Int) {
        let pieces = written.split(separator: "-", maxSplits: 1)
        let numbers = (pieces.first ?? "").split(separator: ".", omittingEmptySubsequences: false).map { Int($0).map(String.init) ?? "" }
        let padded = numbers + Array(repeating: "0", count: max(0, 3 - numbers.count))
        let text = padded.joined(separator: ".") + (pieces.count > 1 ? "-" + pieces[1] : "")
        // SemanticVersion refuses what is not three numbers (and a valid pre-release).
        guard (1...3).contains(numbers.count), let version = SemanticVersion(text) else {
            throw Problem(description: "'\(requirement)': '\(written)' is not a version of one to three numbers (1, 1.2, 1.2.3)")
        }
        return (version, numbers.count)
    }
}

extension SemanticVersion {
    /// The first release above this version: what `> v` starts at and `<= v` stops below.
    fileprivate var nextPatch: SemanticVersion { SemanticVersion("\(major).\(minor).\(prerelease.isEmpty ? patch + 1 : patch)")! }
}
