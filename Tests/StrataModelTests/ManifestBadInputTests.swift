import Foundation
import StrataDiagnostics
import StrataManifest
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// Every kind of bad strata.yml gets a clear, positioned error — never a crash.
@Suite struct ManifestBadInputTests {
    /// Loads `marked` and returns its single input error, checking its position against `1️⃣`.
    private func singleError(_ marked: MarkedText, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws -> Diagnostic {
        let errors = await InlineWorkspace.inputErrors(marked.text)
        try #require(errors.count == 1, "expected one error, got \(errors.map(\.message))", sourceLocation: sourceLocation)
        let error = errors[0]
        if let expected = marked.positions["1️⃣"] {
            #expect(error.location?.line == expected.line, "line", sourceLocation: sourceLocation)
            #expect(error.location?.column == expected.column, "column", sourceLocation: sourceLocation)
        }
        #expect(error.severity == .error, sourceLocation: sourceLocation)
        return error
    }

    @Test func malformedYAMLNamesTheProblemAndWhere() async throws {
        let error = try await singleError(MarkedText("layers: [domain\nmodules1️⃣: {}\n"))
        #expect(error.id == "yaml-syntax")
        #expect(error.message.hasPrefix("malformed YAML:"))
        #expect(error.hint != nil)
    }

    @Test func anAffectedPatternOutsideTheWorkspaceIsRefused() async throws {
        let error = try await singleError(
            MarkedText("layers: [core]\nmodules:\n  Network: { layer: core }\naffected: { ignore: [1️⃣\"../docs/**\"] }\n"))
        #expect(error.id == "invalid-value")
        #expect(error.message == "'affected.ignore' pattern '../docs/**' has '.' or '..' in it; patterns are paths inside the workspace")
        #expect(error.hint?.contains("'**/*.md'") == true)
    }

    @Test func unknownKeysInAffectedSuggestTheNearest() async throws {
        let errors = await InlineWorkspace.inputErrors("layers: [core]\nmodules:\n  Network: { layer: core }\naffected: { ignored: [docs] }\n")
        #expect(errors.map(\.id) == ["unknown-key"])
        #expect(errors.first?.hint?.contains("ignore") == true)
    }

    @Test func tabsGetAHintAboutIndentation() async throws {
        let errors = await InlineWorkspace.inputErrors("layers: [core]\nmodules:\n\tNetwork: { layer: core }\n")
        #expect(errors.first?.id == "yaml-syntax")
        #expect(errors.first?.hint == "YAML does not allow tabs for indentation; indent with spaces")
    }

    @Test func unknownKeysSuggestTheNearestKey() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [core]
                modules:
                  Network: { layer: core, 1️⃣dependecies: [] }
                """))
        #expect(error.id == "unknown-key")
        #expect(error.message == "unknown key 'dependecies' in module 'Network'")
        #expect(error.hint == "did you mean 'dependencies'?")
    }

    @Test func unknownKeysFarFromAnyKnownOneListTheAllowedKeys() async throws {
        let error = try await singleError(MarkedText("layers: [core]\nmodules: {}\n1️⃣colour: blue\n"))
        #expect(error.hint?.hasPrefix("allowed keys: name, layers") == true)
    }

    @Test func wrongTypesSayWhatWasExpectedAndFound() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [core]
                modules:
                  Network: { layer: core, linkage: static, dependencies: 1️⃣Logging }
                """))
        #expect(error.id == "wrong-type")
        #expect(error.message == "expected a list for 'dependencies' of module 'Network', found a string ('Logging')")
        #expect(error.hint == "write it as a list: [Logging]")
    }

    @Test func invalidChoicesSuggestTheNearestValue() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [core]
                modules:
                  Network: { layer: core, linkage: 1️⃣dynamik }
                """))
        #expect(error.id == "invalid-value")
        #expect(error.hint == "did you mean 'dynamic'?")
    }

    @Test func anUnknownLayerSuggestsTheNearestLayer() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [domain, service, core]
                modules:
                  Network: { layer: 1️⃣servce }
                """))
        #expect(error.id == "unknown-layer")
        #expect(error.message == "module 'Network' is in layer 'servce', which is not in 'layers'")
        #expect(error.hint == "did you mean 'service'?")
    }

    @Test func aDuplicateModulePointsAtBothDeclarations() async throws {
        let marked = MarkedText(
            """
            layers: [core]
            modules:
              2️⃣Network:
                layer: core
              1️⃣Network:
                layer: core
            """)
        let error = try await singleError(marked)
        #expect(error.id == "duplicate-module")
        #expect(error.message == "module 'Network' is declared twice")
        #expect(error.notes.first?.location?.line == marked.position("2️⃣").line)
    }

    @Test func aDuplicateLayerIsReported() async throws {
        let error = try await singleError(MarkedText("layers: [core, 1️⃣core]\nmodules: {}\n"))
        #expect(error.id == "duplicate-layer")
    }

    @Test func aDependencyOnAnUnknownModuleSuggestsTheNearestName() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [domain, core]
                modules:
                  Network: { layer: core }
                  Suit: { layer: domain, dependencies: [1️⃣Netwrok] }
                """))
        #expect(error.id == "unknown-dependency")
        #expect(error.message == "module 'Suit' depends on 'Netwrok', which is not a module or target in this workspace")
        #expect(error.hint == "did you mean 'Network'?")
    }

    @Test func aDependencyOnAMissingCompanionTargetSaysHowToAddIt() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [domain, core]
                naming: { interface: "{module}Core" }
                modules:
                  Network: { layer: core }
                  Suit: { layer: domain, dependencies: [1️⃣NetworkCore] }
                """))
        #expect(error.hint == "module 'Network' has no interface target; add 'interface: true' to it")
    }

    @Test func anEmptyManifestIsReported() async throws {
        for text in ["", "   \n", "# only a comment\n"] {
            let errors = await InlineWorkspace.inputErrors(text)
            #expect(errors.map(\.id) == ["empty-manifest"])
            #expect(errors.first?.location == .file(InlineWorkspace.manifestPath))
        }
    }

    @Test func aNonUTF8ManifestPointsAtTheFirstBadByte() throws {
        let data = Data("layers: [core]\nname: \"Caf".utf8) + Data([0xE9]) + Data("\"\n".utf8)
        #expect(throws: InputErrors.self) { try ManifestLoader.parse(data: data, path: "/x/strata.yml") }
        do {
            _ = try ManifestLoader.parse(data: data, path: "/x/strata.yml")
        } catch {
            #expect(error.diagnostics.first?.id == "invalid-encoding")
            #expect(error.diagnostics.first?.location == SourceLocation(path: "/x/strata.yml", line: 2, column: 11))
        }
    }

    @Test func aByteOrderMarkIsAccepted() async throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("layers: [core]\nmodules: { A: { layer: core } }\n".utf8)
        let manifest = try ManifestLoader.parse(data: data, path: "/x/strata.yml")
        #expect(manifest.modules.map(\.name.value) == ["A"])
    }

    @Test func aManifestWithoutModulesOrAdoptSaysWhichToAdd() async throws {
        let errors = await InlineWorkspace.inputErrors("layers: [core]\n")
        #expect(errors.map(\.id) == ["missing-key"])
        #expect(errors.first?.hint?.contains("adopt: {}") == true)
    }

    @Test func invalidModuleNamesAreRejectedWithASuggestion() async throws {
        let error = try await singleError(MarkedText("layers: [core]\nmodules:\n  1️⃣my-module: { layer: core }\n"))
        #expect(error.id == "invalid-name")
        #expect(error.hint?.contains("'myModule'") == true)
    }

    @Test func namingTemplatesMustContainThePlaceholder() async throws {
        let error = try await singleError(MarkedText("layers: [core]\nnaming: { interface: 1️⃣Interface }\nmodules: {}\n"))
        #expect(error.id == "invalid-value")
    }

    @Test func packagesNeedExactlyOneRequirement() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [core]
                packages:
                  1️⃣swift-log: { url: https://github.com/apple/swift-log, from: 1.5.0, exact: 1.5.4 }
                modules: {}
                """))
        #expect(error.message == "package 'swift-log' needs exactly one of 'from', 'exact', 'up-to-next-minor-from', 'range', 'branch' or 'revision'")
    }

    /// A registry `id:` is `scope.Name` with a version (`from`/`exact`), alone or beside a URL or a path.
    @Test(arguments: [
        (
            "1️⃣Yams: { id: jpsim.Yams }",
            "package 'Yams' has a registry 'id', which needs exactly one of 'from', 'exact', 'up-to-next-minor-from' or 'range'"
        ),
        (
            "1️⃣Yams: { id: jpsim.Yams, branch: main }",
            "package 'Yams' has a registry 'id', which needs exactly one of 'from', 'exact', 'up-to-next-minor-from' or 'range'"
        ),
        (
            "1️⃣Yams: { path: ../Yams, id: jpsim.Yams }",
            "package 'Yams' has a registry 'id', which needs exactly one of 'from', 'exact', 'up-to-next-minor-from' or 'range'"
        ),
        ("Yams: { id: 1️⃣Yams, from: 5.0.0 }", "'id' of package 'Yams': 'Yams' is not a package identifier: expected scope.name"),
        ("Yams: { id: 1️⃣jp_sim.Yams, from: 5.0.0 }", "'id' of package 'Yams': invalid scope 'jp_sim': a scope holds only letters, digits and '-'"),
        ("1️⃣Yams: { exact: 5.0.0 }", "package 'Yams' needs a 'url', a 'path' or a registry 'id'"),
    ])
    func registryIdentitiesAreCheckedAsTheSpecDefinesThem(entry: String, message: String) async throws {
        let error = try await singleError(MarkedText("layers: [core]\npackages:\n  \(entry)\nmodules: {}\n"))
        #expect(error.id == (message.hasSuffix("registry 'id'") ? "missing-key" : "invalid-value"))
        #expect(error.message == message)
    }

    @Test func registryIdentitiesAreRead() async throws {
        let manifest = try ManifestLoader.parse(
            data: Data(
                """
                layers: [core]
                packages:
                  Yams: { id: jpsim.Yams, from: 5.0.0 }
                  StrataRuntime: { path: ../StrataRuntime, id: strata.StrataRuntime, exact: 1.2.0 }
                  swift-log: { url: https://github.com/apple/swift-log, id: apple.swift-log, from: 1.5.0 }
                modules: {}
                """.utf8), path: "/w/strata.yml")
        #expect(manifest.packages.map(\.source) == [.registry("jpsim.Yams"), .path("../StrataRuntime"), .url("https://github.com/apple/swift-log")])
        #expect(manifest.packages.map(\.id?.value) == ["jpsim.Yams", "strata.StrataRuntime", "apple.swift-log"])
        #expect(manifest.packages.map(\.requirement) == [.from("5.0.0"), .exact("1.2.0"), .from("1.5.0")])
        #expect(manifest.packages.map { $0.productPackageName(viaRegistry: false) } == ["jpsim.Yams", "StrataRuntime", "swift-log"])
        #expect(manifest.packages.map { $0.productPackageName(viaRegistry: true) } == ["jpsim.Yams", "strata.StrataRuntime", "apple.swift-log"])
    }

    @Test func anUndeclaredPackageIsReported() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [core]
                packages:
                  swift-log: { url: https://github.com/apple/swift-log, from: 1.5.0 }
                modules:
                  Logging: { layer: core, packages: [1️⃣swift-logs/Logging] }
                """))
        #expect(error.id == "unknown-package")
        #expect(error.hint == "did you mean 'swift-log'?")
    }

    @Test func nothingCanDependOnATestTargetOrAnApp() async throws {
        let errors = await InlineWorkspace.inputErrors(
            """
            layers: [core]
            modules:
              A: { layer: core }
              B: { layer: core, dependencies: [ATests, Shop] }
            apps:
              Shop: { dependencies: [A] }
            """)
        #expect(errors.map(\.id) == ["invalid-dependency", "invalid-dependency"])
    }

    @Test func targetNameCollisionsNameBothDeclarations() async throws {
        let errors = await InlineWorkspace.inputErrors(
            """
            layers: [core]
            naming: { interface: "{module}Core" }
            modules:
              Network: { layer: core, interface: true }
              NetworkCore: { layer: core }
            """)
        #expect(errors.map(\.id) == ["duplicate-target"])
        #expect(errors.first?.message == "module 'NetworkCore' produces target 'NetworkCore', which already exists")
    }

    @Test func allProblemsInAFileAreReportedAtOnce() async throws {
        let errors = await InlineWorkspace.inputErrors(
            """
            layers: [core]
            modules:
              A: { layer: cor, lincage: static }
              B: { layer: core, interface: maybe }
            """)
        #expect(Set(errors.map(\.id)) == ["unknown-layer", "unknown-key", "wrong-type"])
    }

    @Test func theReaderNeverCrashesOnArbitraryYAMLShapes() async {
        let shapes = [
            "[]", "42", "layers: 3", "layers: [[a]]", "layers: [{}]", "layers: [core]\nmodules: []",
            "layers: [core]\nmodules: { A: }", "layers: [core]\nmodules: { A: { layer: [x] } }",
            "layers: [core]\napps: { X: 1 }\nmodules: {}", "layers: [core]\nowners: [a]\nmodules: {}",
            "layers: [core]\nrules: { same-layer: [] }\nmodules: {}", "? [a]\n: b", "layers: &a [core]\nmodules: *a",
            "layers: [core]\nadopt: 7",
        ]
        for shape in shapes {
            let errors = await InlineWorkspace.inputErrors(shape)
            #expect(!errors.isEmpty, "\(shape)")
            #expect(errors.allSatisfy { $0.severity == .error && $0.location != nil }, "\(shape)")
        }
    }

    @Test func aKeyGivenTwiceInsideAModulesBracesIsADuplicateKeyOfThatModule() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [core, shared]
                modules:
                  Network: { layer: shared, 1️⃣layer: core }
                """))
        #expect(error.id == "duplicate-key")
        #expect(error.message == "module 'Network' gives 'layer' twice")
        #expect(error.notes.first?.location?.column == 14)
    }

    @Test func aModuleDeclaredTwiceIsStillADuplicateModule() async throws {
        let error = try await singleError(
            MarkedText(
                """
                layers: [core]
                modules:
                  Network: { layer: core }
                  1️⃣Network: { layer: core }
                """))
        #expect(error.id == "duplicate-module")
        #expect(error.message == "module 'Network' is declared twice")
    }

    @Test func anInvalidSeverityDoesNotHideAnUnknownRule() throws {
        let text = "layers: [core]\nmodules: {}\nrules:\n  layer-direktion: error\n  same-layer: fatal\n"
        do {
            _ = try ManifestLoader.parse(data: Data(text.utf8), path: InlineWorkspace.manifestPath, knownRules: ["layer-direction", "same-layer"])
            Issue.record("the manifest loaded")
        } catch {
            #expect(error.diagnostics.map(\.id) == ["unknown-rule", "invalid-value"])
            #expect(error.diagnostics.first?.hint == "did you mean 'layer-direction'?")
        }
    }

    @Test func unicodeModuleNamesThatSwiftAcceptsLoad() async throws {
        let loaded = try await InlineWorkspace.load(
            "layers: [core]\nmodules:\n  Café: { layer: core }\n  Ωmega: { layer: core, dependencies: [Café] }\n")
        #expect(loaded.workspace.targets.map(\.name).contains("Café"))
    }

    @Test func aManifestThatIsALinkLoopIsReportedAsSuch() throws {
        let folder = try Fixtures.temporaryFolder("strata-link-loop")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createSymbolicLink(atPath: folder + "/strata.yml", withDestinationPath: "strata.yml")
        #expect {
            _ = try WorkspaceLoader.locateManifest(folder)
        } throws: { error in
            let diagnostic = (error as? InputErrors)?.diagnostics.first
            return diagnostic?.id == "unreadable-file" && diagnostic?.message.contains("symbolic link") == true
                && diagnostic?.location?.path == folder + "/strata.yml"
        }
    }

    @Test func layerPatternsWithoutAdoptSuggestAdopt() async throws {
        let errors = await InlineWorkspace.inputErrors("layers:\n  - name: core\n    patterns: [\"*\"]\nmodules: {}\n")
        #expect(errors.map(\.id) == ["invalid-value"])
        #expect(errors.first?.hint?.hasPrefix("to check existing Package.swift files, add 'adopt: {}'") == true)
    }
}
