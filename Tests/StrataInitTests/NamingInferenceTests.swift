import Foundation
import StrataWorkspaceTestSupport
import Testing

@testable import StrataInit

@Suite struct NamingInferenceTests {
    @Test func theSuffixPairingMostModulesIsTheInterfaceTemplate() {
        let naming = NamingInference(targets: [
            ("Network", .library), ("NetworkCore", .library), ("Radio", .library), ("RadioCore", .library),
            ("Storage", .library), ("StorageInterface", .library), ("NetworkMocks", .library), ("RadioTestSupport", .library),
            ("RadioMocks", .library), ("NetworkTests", .test), ("RadioIntegrationTests", .test), ("CosmonautApp", .executable),
            ("RadioHost", .executable), ("LoginDemo", .executable),
        ])
        #expect(naming.interface == "{module}Core")
        #expect(naming.mocks == ["{module}Mocks", "{module}TestSupport"])
        #expect(naming.tests == ["{module}Tests", "{module}IntegrationTests"])
        #expect(naming.hosts == ["*Host", "*Demo"])
        #expect(naming.evidence["{module}Core"] == 2 && naming.evidence["{module}Mocks"] == 2)
    }

    @Test func withoutCompanionsTheDefaultsStand() {
        let naming = NamingInference(targets: [("Network", .library), ("Logging", .library), ("App", .executable)])
        #expect(naming.interface == "{module}Interface")
        #expect(naming.mocks == ["{module}Mocks"])
        #expect(naming.tests == ["{module}Tests"])
        #expect(naming.hosts.isEmpty && naming.evidence.isEmpty)
    }
}
