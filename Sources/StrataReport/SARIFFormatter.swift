import Foundation
import StrataDiagnostics

/// SARIF 2.1.0, for code-scanning dashboards. Every id a result can have, rules and input
/// errors alike, is described in the driver (GitHub's upload refuses a result whose rule is not);
/// every result has a location (a diagnostic without one is placed at the manifest); each
/// result carries a fingerprint from rule + source + target so dashboards track it across edits.
public struct SARIFFormatter: DiagnosticFormatter {
    /// The version and rules the driver declares.
    public let tool: ReportingTool

    /// - Parameter tool: the version and rules the driver declares.
    public init(tool: ReportingTool) {
        self.tool = tool
    }

    private struct Log: Encodable {
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var version = "2.1.0"
        var runs: [Run]
        enum CodingKeys: String, CodingKey {
            case schema = "$schema"
            case version, runs
        }
    }
    private struct Run: Encodable {
        var tool: Tool
        var results: [Result]
    }
    private struct Tool: Encodable { var driver: Driver }
    private struct Driver: Encodable {
        var name = "strata"
        var version: String
        var informationUri = "https://github.com/strata-swift/strata"
        var rules: [RuleDescriptor]
    }
    private struct Text: Encodable { var text: String }
    private struct RuleDescriptor: Encodable {
        var id: String
        var shortDescription: Text
        var defaultConfiguration: Configuration
    }
    private struct Configuration: Encodable { var level: String }
    private struct Result: Encodable {
        var ruleId: String
        var level: String
        var message: Text
        var locations: [Location]
        var relatedLocations: [Location]?
        var partialFingerprints: [String: String]?
    }
    private struct Location: Encodable {
        var physicalLocation: PhysicalLocation?
        var message: Text?
    }
    private struct PhysicalLocation: Encodable {
        var artifactLocation: Artifact
        var region: Region
    }
    private struct Artifact: Encodable { var uri: String }
    private struct Region: Encodable {
        var startLine: Int
        var startColumn: Int
    }

    private static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "note"
        }
    }

    /// A rule's default: SARIF's `none` for one that is off until switched on.
    private static func level(_ severity: Severity?) -> String {
        severity.map(level) ?? "none"
    }

    /// A path as a URI reference: relative paths stay relative, reserved characters are escaped.
    private static func uri(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    public func format(_ report: FormattableReport) -> String {
        func physical(_ location: SourceLocation?) -> PhysicalLocation? {
            location.map {
                PhysicalLocation(
                    artifactLocation: Artifact(uri: Self.uri(report.displayPath($0.path))),
                    region: Region(startLine: max($0.line, 1), startColumn: max($0.column, 1)))
            }
        }
        var rules = tool.rules.map { rule in
            RuleDescriptor(
                id: rule.id, shortDescription: Text(text: rule.summary),
                defaultConfiguration: Configuration(level: Self.level(rule.defaultSeverity)))
        }
        rules += DiagnosticCatalog.all.map { entry in
            RuleDescriptor(
                id: entry.id, shortDescription: Text(text: entry.summary), defaultConfiguration: Configuration(level: Self.level(entry.severity)))
        }
        // An id missing from both (a test keeps the catalog complete) is still declared.
        var declared = Set(rules.map(\.id))
        for diagnostic in report.diagnostics where declared.insert(diagnostic.id).inserted {
            rules.append(
                RuleDescriptor(
                    id: diagnostic.id, shortDescription: Text(text: diagnostic.id),
                    defaultConfiguration: Configuration(level: Self.level(diagnostic.severity))))
        }
        let fallback = SourceLocation.file(report.fallbackLocation)
        let results = report.diagnostics.map { d -> Result in
            var message = d.message
            if let hint = d.hint { message += "\nhint: \(hint)" }
            let related = d.notes.map { Location(physicalLocation: physical($0.location), message: Text(text: $0.message)) }
            return Result(
                ruleId: d.id, level: Self.level(d.severity), message: Text(text: message),
                locations: [Location(physicalLocation: physical(d.location ?? fallback), message: nil)],
                relatedLocations: related.isEmpty ? nil : related,
                partialFingerprints: d.subject.map { ["strata/v1": "\(d.id):\($0.source):\($0.target)"] })
        }
        return encodeJSON(Log(runs: [Run(tool: Tool(driver: Driver(version: tool.version, rules: rules)), results: results)]))
    }
}
