import Foundation
import StrataDiagnostics
import Testing

@testable import StrataManifest

/// `--fix`'s many edits with strata.yml parsed once: exactly what the edits make one by one.
@Suite struct ManifestEditorBatchTests {
    private let path = "/w/strata.yml"

    /// Flow and block entries, companions, an app, comments, CRLF-free text with an anchor used
    /// by a later entry (which does not parse alone).
    private let manifest = """
        layers: [a, b]
        modules:
          # the login flow
          Login:   { layer: a, dependencies: [Network, "Log"] }   # the login
          Network:
            layer: b
            dependencies:
              - Log   # why
            tests: true
          Log: &plain { layer: b }
          Radio: *plain
          Cart:
            layer: a
            interface:
              packages: [x/Y]
        apps:
          Shop: { dependencies: [Cart] }

        """

    private func oneByOne(_ edits: [ManifestEditor.ListEdit], in text: String) -> (text: String, failed: [ManifestEditor.ListEdit]) {
        var text = text
        var failed: [ManifestEditor.ListEdit] = []
        for edit in edits {
            do throws(InputErrors) { text = try ManifestEditor.apply(edit, to: text, path: path) } catch { failed.append(edit) }
        }
        return (text, failed)
    }

    @Test func theBatchMakesWhatTheEditsMakeOneByOne() throws {
        typealias Address = ManifestEditor.ListAddress
        let edits: [ManifestEditor.ListEdit] = [
            .init(.add, "Radio", at: Address(entry: "Login")),
            .init(.remove, "Log", at: Address(entry: "Login")),
            .init(.add, "Cart", at: Address(entry: "Login")),
            .init(.add, "Radio", at: Address(entry: "Network")),
            .init(.add, "NetworkMocks", at: Address(entry: "Network", companion: "tests")),
            .init(.add, "Log", at: Address(entry: "Radio")),  // an alias: refused (on the whole text)
            .init(.add, "Net", at: Address(entry: "Cart", companion: "interface")),
            .init(.add, "swift-log/Logging", at: Address(entry: "Cart", field: "packages")),
            .init(.add, "Login", at: Address(section: .apps, entry: "Shop")),
            .init(.remove, "Nope", at: Address(entry: "Network")),  // not there: fails
            .init(.add, "X", at: Address(entry: "Lgoin")),  // no such entry: fails
        ]
        let batch = try ManifestEditor.editing(edits, in: manifest, path: path)
        let expected = oneByOne(edits, in: manifest)
        #expect(batch.text == expected.text)
        #expect(Set(batch.failed.map(\.edit)) == Set(expected.failed))
        #expect(expected.failed.count == 3 && batch.text.contains("  Login:   { layer: a, dependencies: [Network, Radio, Cart] }   # the login\n"))
        // A failure is located in the whole file, not in the entry's own small document.
        let missing = try #require(batch.failed.first { $0.edit.item == "Nope" }?.errors.diagnostics.first)
        #expect(missing.id == "unknown-dependency" && missing.location?.line == 5, "\(missing)")
        let alias = try #require(batch.failed.first { $0.edit.address.entry == "Radio" }?.errors.diagnostics.first)
        // Line 12 of the text it was tried on: Network's list has gained a line above it.
        #expect(alias.id == "cannot-edit-manifest" && alias.location?.line == 12 && alias.message.contains("from an alias"), "\(alias)")
        #expect(try YAMLDocument.composeTyped(batch.text, path: path) != nil)
    }

    @Test func manyEditsOfAWorkspaceWithManyModulesMatchTheOneByOneResult() throws {
        var lines = ["layers: [a, b]", "modules:"]
        for index in 0..<300 {
            lines.append(
                index % 3 == 0
                    ? "  M\(index): { layer: a, dependencies: [M\(index + 1)] }"
                    : "  M\(index):\n    layer: b\n    dependencies:\n      - M\(index + 2)")
        }
        let text = lines.joined(separator: "\n") + "\n"
        let edits = (0..<300).filter { $0 % 2 == 0 }.flatMap { index -> [ManifestEditor.ListEdit] in
            [
                .init(.add, "X\(index)", at: .init(entry: "M\(index)")),
                .init(.remove, index % 3 == 0 ? "M\(index + 1)" : "M\(index + 2)", at: .init(entry: "M\(index)")),
            ]
        }
        let batch = try ManifestEditor.editing(edits, in: text, path: path)
        #expect(batch.failed.isEmpty)
        #expect(batch.text == oneByOne(edits, in: text).text)
    }
}
