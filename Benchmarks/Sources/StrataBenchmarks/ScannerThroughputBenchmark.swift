import Foundation
import StrataLexer
import StrataSources
import StrataSourcesTestSupport
import StrataSynthetic

/// The import scanner against a swift-syntax parse on the same files, one core each, results
/// compared file by file. Two corpora: public Swift code (the packages SwiftPM checked out to
/// build this benchmark, and Strata's own sources and examples) and a synthetic workspace.
enum ScannerThroughputBenchmark {
    struct Corpus {
        var name: String
        var files: [[UInt8]]
    }

    /// Every Swift file under `folders`, in memory.
    static func files(under folders: [String]) throws -> [[UInt8]] {
        var files: [[UInt8]] = []
        for folder in folders {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.hasSuffix(".swift"), !relative.contains("/.build/") else { continue }
                files.append([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + relative))))
            }
        }
        return files
    }

    /// Public Swift code: the benchmark package's checkouts (swift-syntax, Yams,
    /// swift-argument-parser, swift-subprocess, swift-system) and Strata's own code.
    static func publicCode() throws -> Corpus {
        let benchmarks = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let repository = benchmarks.deletingLastPathComponent()
        let checkouts = benchmarks.appendingPathComponent(".build/checkouts").path
        let packages = ((try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? []).sorted()
        guard !packages.isEmpty else { fatalError("no checkouts in \(checkouts): build the benchmarks first") }
        let folders = packages.map { checkouts + "/" + $0 } + ["Sources", "Tests", "Examples"].map { repository.path + "/" + $0 }
        return Corpus(name: "public Swift code (\(packages.joined(separator: ", ")), Strata)", files: try files(under: folders))
    }

    /// The Swift files of a synthetic workspace.
    static func synthetic(modules: Int) throws -> Corpus {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-corpus-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 3))
        try synthetic.writeSources(to: folder, filesPerModule: 20)
        return Corpus(name: "synthetic workspace (\(modules) modules)", files: try files(under: [folder]))
    }

    static func run(modules: Int, iterations: Int) throws {
        print("## Import scanner against swift-syntax (release build, one core, same files)")
        print("")
        print("Passes alternate (scanner, swift-syntax, scanner, …), \(iterations) of each after one warm-up; medians.")
        print("")
        print("| corpus | files | MB | imports | Strata's scanner | swift-syntax parse + import walk | ratio |")
        print("|---|---:|---:|---:|---:|---:|---:|")
        for corpus in [try publicCode(), try synthetic(modules: modules)] {
            measure(corpus, iterations: iterations)
        }
        print("")
    }

    static func measure(_ corpus: Corpus, iterations: Int) {
        let files = corpus.files
        let megabytes = Double(files.reduce(0) { $0 + $1.count }) / 1_048_576
        var strataImports: [[ImportDeclaration]] = []
        var referenceImports: [[ImportDeclaration]] = []
        var strata: [Duration] = []
        var reference: [Duration] = []
        let clock = ContinuousClock()
        for round in 0...iterations {
            let strataTime = clock.measure { strataImports = files.map { ImportScanner().scan(SourceText(bytes: $0)).imports } }
            let referenceTime = clock.measure { referenceImports = files.map { SwiftSyntaxImportReader.imports(in: $0) } }
            if round > 0 {
                strata.append(strataTime)
                reference.append(referenceTime)
            }
        }
        let differing = zip(strataImports, referenceImports).filter { $0 != $1 }.count
        guard differing == 0 else { fatalError("the scanner and swift-syntax disagree on \(differing) files of \(corpus.name)") }
        let strataMedian = Measurement(name: "strata", samples: strata).median
        let referenceMedian = Measurement(name: "swift-syntax", samples: reference).median
        let strataRate = megabytes / (strataMedian.milliseconds / 1_000)
        let referenceRate = megabytes / (referenceMedian.milliseconds / 1_000)
        let imports = strataImports.reduce(0) { $0 + $1.count }
        print(
            "| \(corpus.name) | \(files.count) | \(String(format: "%.1f", megabytes)) | \(imports) | \(strataMedian.formatted), \(String(format: "%.0f", strataRate)) MB/s | \(referenceMedian.formatted), \(String(format: "%.1f", referenceRate)) MB/s | **\(String(format: "%.0f", strataRate / referenceRate))×** |"
        )
    }
}
