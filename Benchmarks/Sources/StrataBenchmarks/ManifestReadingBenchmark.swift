import Foundation
import StrataDiagnostics
import StrataProjectFormat
import StrataSwiftPM
import StrataSynthetic
import StrataWorkspace

/// Reading Package.swift files: Strata's static reader against `swift package dump-package`,
/// side by side on the same synthetic manifests, with the results compared.
enum ManifestReadingBenchmark {
    static func run(packageCount: Int, dumpPackageSample: Int, iterations: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: packageCount, seed: 1))
        try synthetic.write(to: folder, packages: true)
        let paths = synthetic.modules.map { "\(folder)/Packages/\($0.name)/Package.swift" }
        let sample = Array(paths.prefix(dumpPackageSample))

        // Static reader over every manifest.
        var staticResults: [String: PackageManifest] = [:]
        let staticAll = try Measurement.measure("static", iterations: iterations) {
            for path in paths {
                guard case .read(let manifest) = try PackageManifestReader.readStatically(path: path) else {
                    fatalError("the static reader declined \(path)")
                }
                staticResults[path] = manifest
            }
        }
        // dump-package over a sample, one at a time (as a tool without the static reader would).
        var dumpResults: [String: PackageManifest] = [:]
        let clock = ContinuousClock()
        let dumpStart = clock.now
        for path in sample {
            dumpResults[path] = try await PackageManifestReader.readWithDumpPackage(path: path)
        }
        let dumpTotal = clock.now - dumpStart
        for path in sample where staticResults[path]?.withoutLocations != dumpResults[path]?.withoutLocations {
            fatalError("the static reader and dump-package disagree on \(path)")
        }

        let staticPerManifest = staticAll.median / paths.count
        let dumpPerManifest = dumpTotal / sample.count
        let ratio = dumpPerManifest.milliseconds / staticPerManifest.milliseconds
        print("## Reading Package.swift (release build)")
        print("")
        print("| reader | manifests | total | per manifest |")
        print("|---|---:|---:|---:|")
        print("| static (median of \(iterations)) | \(paths.count) | \(staticAll.median.formatted) | \(staticPerManifest.formatted) |")
        print("| swift package dump-package | \(sample.count) | \(dumpTotal.formatted) | \(dumpPerManifest.formatted) |")
        print("")
        print("Static reader: **\(Int(ratio.rounded()))× faster** per manifest; results identical on the \(sample.count) compared.")

        // The whole adopt-mode load (discovery, reading, graph) of the synthetic workspace.
        let load = try await Measurement.measure("adopt load", iterations: iterations) {
            _ = try await WorkspaceLoader().load(path: folder)
        }
        print("Adopt-mode load of all \(paths.count + 1) packages (read + graph): \(load.median.formatted).")
        print("")
    }
}
