import Foundation
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing
import Yams

@testable import StrataGenerate

/// The hand-written emitter against its oracle, Yams (libyaml): the same text, byte for byte.
@Suite struct BlockYAMLEmitterTests {
    private func yams(_ node: Node) throws -> [String] {
        var lines = try Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Every generated YAML file, read back into a node, is written identically by both.
    @Test(arguments: ["single", "packages"])
    func everyGeneratedSpecIsWrittenExactlyAsYamsWritesIt(layout: String) async throws {
        let manifest = XcodeGenGeneratorTests.manifest.replacingOccurrences(of: "generate: {", with: "generate: { layout: \(layout),")
            .replacingOccurrences(of: "packages:\n", with: "outside-workspace: [../Vendor]\npackages:\n  local-kit: { path: ../Vendor/local-kit }\n")
            .replacingOccurrences(of: "packages: [swift-log/Logging]", with: "packages: [swift-log/Logging, local-kit/Kit]")
        var documents: [String] = []
        let workspace = try TemporaryWorkspace(manifest)
        documents += try WorkspaceGenerator.files(for: try await workspace.load()).filter { $0.path.hasSuffix(".yml") }.map(\.contents)
        let iss = try await WorkspaceLoader().load(path: Fixtures.iss).workspace
        documents += try WorkspaceGenerator.files(for: iss).filter { $0.path.hasSuffix(".yml") }.map(\.contents)
        #expect(documents.count > 20)
        for document in documents {
            let node = try #require(try Yams.compose(yaml: document))
            #expect(BlockYAMLEmitter.lines(node) == (try yams(node)))
        }
    }

    /// Scalars that need quoting, or look like other types, come out as libyaml writes them.
    @Test func awkwardScalarsAreQuotedAsLibyamlQuotesThem() throws {
        let texts = [
            "plain", "Name_1", "../../Sources/A", "./x", "/abs/path", "https://github.com/apple/swift-log", "git@github.com:a/b.git",
            "1.5.0", "17.0", "6", "0x1F", "1_000", "1:20", ".inf", ".5", "+1", "-1", "-", "- x", ":", "a:", "a: b", "a #b", "#x",
            "@team", "*alias", "&anchor", "!tag", "%x", "`x`", "'q'", "\"q\"", "[x]", "{x}", "x,y", "yes", "No", "ON", "off", "y",
            "n", "null", "Null", "~", "true", "False", "", " lead", "trail ", "é", "$(SRCROOT)", "a\\b", "tab\there", "line\nbreak",
            "?x", "? x", "|", ">", "<<", "=",
        ]
        for text in texts {
            for style in [Node.Scalar.Style.any, .doubleQuoted] {
                let node = Node.mapping(Node.Mapping([(Node("key"), Node.scalar(.init(text, Tag(.str), style)))]))
                #expect(BlockYAMLEmitter.lines(node) == (try yams(node)), "\(text.debugDescription) \(style)")
                let list = Node.sequence(Node.Sequence([Node.scalar(.init(text, Tag(.str), style))]))
                #expect(BlockYAMLEmitter.lines(list) == (try yams(list)), "\(text.debugDescription) \(style) in a list")
            }
        }
    }

    @Test func nestedCollectionsAndEmptyOnesAreLaidOutAsLibyamlLaysThemOut() throws {
        let node = try #require(
            try Yams.compose(
                yaml: """
                    a:
                      b: [x, y]
                      c: {}
                      d: []
                    e:
                    - f: 1
                      g:
                      - h
                    - - i
                      - j
                    - {}
                    """))
        #expect(BlockYAMLEmitter.lines(node) == (try yams(node)))
    }
}
