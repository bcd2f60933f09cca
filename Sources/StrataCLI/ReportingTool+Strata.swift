import StrataManifest
import StrataReport
import StrataRules
import StrataWorkspace

extension ReportingTool {
    /// strata itself, as SARIF's driver describes it: this version and every rule of the registry
    /// with its default severity.
    static var strata: ReportingTool {
        ReportingTool(
            version: StrataVersion.current,
            rules: RuleRegistry.all.map { rule in
                ReportingTool.Rule(id: rule.id, summary: rule.summary, defaultSeverity: rule.defaultSeverity.findingSeverity)
            })
    }
}
