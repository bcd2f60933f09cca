import Foundation
import StrataLexer
import StrataSources
import StrataSourcesTestSupport
import StrataSynthetic

/// The import scanner against a swift-syntax parse on the same files, one core each, results
/// compared file by file.
enum ScannerThroughputBenchmark {
    /// The corpus: Swift files of a synthetic workspace, in memory.
    static func corpus(modules: Int) throws -> [[UInt8]] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-corpus-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 3))
        try synthetic.writeSources(to: folder, filesPerModule: 20)
        var files: [[UInt8]] = []
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let relative = enumerator?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + relative))))
        }
        return files
    }

    static func run(modules: Int, iterations: Int) throws {
        let files = try corpus(modules: modules)
        let bytes = files.reduce(0) { $0 + $1.count }
        let megabytes = Double(bytes) / 1_048_576

        var strataImports: [[ImportDeclaration]] = []
        let strata = Measurement.measure("strata", iterations: iterations) {
            strataImports = files.map { ImportScanner().scan(SourceText(bytes: $0)).imports }
        }
        var referenceImports: [[ImportDeclaration]] = []
        let reference = Measurement.measure("swift-syntax", iterations: max(1, iterations / 5)) {
            referenceImports = files.map { SwiftSyntaxImportReader.imports(in: $0) }
        }
        let differing = zip(strataImports, referenceImports).filter { $0 != $1 }.count
        guard differing == 0 else { fatalError("the scanner and swift-syntax disagree on \(differing) files") }

        let strataRate = megabytes / (strata.median.milliseconds / 1_000)
        let referenceRate = megabytes / (reference.median.milliseconds / 1_000)
        print("## Import scanner against swift-syntax (release build, one core, same files)")
        print("")
        print("| reader | files | MB | time (median) | MB/s |")
        print("|---|---:|---:|---:|---:|")
        print(
            "| Strata's import scanner | \(files.count) | \(String(format: "%.1f", megabytes)) | \(strata.median.formatted) | \(String(format: "%.0f", strataRate)) |"
        )
        print(
            "| swift-syntax parse + import walk | \(files.count) | \(String(format: "%.1f", megabytes)) | \(reference.median.formatted) | \(String(format: "%.1f", referenceRate)) |"
        )
        print("")
        print(
            "Scanner: **\(String(format: "%.0f", strataRate / referenceRate))× faster**; identical imports on all \(files.count) files (\(strataImports.reduce(0) { $0 + $1.count }) imports)."
        )
        print("")
    }
}
