// strata-benchmarks: release-mode measurements recorded in docs/BENCHMARKS.md.
//
//   swift run -c release --package-path Benchmarks strata-benchmarks [graph-rules|manifest-reading|root-package|xcodegen-reading|xcode-reading|podspec-reading|init-inference|scanner|check|generate|affected|affected-history|affected-unchanged-manifest|registry|publish-latency|release-plan|check-fix|age|compare|all]
import Foundation
import StrataDiagnostics

let arguments = Array(CommandLine.arguments.dropFirst())
let which = arguments.first ?? "all"
let benchmarks = [
    "graph-rules", "manifest-reading", "root-package", "xcodegen-reading", "xcode-reading", "podspec-reading", "init-inference", "scanner", "check",
    "generate",
    "affected",
    "affected-history", "affected-unchanged-manifest", "registry", "publish-latency",
    "release-plan", "check-fix",
    "age", "compare", "all",
]
guard benchmarks.contains(which) else {
    FileHandle.standardError.write(Data("usage: strata-benchmarks [\(benchmarks.joined(separator: "|"))]\n".utf8))
    exit(2)
}

print("Machine: \(Machine.description)")
print("")
do {
    if which == "graph-rules" || which == "all" {
        try await GraphRulesBenchmark.run(moduleCounts: [500, 5_000], iterations: 10)
    }
    if which == "manifest-reading" || which == "all" {
        try await ManifestReadingBenchmark.run(packageCount: 500, dumpPackageSample: 20, iterations: 10)
    }
    if which == "root-package" || which == "all" {
        try await RootPackageBenchmark.run(modules: 5_000, iterations: 5)
    }
    if which == "xcodegen-reading" || which == "all" {
        try await XcodeGenReadingBenchmark.run(modules: 1_000, iterations: 7)
    }
    if which == "xcode-reading" || which == "all" {
        // About 5,000 targets: modules with their interfaces, mocks and tests, and the apps.
        try await XcodeProjectReadingBenchmark.run(modules: 1_600, iterations: 5)
    }
    if which == "podspec-reading" || which == "all" {
        try await PodspecReadingBenchmark.run(modules: 1_000, iterations: 7)
    }
    if which == "init-inference" || which == "all" {
        try await InitInferenceBenchmark.run(sizes: [300, 1_000, 5_000], seeds: [1, 2, 3, 4, 5], iterations: 5)
    }
    if which == "scanner" || which == "all" {
        try ScannerThroughputBenchmark.run(modules: 100, iterations: 5)
    }
    if which == "check" || which == "all" {
        try await FullCheckBenchmark.run(modules: 5_000, filesPerModule: 20, iterations: 5)
    }
    if which == "generate" || which == "all" {
        // On disk, and in memory (tmpfs), to tell the file system's cost from Strata's.
        try await GenerateBenchmark.run(modules: 5_000, iterations: 5, base: FileManager.default.temporaryDirectory.path)
        if FileManager.default.fileExists(atPath: "/dev/shm") {
            try await GenerateBenchmark.run(modules: 5_000, iterations: 5, base: "/dev/shm")
        }
    }
    if which == "affected" || which == "all" {
        try await AffectedBenchmark.run(modules: 5_000, filesPerModule: 4, iterations: 5)
    }
    if which == "affected-history" || which == "all" {
        try await AffectedHistoryBenchmark.run(targets: 40, commits: 30)
    }
    if which == "affected-unchanged-manifest" || which == "all" {
        try await AffectedUnchangedManifestBenchmark.run(modules: 62, commits: 12)
    }
    if which == "release-plan" || which == "all" {
        try await ReleasePlanBenchmark.run(modules: 5_000, changed: 50, iterations: 5)
    }
    if which == "check-fix" || which == "all" {
        try await CheckFixBenchmark.run(modules: 2_000, fixes: 300, iterations: 5)
    }
    if which == "compare" {
        // Two release strata binaries, before and after a change (docs/BENCHMARKS.md says how to build them).
        let environment = ProcessInfo.processInfo.environment
        guard let before = environment["STRATA_BEFORE"], let after = environment["STRATA_AFTER"] else {
            FileHandle.standardError.write(Data("compare: set STRATA_BEFORE and STRATA_AFTER to two strata binaries\n".utf8))
            exit(2)
        }
        try await BinaryComparisonBenchmark.run(before: before, after: after, modules: 5_000, filesPerModule: 4, iterations: 9)
    }
    if which == "age" || which == "all" {
        try AgeThroughputBenchmark.run(megabytes: 100, rounds: 5)
    }
    if which == "registry" || which == "all" {
        // Needs the release strata-registry: swift build -c release --product strata-registry
        try await RegistryBenchmark.run(packages: 30, runs: 5)
    }
    if which == "publish-latency" || which == "all" {
        // Two release strata-registry binaries, from before and after issue 46 (docs/BENCHMARKS.md says how to build them).
        let environment = ProcessInfo.processInfo.environment
        try await PublishLatencyBenchmark.run(
            before: environment["STRATA_REGISTRY_BEFORE"] ?? "/tmp/strata-registry-before",
            after: environment["STRATA_REGISTRY_AFTER"] ?? FileManager.default.currentDirectoryPath + "/.build/release/strata-registry", runs: 9)
    }
} catch let error as InputErrors {
    FileHandle.standardError.write(Data("benchmark input failed: \(error.diagnostics.map(\.message))\n".utf8))
    exit(1)
}
