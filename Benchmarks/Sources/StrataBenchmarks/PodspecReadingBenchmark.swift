import Foundation
import StrataSynthetic
import StrataWorkspace

/// Adopt mode over development pods (target: 1,000 podspecs read in ≤ 0.5 s): the synthetic
/// 1,000-module workspace as one Ruby podspec per module (its dependencies, a subspec, a test
/// spec, the attributes a real spec carries: a heredoc description, a source hash, settings), and
/// the same pods as `.podspec.json`; side by side in each round with the same workspace's
/// Package.swift files (the static reader).
enum PodspecReadingBenchmark {
    static func run(modules: Int, iterations: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-bench-pods-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synthetic = SyntheticWorkspace(configuration: .init(moduleCount: modules, seed: 1))
        try synthetic.write(to: folder, packages: true)
        for module in synthetic.modules {
            let pod = "\(folder)/Packages/\(module.name)"
            let dependencies = module.dependencies.map { "    core.dependency '\($0)'" }.joined(separator: "\n")
            let ruby = """
                Pod::Spec.new do |s|
                  s.name             = '\(module.name)'
                  s.version          = '1.0.0'
                  s.summary          = 'The \(module.name) module.'
                  s.description      = <<-DESC
                                       \(module.name): a synthetic module of the benchmark.
                                       DESC
                  s.homepage         = 'https://example.com/\(module.name)'
                  s.license          = { :type => 'MIT', :file => 'LICENSE' }
                  s.author           = { 'Team' => 'team@example.com' }
                  s.source           = { :git => 'https://example.com/repo.git', :tag => s.version.to_s }
                  s.ios.deployment_target = '15.0'
                  s.swift_version    = '5.9'
                  s.pod_target_xcconfig = { 'SWIFT_STRICT_CONCURRENCY' => 'complete' }

                  s.subspec 'Core' do |core|
                    core.source_files = 'Sources/\(module.name)/**/*.swift'
                \(dependencies)
                  end

                  s.test_spec 'Tests' do |test|
                    test.source_files = 'Tests/\(module.name)Tests/**/*.swift'
                  end
                end

                """
            try ruby.write(toFile: "\(pod)/\(module.name).podspec", atomically: true, encoding: .utf8)
            let json = """
                { "name": "\(module.name)", "version": "1.0.0", "summary": "The \(module.name) module.",
                  "source": { "git": "https://example.com/repo.git", "tag": "1.0.0" }, "platforms": { "ios": "15.0" },
                  "subspecs": [{ "name": "Core", "source_files": "Sources/\(module.name)/**/*.swift",
                    "dependencies": { \(module.dependencies.map { "\"\($0)\": []" }.joined(separator: ", ")) } }],
                  "testspecs": [{ "name": "Tests", "test_type": "unit", "source_files": "Tests/\(module.name)Tests/**/*.swift" }] }

                """
            try FileManager.default.createDirectory(atPath: "\(folder)/JSON/\(module.name)", withIntermediateDirectories: true)
            try json.write(toFile: "\(folder)/JSON/\(module.name)/\(module.name).podspec.json", atomically: true, encoding: .utf8)
        }
        let layers = "layers:\n  - { name: all, patterns: [\"*\"] }\n"
        let manifests = [
            ("Ruby podspecs", "adopt: { packages: [], podspecs: [\"Packages/*/*.podspec\"] }"),
            ("JSON podspecs", "adopt: { packages: [], podspecs: [\"JSON/*/*.podspec.json\"] }"),
            ("Package.swift files (static reader)", "adopt: { packages: [\"Packages/*\"] }"),
        ].map { (name, adopt) -> (String, String) in
            let path = folder + "/strata-\(UUID().uuidString).yml"
            try? (layers + adopt + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            return (name, path)
        }

        var samples = [[Duration]](repeating: [], count: manifests.count)
        var counts = [Int](repeating: 0, count: manifests.count)
        let clock = ContinuousClock()
        for round in 0...iterations {
            for (index, manifest) in manifests.enumerated() {
                let start = clock.now
                let workspace = try await WorkspaceLoader().load(path: manifest.1).workspace
                let took = clock.now - start
                counts[index] = workspace.targets.filter { $0.role != .external }.count
                if round > 0 { samples[index].append(took) }
            }
        }
        let medians = samples.map { Measurement(name: "", samples: $0).median }
        print("## Adopt mode over podspecs (release build, median of \(iterations) rounds after a warm-up)")
        print("")
        print("\(modules) modules: one podspec each (a subspec with the module's dependencies, a test spec, a real spec's other attributes).")
        print("")
        print("| load | targets | median | per file |")
        print("|---|---:|---:|---:|")
        for (index, manifest) in manifests.enumerated() {
            print("| \(manifest.0) | \(counts[index]) | \(medians[index].formatted) | \((medians[index] / modules).formatted) |")
        }
        let ratios = (0..<iterations).map { samples[0][$0].milliseconds / max(samples[2][$0].milliseconds, 0.001) }.sorted()
        print("")
        print(
            "Ruby podspecs / Package.swift, per round: median \(String(format: "%.2f", ratios[ratios.count / 2]))×, range \(String(format: "%.2f", ratios.first!))–\(String(format: "%.2f", ratios.last!))×."
        )
        print("")
    }
}
