import SwiftParser
import SwiftSyntax
import Testing

@testable import StrataManifest

@Suite struct NamingTemplateTests {
    @Test func templatesNameAndRecogniseTargets() throws {
        let template = try #require(NamingTemplate("{module}Core", placeholder: "module"))
        #expect(template.name(for: "Network") == "NetworkCore")
        #expect(template.base(of: "NetworkCore") == "Network")
        #expect(template.base(of: "Core") == nil)
        #expect(template.base(of: "Network") == nil)
        #expect(NamingTemplate("Core", placeholder: "module") == nil)
        #expect(NamingTemplate("{module}{module}", placeholder: "module") == nil)
    }
}
