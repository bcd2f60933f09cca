import Foundation

/// Known findings a team has accepted for now, so that a large codebase can adopt Strata and
/// fail only on new violations.
///
/// Entries are keyed by rule + source + target — never by line number — and kept sorted and
/// unique, one per line in the file, so that baseline diffs stay small and reviewable.
public struct Baseline: Sendable, Equatable {
    /// One accepted finding.
    public struct Entry: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
        public var rule: String
        public var source: String
        public var target: String

        public init(rule: String, source: String, target: String) {
            self.rule = rule
            self.source = source
            self.target = target
        }

        public static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.rule, lhs.source, lhs.target) < (rhs.rule, rhs.source, rhs.target)
        }

        public var description: String { "[\(rule)] \(source) → \(target)" }
    }

    /// The file format's version; bumped only for incompatible changes.
    public static let formatVersion = 1

    /// Sorted, unique entries.
    public private(set) var entries: [Entry]

    /// A baseline holding exactly these entries (sorted and de-duplicated).
    public init<S: Sequence>(entries: S) where S.Element == Entry {
        self.entries = Array(Set(entries)).sorted()
    }

    /// A baseline that accepts every finding in `diagnostics` that has a subject.
    /// Input errors have no subject and can never be baselined.
    public init(accepting diagnostics: [Diagnostic]) {
        self.init(entries: diagnostics.compactMap(Baseline.entry(for:)))
    }

    /// The key a diagnostic is matched on, or nil if it cannot be baselined.
    public static func entry(for diagnostic: Diagnostic) -> Entry? {
        diagnostic.subject.map { Entry(rule: diagnostic.id, source: $0.source, target: $0.target) }
    }

    /// The file's text: one entry per line, stable across runs, ending in a newline.
    public func serialized() -> String {
        var lines = ["{", "  \"version\": \(Baseline.formatVersion),"]
        if entries.isEmpty {
            lines.append("  \"entries\": []")
        } else {
            lines.append("  \"entries\": [")
            for (index, entry) in entries.enumerated() {
                let comma = index == entries.count - 1 ? "" : ","
                lines.append(
                    "    {\"rule\": \(Self.quoted(entry.rule)), \"source\": \(Self.quoted(entry.source)), \"target\": \(Self.quoted(entry.target))}\(comma)"
                )
            }
            lines.append("  ]")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func quoted(_ string: String) -> String {
        let data = (try? JSONEncoder().encode(string)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}

// MARK: - Reading

extension Baseline {
    private struct FileFormat: Decodable {
        var version: Int
        var entries: [Entry]
    }

    /// Reads a baseline file. Problems come back as input diagnostics naming the file.
    public static func load(path: String) throws(InputErrors) -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputErrors(
                Diagnostic.inputError(
                    "unreadable-baseline", "cannot read baseline file '\(path)'", at: nil,
                    hint: "create one with 'strata check --write-baseline \(path)'"
                ))
        }
        let format: FileFormat
        do {
            format = try JSONDecoder().decode(FileFormat.self, from: data)
        } catch {
            throw InputErrors(
                Diagnostic.inputError(
                    "malformed-baseline", "baseline file is not a Strata baseline: \(Self.describe(error))",
                    at: .file(path),
                    hint: "regenerate it with 'strata check --write-baseline \(path)'"
                ))
        }
        guard format.version == formatVersion else {
            throw InputErrors(
                Diagnostic.inputError(
                    "malformed-baseline", "baseline format version \(format.version) is not supported (expected \(formatVersion))",
                    at: .file(path),
                    hint: "regenerate it with 'strata check --write-baseline \(path)'"
                ))
        }
        return Baseline(entries: format.entries)
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing key '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context): context.debugDescription
        case DecodingError.valueNotFound(_, let context): context.debugDescription
        case DecodingError.dataCorrupted(let context): context.debugDescription
        default: "\(error)"
        }
    }
}

// MARK: - Applying

extension Baseline {
    /// The outcome of filtering findings through a baseline.
    public struct Application: Sendable {
        /// Findings the baseline does not cover.
        public var remaining: [Diagnostic]
        /// How many findings the baseline covered.
        public var suppressedCount: Int
        /// Entries that matched no finding: fixed violations whose entries should be removed.
        public var staleEntries: [Entry]
    }

    /// Splits `diagnostics` into those the baseline accepts and the rest, and finds stale entries.
    public func apply(to diagnostics: [Diagnostic]) -> Application {
        let accepted = Set(entries)
        var used = Set<Entry>()
        var remaining: [Diagnostic] = []
        var suppressed = 0
        for diagnostic in diagnostics {
            if let key = Self.entry(for: diagnostic), accepted.contains(key) {
                used.insert(key)
                suppressed += 1
            } else {
                remaining.append(diagnostic)
            }
        }
        let stale = entries.filter { !used.contains($0) }
        return Application(remaining: remaining, suppressedCount: suppressed, staleEntries: stale)
    }

    /// A warning for each stale entry, pointing at its line in the baseline file when it can be found.
    public static func staleDiagnostics(_ stale: [Entry], baselinePath: String) -> [Diagnostic] {
        let lines =
            (try? String(contentsOfFile: baselinePath, encoding: .utf8))?
            .split(separator: "\n", omittingEmptySubsequences: false) ?? []
        return stale.map { entry in
            let needle = "\"rule\": \(quoted(entry.rule)), \"source\": \(quoted(entry.source)), \"target\": \(quoted(entry.target))"
            let index = lines.firstIndex { $0.contains(needle) }
            let location = index.map { SourceLocation(path: baselinePath, line: $0 + 1, column: 5) } ?? .file(baselinePath)
            return Diagnostic(
                id: "stale-baseline-entry",
                severity: .warning,
                message: "baseline entry \(entry) matches no finding any more",
                location: location,
                hint: "the violation is fixed: remove the entry, or rewrite the file with '--write-baseline'"
            )
        }
    }
}
