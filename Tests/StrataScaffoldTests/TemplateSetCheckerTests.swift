import Foundation
import StrataDiagnostics
import StrataManifest
import StrataWorkspaceTestSupport
import Testing

@testable import StrataScaffold

/// The templates one module gets must fit together: overriding one kind of template must not
/// leave strata's others calling a type that no longer exists.
@Suite struct TemplateSetCheckerTests {
    static let manifest = "name: W\nlayers: [domain, service, core]\nmodules:\n"

    private func problems(_ workspace: TemporaryWorkspace, builtInSetsToo: Bool = false) throws -> [Diagnostic] {
        let manifest = try ManifestLoader.load(path: workspace.root + "/strata.yml")
        return TemplateSetChecker.problems(root: workspace.root, manifest: manifest, builtInSetsToo: builtInSetsToo)
    }

    @Test func strataBuiltInSetsFitTogetherForEveryLayerAndNaming() throws {
        for naming in ["", "naming: { interface: \"{module}Interface\", mocks: \"Fake{module}\", tests: \"{module}Spec\" }\n"] {
            let workspace = try TemporaryWorkspace(Self.manifest.replacingOccurrences(of: "modules:\n", with: naming + "modules:\n"))
            #expect(try problems(workspace, builtInSetsToo: true).isEmpty, "\(naming)")
        }
    }

    @Test func overridingOnlyTheImplementationLeavesStrataTestsWithoutTheirType() throws {
        let workspace = try TemporaryWorkspace(Self.manifest)
        let template = "templates/layers/service/implementation/{{module}}Client.swift.mustache"
        try workspace.write(template, "public struct {{module}}Client {\n    public init() {}\n}\n")
        let found = try problems(workspace)
        #expect(found.map(\.id) == ["invalid-template", "invalid-template"])
        #expect(found.allSatisfy { $0.location == .file(workspace.root + "/" + template) })
        #expect(
            found.first?.message
                == "strata's built-in 'layers/service/tests/{{tests}}.swift.mustache' template uses 'Default{{module}}', which the workspace's templates for layer 'service' no longer declare"
        )
        #expect(found.first?.hint?.contains("override 'tests' there too (templates/layers/service/tests/)") == true)
        #expect(found.last?.message.contains("'layers/service/host/main.swift.mustache'") == true, "a use inside a string interpolation counts")
    }

    @Test func anOverrideThatKeepsTheTypeOthersUseFits() throws {
        let workspace = try TemporaryWorkspace(Self.manifest)
        try workspace.write(
            "templates/layers/service/implementation/Default{{module}}.swift.mustache",
            """
            {{#interface}}
            import {{interface}}
            {{/interface}}
            public struct Default{{module}}: {{protocol}} {
                public init() {}
                public func status() async throws -> String { "{{module}} is running" }
            }
            """)
        try workspace.write("templates/layers/service/implementation/{{module}}Client.swift.mustache", "public struct {{module}}Client {}\n")
        #expect(try problems(workspace).isEmpty)
    }

    @Test func withTheRuntimeDeclaredAnOverrideMustKeepTheAssemblyTheRuntimeTemplatesUse() throws {
        // The override keeps Default{{module}} but drops {{module}}Assembly, which strata's runtime
        // tests and host app use: fine without the runtime, reported with it.
        let override = "templates/layers/service/implementation/Default{{module}}.swift.mustache"
        let text = """
            {{#interface}}
            import {{interface}}
            {{/interface}}
            public struct Default{{module}}: {{protocol}} {
                public init() {}
                public func status() async throws -> String { "{{module}} is running" }
            }
            """
        let plain = try TemporaryWorkspace(Self.manifest)
        try plain.write(override, text)
        #expect(try problems(plain).isEmpty)

        let wired = try TemporaryWorkspace(Self.manifest.replacingOccurrences(of: "modules:\n", with: "packages:\n  StrataRuntime: { path: ../StrataRuntime }\nmodules:\n"))
        try wired.write(override, text)
        let found = try problems(wired)
        #expect(!found.isEmpty)
        #expect(found.allSatisfy { $0.message.contains("'{{module}}Assembly'") }, "\(found.map(\.message))")
    }

    @Test func aWorkspaceTemplateUsingANameNoTemplateDeclaresIsReportedWhereItIsUsed() throws {
        let workspace = try TemporaryWorkspace(Self.manifest)
        try workspace.write("templates/module/tests/{{tests}}.swift.mustache", "import Testing\n@testable import {{module}}\n\nlet made = {{module}}Factory.make()\n")
        let found = try problems(workspace)
        #expect(found.count == 1)
        #expect(found.first?.message.hasPrefix("template '\(workspace.root)/templates/module/tests/{{tests}}.swift.mustache' uses '{{module}}Factory'") == true)
        #expect(found.first?.location?.line == 4)
        #expect(found.first?.location?.column == 12)
    }

    @Test func aWorkspaceWithoutTemplatesHasNothingToCheck() throws {
        let workspace = try TemporaryWorkspace(Self.manifest)
        #expect(try problems(workspace).isEmpty)
    }
}
