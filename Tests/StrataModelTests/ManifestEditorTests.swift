import Foundation
import StrataDiagnostics
import StrataWorkspaceTestSupport
import Testing

@testable import StrataManifest

@Suite struct ManifestEditorTests {
    private func insert(
        _ entry: ManifestEditor.Entry, into section: ManifestEditor.Section = .modules, after sibling: String? = nil, in text: String
    ) throws -> String {
        try ManifestEditor.inserting(entry, into: section, after: sibling, in: text, path: "/w/strata.yml")
    }

    private let weather = ManifestEditor.Entry(
        name: "Weather", fields: [("layer", .scalar("service")), ("interface", .flag(true)), ("dependencies", .list(["A", "B"]))])

    /// The lines of `new` that are not in `old`, checking that nothing of `old` changed or moved.
    private func addedLines(_ old: String, _ new: String) -> [String] {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false)
        let newLines = new.split(separator: "\n", omittingEmptySubsequences: false)
        var added: [String] = []
        var index = 0
        for line in newLines {
            if index < oldLines.count, oldLines[index] == line {
                index += 1
            } else {
                added.append(String(line))
            }
        }
        #expect(index == oldLines.count, "every original line is kept, in order")
        return added
    }

    @Test func issKeepsEveryCommentAndLineAndAddsTheModuleAfterItsLayerGroup() throws {
        let text = try String(contentsOfFile: Fixtures.iss + "/strata.yml", encoding: .utf8)
        let result = try insert(weather, after: "DockingPortService", in: text)
        #expect(addedLines(text, result) == ["  Weather:", "    layer: service", "    interface: true", "    dependencies: [A, B]"])
        // Right after DockingPortService's last line, before the "# domain" heading.
        #expect(result.contains("    tests: { dependencies: [NetworkCore] }\n  Weather:\n    layer: service\n"))
        #expect(result.contains("    dependencies: [A, B]\n\n  # domain\n  Spacesuit:\n"))
        let manifest = try ManifestLoader.parse(data: Data(result.utf8), path: "/w/strata.yml")
        let names = manifest.modules.map(\.name.value)
        #expect(names[names.firstIndex(of: "DockingPortService")! + 1] == "Weather")
        let module = try #require(manifest.modules.first { $0.name.value == "Weather" })
        #expect(module.layer.value == "service")
        #expect(module.interface != nil)
        #expect(module.dependencies.map(\.value) == ["A", "B"])
    }

    @Test func aOneLineEntryIsFollowedByAOneLineEntryAlignedTheSameWay() throws {
        let text = """
            modules:
              Logging:             { layer: shared }
              Network:             { layer: core, interface: true }

            apps:
              Main: { dependencies: [Network] }

            """
        let result = try insert(weather, after: "Logging", in: text)
        #expect(addedLines(text, result) == ["  Weather:             { layer: service, interface: true, dependencies: [A, B] }"])
        #expect(result.contains("{ layer: shared }\n  Weather: "))
    }

    @Test func aLongNameAfterAlignedEntriesGetsOneSpace() throws {
        let text = "modules:\n  A:    { layer: core }\n"
        let entry = ManifestEditor.Entry(name: "VeryLongName", fields: [("layer", .scalar("core"))])
        #expect(try insert(entry, in: text) == "modules:\n  A:    { layer: core }\n  VeryLongName: { layer: core }\n")
    }

    @Test func headingCommentsAndBlankLinesStayWithTheNextGroupButDeeperCommentsWithTheEntry() throws {
        let text = """
            # Modules by layer.
            modules:
              A:
                layer: core
                # dependencies: [B]   (later)

              # domain
              B:
                layer: domain
            # the end
            """
        let entry = ManifestEditor.Entry(name: "C", fields: [("layer", .scalar("core"))])
        let result = try insert(entry, after: "A", in: text)
        #expect(
            result == """
                # Modules by layer.
                modules:
                  A:
                    layer: core
                    # dependencies: [B]   (later)
                  C:
                    layer: core

                  # domain
                  B:
                    layer: domain
                # the end

                """)
        // After the last entry, the file's closing comment stays last.
        let last = try insert(entry, in: text)
        #expect(last.hasSuffix("  B:\n    layer: domain\n  C:\n    layer: core\n# the end\n"))
    }

    @Test func theIndentationOfTheFileIsKept() throws {
        let text = "layers:\n    - name: core\nmodules:\n    A:\n        layer: core\n"
        let entry = ManifestEditor.Entry(name: "B", fields: [("layer", .scalar("core")), ("mocks", .flag(true))])
        #expect(try insert(entry, in: text) == text + "    B:\n        layer: core\n        mocks: true\n")
    }

    @Test func aMissingSectionIsAddedAtTheEnd() throws {
        let text = "name: W\nlayers:\n  - name: core\n\n\n"
        let entry = ManifestEditor.Entry(name: "Main", fields: [("dependencies", .list(["Core"]))])
        #expect(
            try insert(entry, into: .apps, in: text) == "name: W\nlayers:\n  - name: core\n\napps:\n  Main:\n    dependencies: [Core]\n")
    }

    @Test func anEmptySectionIsFilledKeepingItsComment() throws {
        let entry = ManifestEditor.Entry(name: "A", fields: [("layer", .scalar("core"))])
        #expect(try insert(entry, in: "modules:\nowners: {}\n") == "modules:\n  A:\n    layer: core\nowners: {}\n")
        #expect(try insert(entry, in: "modules: {}   # none yet\n") == "modules:   # none yet\n  A:\n    layer: core\n")
        #expect(try insert(entry, in: "modules: ~\n") == "modules:\n  A:\n    layer: core\n")
    }

    @Test func windowsLineEndingsAreKept() throws {
        let text = "modules:\r\n  A:\r\n    layer: core\r\n"
        let entry = ManifestEditor.Entry(name: "B", fields: [("layer", .scalar("core"))])
        #expect(try insert(entry, in: text) == text + "  B:\r\n    layer: core\r\n")
    }

    @Test func aFileWithoutAFinalNewlineGetsOne() throws {
        let entry = ManifestEditor.Entry(name: "B", fields: [("layer", .scalar("core"))])
        #expect(try insert(entry, in: "modules:\n  A: { layer: core }") == "modules:\n  A: { layer: core }\n  B: { layer: core }\n")
    }

    @Test func aNonEmptyFlowSectionIsRefusedWithItsPosition() throws {
        let text = "name: W\nmodules: { A: { layer: core } }\n"
        let error = try #require(throws: InputErrors.self) { try insert(weather, in: text) }
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.id == "cannot-edit-manifest")
        #expect(diagnostic.location == SourceLocation(path: "/w/strata.yml", line: 2, column: 1))
        #expect(diagnostic.hint?.contains("block mapping") == true)
    }

    @Test func scalarsThatYAMLWouldReadAsSomethingElseAreQuoted() throws {
        #expect(ManifestEditor.render(.scalar("Network")) == "Network")
        #expect(ManifestEditor.render(.scalar("true")) == "\"true\"")
        #expect(ManifestEditor.render(.scalar("No")) == "\"No\"")
        #expect(ManifestEditor.render(.scalar("null")) == "\"null\"")
        #expect(ManifestEditor.render(.scalar("1st")) == "\"1st\"")
        #expect(ManifestEditor.render(.scalar("swift-log/Logging")) == "\"swift-log/Logging\"")
        #expect(ManifestEditor.render(.list(["On", "Radio"])) == "[\"On\", Radio]")
    }

    @Test func everyInsertedManifestReadsBackWithTheEntry() throws {
        // Each style above, read back by the real loader: the entry is there with its fields.
        let texts = [
            "layers: [{ name: core }]\nmodules:\n  A: { layer: core }\n",
            "layers: [{ name: core }]\nmodules:\n  A:\n    layer: core\n",
            "layers: [{ name: core }]\nmodules: {}\n",
            "layers: [{ name: core }]\n",
        ]
        let entry = ManifestEditor.Entry(name: "B", fields: [("layer", .scalar("core")), ("mocks", .flag(true)), ("dependencies", .list(["A"]))])
        for text in texts {
            let result = try insert(entry, in: text)
            let manifest = try ManifestLoader.parse(data: Data(result.utf8), path: "/w/strata.yml")
            let module = try #require(manifest.modules.last, "\(text)")
            #expect(module.name.value == "B")
            #expect(module.mocks != nil)
            #expect(module.dependencies.map(\.value) == ["A"])
        }
    }
}
