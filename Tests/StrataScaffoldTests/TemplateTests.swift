import Foundation
import StrataDiagnostics
import StrataWorkspaceTestSupport
import Testing

@testable import StrataScaffold

/// Templates: which files each target gets, how a workspace overrides them, how they render.
@Suite struct TemplateTests {
    private let context: [String: Any] = [
        "workspace": "W", "module": "WeatherService", "layer": "service", "protocol": "WeatherServicing",
        "interface": "WeatherServiceCore", "mocks": "WeatherServiceMocks", "tests": "WeatherServiceTests",
        "host": "WeatherServiceHost", "dependencies": ["NetworkCore", "Logging"], "packages": [String](),
        "imports": ["NetworkCore", "Logging"], "dependencyMocks": ["NetworkMocks"],
    ]

    @Test func aServiceGetsAProtocolInItsInterfaceAnImplementationAMockAndTests() throws {
        let library = TemplateLibrary(workspaceRoot: "/nonexistent")
        let rendered = try TemplateRole.allCases.flatMap { role in
            try library.templates(for: role, layer: "service").map { try TemplateRenderer.render($0, context: context) }
        }.filter { $0.contents.contains { !$0.isWhitespace } }  // without the runtime its assemblies render to nothing
        #expect(
            rendered.map(\.path) == [
                "DefaultWeatherService.swift", "WeatherServicing.swift", "MockWeatherService.swift", "WeatherServiceTests.swift", "main.swift",
            ])
        let implementation = rendered[0].contents
        #expect(implementation.hasPrefix("import WeatherServiceCore\nimport NetworkCore\nimport Logging\n\n/// The WeatherService"))
        #expect(implementation.contains("public struct DefaultWeatherService: WeatherServicing {"))
        #expect(!implementation.contains("public protocol"), "with an interface target the protocol lives there")
        #expect(rendered[1].contents.contains("public protocol WeatherServicing: Sendable {"))
        #expect(rendered[2].contents.hasPrefix("import WeatherServiceCore\n\n/// A WeatherServicing for tests"))
        #expect(rendered[3].contents.contains("@testable import WeatherService\nimport WeatherServiceMocks\n"))
        #expect(rendered[4].contents.hasPrefix("import WeatherService\nimport NetworkMocks\n\n// WeatherServiceHost runs"))
    }

    @Test func withoutAnInterfaceTheProtocolMovesIntoTheImplementation() throws {
        var context = context
        context["interface"] = nil
        context["imports"] = [String]()
        let template = try #require(TemplateLibrary(workspaceRoot: "/nonexistent").templates(for: .implementation, layer: "service").first)
        let rendered = try TemplateRenderer.render(template, context: context)
        #expect(rendered.contents.hasPrefix("/// What WeatherService provides to the domains.\npublic protocol WeatherServicing: Sendable {"))
        let mock = try #require(TemplateLibrary(workspaceRoot: "/nonexistent").templates(for: .mocks, layer: "service").first)
        #expect(try TemplateRenderer.render(mock, context: context).contents.hasPrefix("import WeatherService\n\n"))
    }

    @Test func aDomainGetsACoordinatorAndALayerWithoutTemplatesGetsTheGenericOnes() throws {
        let library = TemplateLibrary(workspaceRoot: "/nonexistent")
        #expect(try library.templates(for: .implementation, layer: "domain").map(\.path) == ["{{module}}Coordinator.swift"])
        #expect(try library.templates(for: .interface, layer: "domain").map(\.path) == ["{{module}}Flow.swift"])
        #expect(try library.templates(for: .implementation, layer: "core").map(\.path) == ["Default{{module}}.swift", "{{module}}Assembly.swift"])
        #expect(try library.appTemplates().map(\.path) == ["main.swift"])
        #expect(try library.templates(for: .implementation, layer: "core").allSatisfy(\.isBuiltIn))
    }

    @Test func theWorkspaceOverridesAWholeRoleFolderAndKeepsTheOtherRoles() throws {
        let workspace = try TemporaryWorkspace("name: W\n")
        try workspace.write("templates/layers/service/implementation/{{module}}Client.swift.mustache", "// {{module}} client\n")
        try workspace.write("templates/layers/service/implementation/README.md", "notes for {{module}}\n")
        try workspace.write("templates/layers/service/implementation/.DS_Store", "junk")
        try workspace.write("templates/module/implementation/Plain.swift", "// plain {{layer}}\n")
        try FileManager.default.createDirectory(atPath: workspace.root + "/templates/layers/service/tests", withIntermediateDirectories: true)
        let library = TemplateLibrary(workspaceRoot: workspace.root)

        let service = try library.templates(for: .implementation, layer: "service")
        #expect(service.map(\.path) == ["README.md", "{{module}}Client.swift"])
        #expect(service.allSatisfy { !$0.isBuiltIn && $0.origin.hasPrefix(workspace.root + "/templates/layers/service/implementation/") })
        #expect(try TemplateRenderer.render(service[1], context: context) == ("WeatherServiceClient.swift", "// WeatherService client\n"))
        // An empty role folder: the target gets no files.
        #expect(try library.templates(for: .tests, layer: "service").isEmpty)
        // Roles the workspace does not override stay built in.
        #expect(try library.templates(for: .mocks, layer: "service").allSatisfy(\.isBuiltIn))
        // templates/module/ stands in for layers without their own folder, but not for built-in layer folders.
        #expect(try library.templates(for: .implementation, layer: "core").map(\.path) == ["Plain.swift"])
        #expect(try library.templates(for: .implementation, layer: "domain").allSatisfy(\.isBuiltIn))
    }

    @Test func aBrokenTemplateIsReportedAtItsLineAndColumn() throws {
        let workspace = try TemporaryWorkspace("name: W\n")
        try workspace.write("templates/app/main.swift.mustache", "import Foundation\n{{#imports}}\nimport {{.}}\n{{/dependencies}}\n")
        let template = try #require(TemplateLibrary(workspaceRoot: workspace.root).appTemplates().first)
        let error = try #require(throws: InputErrors.self) { try TemplateRenderer.render(template, context: context) }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.id == "invalid-template")
        #expect(diagnostic.location?.path == workspace.root + "/templates/app/main.swift.mustache")
        #expect(diagnostic.location?.line == 4)
        #expect(diagnostic.message.contains("a section is closed with another name than it was opened with"))
    }

    @Test func aFileNameThatLeavesTheTargetFolderIsRefused() throws {
        let workspace = try TemporaryWorkspace("name: W\n")
        try workspace.write("templates/app/{{workspace}}.swift", "x\n")
        let template = try #require(TemplateLibrary(workspaceRoot: workspace.root).appTemplates().first)
        var context = context
        context["workspace"] = "../../escape"
        let error = try #require(throws: InputErrors.self) { try TemplateRenderer.render(template, context: context) }
        #expect(error.diagnostics.first?.message.contains("renders as '../../escape.swift'") == true)
    }

    @Test func aRoleThatIsAFileIsRefused() throws {
        let workspace = try TemporaryWorkspace("name: W\n")
        try workspace.write("templates/app", "not a folder\n")
        #expect(throws: InputErrors.self) { try TemplateLibrary(workspaceRoot: workspace.root).appTemplates() }
    }

    @Test func renderingIsPlainTextWithTidyBlankLines() throws {
        let template = TemplateFile(path: "x.swift", text: "\n\n{{#imports}}\nimport {{.}}\n{{/imports}}\n\n\n\nlet s = \"{{html}}\"\n\n", origin: "t")
        let rendered = try TemplateRenderer.render(template, context: ["imports": ["A"], "html": "<a & b>"])
        #expect(rendered.contents == "import A\n\nlet s = \"<a & b>\"\n")
    }

    @Test func protocolNamesFollowTheServiceConvention() {
        #expect(Scaffolder.protocolName("WeatherService") == "WeatherServicing")
        #expect(Scaffolder.protocolName("Service") == "ServiceProtocol")
        #expect(Scaffolder.protocolName("Network") == "NetworkProtocol")
    }
}
