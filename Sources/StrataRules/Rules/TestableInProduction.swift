import StrataDiagnostics
import StrataManifest
import StrataSources
public import StrataWorkspace

/// `testable-in-production`: `@testable import` appears only in test targets. Anywhere else it
/// needs a build with testing enabled and reaches into another module's internals.
///
/// An import that is compiled only when `DEBUG` is set (`#if DEBUG`, for previews and debug
/// menus) is not reported: debug builds define `DEBUG` and enable testing (SwiftPM's debug
/// configuration and Xcode's Debug configuration both do), so it compiles exactly where it may,
/// and never ships in a release build.
///
/// Nor is a target's `@testable import` of its own module (a test helper compiled into the
/// app as well, seen in real projects): the compiler ignores an import of the module it is
/// building, so nothing is reached and no testing build is needed.
public struct TestableInProduction: SourceRule {
    public let id = "testable-in-production"
    public let summary = "'@testable import' is used only in test targets."

    public init() {}

    public func check(_ workspace: Workspace, sources: WorkspaceSources) -> [Finding] {
        var findings: [Finding] = []
        for target in workspace.targets.indices where workspace.targets[target].role != .tests {
            for reference in sources.imports[target] where reference.isTestable && reference.importedTarget != target {
                let item = sources[reference]
                if !Self.releaseBuild.isActive(item.declaration.conditions) { continue }
                let name = workspace.targets[target].name
                let module = item.declaration.module
                findings.append(
                    Finding(
                        "'\(name)' is not a test target but uses '@testable import \(module)'", at: item.keywordLocation,
                        hint: "import '\(module)' without '@testable' and use its public API, or move this code into a test target",
                        subject: DiagnosticSubject(source: name, target: module)))
            }
        }
        return findings
    }

    /// A release build: `DEBUG` is not set; everything else is unknown, so kept.
    private static let releaseBuild = BuildConfiguration(platform: nil, undefines: ["DEBUG"])
}
