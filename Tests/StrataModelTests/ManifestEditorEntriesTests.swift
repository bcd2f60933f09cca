import Foundation
import StrataDiagnostics
import Testing

@testable import StrataManifest

/// Edits inside entries: each test gives strata.yml before and exactly what it must be after.
@Suite struct ManifestEditorEntriesTests {
    private let path = "/w/strata.yml"

    private func adding(_ dependency: String, to module: String, field: String = "dependencies", in text: String) throws -> String {
        try ManifestEditor.addingDependency(dependency, to: module, field: field, in: text, path: path)
    }

    @Test func aDependencyJoinsAFlowListBeforeItsBracket() throws {
        let before = "layers: [a, b]\nmodules:\n  Login:   { layer: a, dependencies: [Network, \"Log\"] }   # the login\n  Network: { layer: b }\n"
        #expect(
            try adding("Radio", to: "Login", in: before)
                == "layers: [a, b]\nmodules:\n  Login:   { layer: a, dependencies: [Network, \"Log\", Radio] }   # the login\n  Network: { layer: b }\n"
        )
        #expect(
            try adding("Radio", to: "Login", in: "modules:\n  Login: { layer: a, dependencies: [] }\n")
                == "modules:\n  Login: { layer: a, dependencies: [Radio] }\n")
        // A list spread over lines keeps its layout.
        #expect(
            try adding("Radio", to: "Login", in: "modules:\n  Login:\n    layer: a\n    dependencies: [\n      Network,\n      Log\n    ]\n")
                == "modules:\n  Login:\n    layer: a\n    dependencies: [\n      Network,\n      Log, Radio\n    ]\n")
    }

    @Test func aDependencyJoinsABlockListAfterItsLastItem() throws {
        let before =
            "modules:\n  Login:\n    layer: a\n    dependencies:\n      - Network   # why\n      - Log\n    tests: true\n  Radio: { layer: b }\n"
        #expect(
            try adding("Radio", to: "Login", in: before)
                == "modules:\n  Login:\n    layer: a\n    dependencies:\n      - Network   # why\n      - Log\n      - Radio\n    tests: true\n  Radio: { layer: b }\n"
        )
    }

    @Test func aModuleWithoutDependenciesGetsTheFieldInItsOwnStyle() throws {
        #expect(
            try adding("Log", to: "Login", in: "modules:\n  Login: { layer: a }\n  Log: { layer: b }\n")
                == "modules:\n  Login: { layer: a, dependencies: [Log] }\n  Log: { layer: b }\n")
        #expect(
            try adding(
                "Log", to: "Login", in: "modules:\n  Login:\n    layer: a\n    # its tests\n    tests: true\n\n# shared\n  Log: { layer: b }\n")
                == "modules:\n  Login:\n    layer: a\n    # its tests\n    tests: true\n    dependencies: [Log]\n\n# shared\n  Log: { layer: b }\n")
        #expect(
            try adding("swift-log/Logging", to: "Login", field: "packages", in: "modules:\n  Login: { layer: a }\n")
                == "modules:\n  Login: { layer: a, packages: [\"swift-log/Logging\"] }\n")
        #expect(try adding("Log", to: "Login", in: "modules:\n  Login: {}\n") == "modules:\n  Login: { dependencies: [Log] }\n")
    }

    @Test func anUnknownModuleOrAFlowSectionIsAClearError() throws {
        #expect {
            try adding("Log", to: "Lgoin", in: "modules:\n  Login: { layer: a }\n")
        } throws: { error in
            (error as? InputErrors)?.diagnostics.first?.hint == "did you mean 'Login'?"
        }
        #expect {
            try adding("Log", to: "Login", in: "modules: { Login: { layer: a } }\n")
        } throws: { error in
            let diagnostic = (error as? InputErrors)?.diagnostics.first
            return diagnostic?.id == "cannot-edit-manifest" && diagnostic?.location?.line == 1
        }
    }

    @Test func companionTargetsAndAppsGetTheirDependenciesWhereTheyAreDeclared() throws {
        func add(_ item: String, _ address: ManifestEditor.ListAddress, _ text: String) throws -> String {
            try ManifestEditor.adding(item, to: address, in: text, path: path)
        }
        let tests = ManifestEditor.ListAddress(entry: "Login", companion: "tests")
        #expect(
            try add("Mocks", tests, "modules:\n  Login: { layer: a, tests: true }\n")
                == "modules:\n  Login: { layer: a, tests: { dependencies: [Mocks] } }\n")
        #expect(try add("Mocks", tests, "modules:\n  Login: { layer: a }\n") == "modules:\n  Login: { layer: a, tests: { dependencies: [Mocks] } }\n")
        #expect(
            try add("Mocks", tests, "modules:\n  Login:\n    layer: a\n    tests:\n      dependencies: [Log]\n    mocks: true\n")
                == "modules:\n  Login:\n    layer: a\n    tests:\n      dependencies: [Log, Mocks]\n    mocks: true\n")
        #expect(
            try add(
                "Net", ManifestEditor.ListAddress(entry: "Login", companion: "interface"),
                "modules:\n  Login:\n    layer: a\n    interface:\n      packages: [x/Y]\n")
                == "modules:\n  Login:\n    layer: a\n    interface:\n      packages: [x/Y]\n      dependencies: [Net]\n")
        #expect(
            try add("Login", ManifestEditor.ListAddress(section: .apps, entry: "Shop"), "apps:\n  Shop: { dependencies: [Cart] }\n")
                == "apps:\n  Shop: { dependencies: [Cart, Login] }\n")
        #expect(
            try ManifestEditor.removing(
                "Log", from: tests, in: "modules:\n  Login: { layer: a, tests: { dependencies: [Log, Mocks] } }\n", path: path)
                == "modules:\n  Login: { layer: a, tests: { dependencies: [Mocks] } }\n")
        #expect(throws: InputErrors.self) { try add("X", tests, "modules:\n  Login: { layer: a, tests: false }\n") }
    }

    @Test func theLayerIsReplacedWhateverItsQuoting() throws {
        #expect(
            try ManifestEditor.settingLayer("core", of: "Radio", in: "modules:\n  Radio: { layer: \"ser\\\"vice\", mocks: true }  # r\n", path: path)
                == "modules:\n  Radio: { layer: core, mocks: true }  # r\n")
        #expect(
            try ManifestEditor.settingLayer("shared", of: "Radio", in: "modules:\n  Radio:\n    layer: 'it''s'\n", path: path)
                == "modules:\n  Radio:\n    layer: shared\n")
    }

    @Test func anEntryIsRemovedWithItsOwnCommentsAndTheLastLeavesAnEmptySection() throws {
        let before = "modules:\n  Login:\n    layer: a\n      # deeper: Login's\n\n  # heading of the next group\n  Log: { layer: b }\napps: {}\n"
        #expect(
            try ManifestEditor.removingEntry("Login", from: .modules, in: before, path: path)
                == "modules:\n\n  # heading of the next group\n  Log: { layer: b }\napps: {}\n")
        #expect(
            try ManifestEditor.removingEntry("Log", from: .modules, in: "modules:   # all\n  Log: { layer: b }\n", path: path)
                == "modules: {}   # all\n")
    }

    @Test func ownersLoseTheRemovedModuleInFlowAndBlockLists() throws {
        let before = "owners:\n  \"@a\": [Login, Log, \"Net*\"]\n  \"@b\": [Log]\n  \"@c\":\n    - Log\n    - Radio\n  \"@d\": [Radio, Log]\n"
        #expect(
            try ManifestEditor.removingListItems("Log", under: "owners", in: before, path: path)
                == "owners:\n  \"@a\": [Login, \"Net*\"]\n  \"@b\": []\n  \"@c\":\n    - Radio\n  \"@d\": [Radio]\n")
    }
}
