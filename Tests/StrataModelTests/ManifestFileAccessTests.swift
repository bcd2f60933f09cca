import StrataSwiftPM
import Testing

/// Which manifests may read files when SwiftPM evaluates them: only real file-system calls count,
/// so the evaluated-manifest cache keys a plain manifest by its text alone.
@Suite struct ManifestFileAccessTests {
    static func reads(_ text: String) -> Bool { ManifestFileAccess.mayReadFiles(Array(text.utf8)) }

    @Test func appendingContentsOfAnArrayReadsNothing() {
        #expect(
            !Self.reads(
                """
                let package = Package(name: "P", targets: [.target(name: "A")])
                package.targets.append(contentsOf: [.target(name: "B")])
                package.products.insert(contentsOf: [], at: 0)
                var names: [String] = []
                names.append(contentsOf: ["A"])
                """))
    }

    @Test func wordsInCommentsAndStringsReadNothing() {
        #expect(
            !Self.reads(
                """
                // FileManager.default.contentsOfDirectory would list the folders; we do not.
                /* String(contentsOfFile: "x") */
                let package = Package(name: "FileManager", targets: [.target(name: "fopen", path: "Context.packageDirectory")])
                """))
    }

    @Test func filePathAloneReadsNothing() {
        #expect(!Self.reads("let here = #filePath\nlet package = Package(name: \"P\")\n"))
    }

    @Test func fileManagerReadsFiles() {
        #expect(Self.reads("let names = try FileManager.default.contentsOfDirectory(atPath: \"Sources\")\n"))
        #expect(Self.reads("import Foundation\nlet manager = Foundation.FileManager()\n"))
    }

    @Test func initialisersWithAContentsOfLabelReadFiles() {
        #expect(Self.reads("let version = try String(contentsOfFile: \"VERSION\", encoding: .utf8)\n"))
        #expect(Self.reads("let data = try Data(contentsOf: URL(fileURLWithPath: #filePath))\n"))
        #expect(Self.reads("let text: String = try .init(contentsOf: url, encoding: .utf8)\n"))
        #expect(Self.reads("let plist = NSDictionary(contentsOfFile: path)\n"))
    }

    @Test func thePackageDirectoryOfTheContextReadsFiles() {
        #expect(Self.reads("let folder = Context.packageDirectory\n"))
        #expect(!Self.reads("let packageDirectory = \"x\"\n"))
    }

    @Test func cFunctionsThatOpenFilesReadFiles() {
        #expect(Self.reads("let file = fopen(\"VERSION\", \"r\")\n"))
        #expect(Self.reads("let folder = opendir(\"Sources\")\n"))
    }
}
