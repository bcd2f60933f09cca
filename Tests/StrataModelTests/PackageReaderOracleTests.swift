import Foundation
import StrataDiagnostics
import StrataProjectFormat
import StrataSwiftPM
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// `swift package dump-package` is the reference: wherever the static reader says it read a
/// manifest, it must have read exactly what SwiftPM evaluates.
@Suite(.serialized) struct PackageReaderOracleTests {
    /// The manifest Strata chooses in every package folder of the fixtures, the example and the
    /// repository itself. dump-package is given the folder and chooses by itself, so a wrong
    /// choice between `Package.swift` and `Package@swift-….swift` shows as a disagreement.
    static func manifests() async -> [String] {
        var folders = [Fixtures.repositoryRoot, Fixtures.iss]
        for folder in [Fixtures.root, Fixtures.violationsRoot] {
            let enumerator = FileManager.default.enumerator(atPath: folder)
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix("/Package.swift") || relative == "Package.swift" {
                    folders.append(folder + "/" + (relative as NSString).deletingLastPathComponent)
                }
            }
        }
        var paths: [String] = []
        for folder in folders {
            paths.append(await ManifestSelection.manifestPath(in: folder, files: LocalFiles()))
        }
        return paths.sorted()
    }

    /// Manifests the static reader must decline, and why.
    static let expectedUncertain = [
        "Tests/Fixtures/Adopt/DynamicManifest/Package.swift": "a statement starting with 'for'",
        "Tests/Fixtures/BadInput/UnevaluableManifest/Package.swift": "a statement starting with 'func'",
    ]

    private static func dumpPackage(_ path: String) async -> (String, PackageManifest?, String?) {
        do {
            return (path, try await PackageManifestReader.readWithDumpPackage(path: path), nil)
        } catch {
            return (path, nil, error.diagnostics.first?.message)
        }
    }

    @Test func theStaticReaderAgreesWithDumpPackageOnEveryManifest() async throws {
        let paths = await Self.manifests()
        #expect(paths.count >= 10)
        #expect(paths.contains { $0.hasSuffix("Adopt/VersionSpecificManifest/Package@swift-5.9.swift") })
        let results = await withTaskGroup(of: (String, PackageManifest?, String?).self) { group in
            for path in paths {
                group.addTask { await Self.dumpPackage(path) }
            }
            var collected: [String: (PackageManifest?, String?)] = [:]
            for await (path, manifest, error) in group { collected[path] = (manifest, error) }
            return collected
        }
        var compared = 0
        for path in paths {
            let relative = String(path.dropFirst(Fixtures.repositoryRoot.count + 1))
            switch try PackageManifestReader.readStatically(path: path) {
            case .read(let fromStaticReader):
                let (fromDumpPackage, error) = results[path]!
                let reference = try #require(fromDumpPackage, "dump-package failed on \(relative): \(error ?? "")")
                #expect(fromStaticReader.withoutLocations == reference.withoutLocations, "\(relative)")
                compared += 1
            case .uncertain(let reason, _):
                let expected = try #require(Self.expectedUncertain[relative], "the static reader unexpectedly declined \(relative): \(reason)")
                #expect(reason.contains(expected), "\(relative): \(reason)")
            }
        }
        #expect(compared == paths.count - Self.expectedUncertain.count)
    }

    /// `text` as a package with these source folders, read by the static reader (which must
    /// accept it) and by dump-package.
    static func readBothWays(_ text: String, sources: [String]) async throws -> (PackageManifest, PackageManifest) {
        let folder = try Fixtures.temporaryFolder("oracle-manifest")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for target in sources {
            try FileManager.default.createDirectory(atPath: "\(folder)/Sources/\(target)", withIntermediateDirectories: true)
        }
        let path = folder + "/Package.swift"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        guard case .read(let fromStaticReader) = try PackageManifestReader.readStatically(path: path) else {
            throw UnreadManifest()
        }
        return (fromStaticReader, try await PackageManifestReader.readWithDumpPackage(path: path))
    }

    struct UnreadManifest: Error, CustomStringConvertible {
        var description: String { "the static reader declined a declarative manifest" }
    }

    static let conditionsManifest = """
        // swift-tools-version:6.1
        import PackageDescription

        let aliases = ["ArgumentParser": "AP"]
        let package = Package(
            name: "Conditions",
            traits: ["Fast", .default(enabledTraits: [])],
            dependencies: [.package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")],
            targets: [
                .target(
                    name: "A",
                    dependencies: [
                        .product(name: "ArgumentParser", package: "swift-argument-parser", moduleAliases: aliases, condition: .when(platforms: [.macOS, .iOS, .macCatalyst])),
                        .target(name: "B", condition: .when(platforms: [.linux], traits: ["Fast"])),
                        .byName(name: "Bin", condition: .when(traits: ["Fast"])),
                        .product(name: "ArgumentParser", package: "swift-argument-parser", moduleAliases: [:]),
                    ],
                    swiftSettings: [.unsafeFlags(["-module-alias", "Networking=B"]), .unsafeFlags(["-module-alias", "X=Y"], .when(platforms: [.iOS])), .define("Q")]),
                .target(name: "B"),
                .binaryTarget(name: "Bin", url: "https://example.invalid/bin.zip", checksum: "abc"),
            ]
        )

        """

    /// `var`s nothing changes and extension helpers (StaticPackageReaderTests reads it too).
    static let helpersManifest = """
        // swift-tools-version:6.0
        import PackageDescription

        var platforms: [SupportedPlatform] = [.iOS(.v16), .macOS(.v13)]
        var shared: [Target.Dependency] = [.logging, "Core"]

        private extension Target.Dependency {
            static let logging: Self = .product(name: "Logging", package: "swift-log")
            static var collections: Target.Dependency {
                .product(name: "OrderedCollections", package: "swift-collections")
            }
        }

        let package = Package(
            name: "Helpers",
            platforms: platforms,
            dependencies: [
                .package(url: "https://github.com/apple/swift-log", from: "1.0.0"),
                .package(url: "https://github.com/apple/swift-collections", from: "1.0.0"),
            ],
            targets: [
                .target(name: "Core"),
                .target(name: "Feature", dependencies: shared + [Target.Dependency.collections]),
            ]
        )

        """

    /// Module aliases, `-module-alias` flags, platform and trait conditions and binary URLs are
    /// read as dump-package reads them.
    @Test func namesAndConditionsAreReadAsSwiftPMReadsThem() async throws {
        let (fromStaticReader, reference) = try await Self.readBothWays(Self.conditionsManifest, sources: ["A", "B"])
        #expect(fromStaticReader.withoutLocations == reference.withoutLocations)
        let a = try #require(fromStaticReader.targets.first { $0.name == "A" })
        #expect(a.moduleAliases == ["Networking": "B"])
        #expect(a.dependencies[0].moduleAliases == ["ArgumentParser": "AP"])
        #expect(a.dependencies[0].condition == DependencyCondition(platforms: ["ios", "maccatalyst", "macos"], traits: []))
        #expect(a.dependencies[1].condition == DependencyCondition(platforms: ["linux"], traits: ["Fast"]))
        #expect(a.dependencies[2].condition == DependencyCondition(platforms: [], traits: ["Fast"]))
        #expect(fromStaticReader.targets.first { $0.name == "Bin" }?.url == "https://example.invalid/bin.zip")
    }

    /// `condition ? a : b` with a constant condition, decided per host by `#if` as swift-nio's
    /// manifest does, read as dump-package evaluates it.
    @Test func conditionalsOnConstantsAreReadAsSwiftPMReadsThem() async throws {
        let (fromStaticReader, reference) = try await Self.readBothWays(
            """
            // swift-tools-version:5.9
            import PackageDescription

            #if os(Linux)
            let includePrivacyManifest = false
            #else
            let includePrivacyManifest = true
            #endif
            let useCore = true

            let package = Package(
                name: "Conditional",
                targets: [
                    .target(name: "Core", exclude: includePrivacyManifest ? [] : ["PrivacyInfo.xcprivacy"]),
                    .target(name: "Feature", dependencies: useCore ? ["Core"] : [], exclude: useCore ? ["B"] + ["C"] : ["A"]),
                ]
            )

            """, sources: ["Core", "Feature"])
        #expect(fromStaticReader.withoutLocations == reference.withoutLocations)
        #expect(fromStaticReader.targets.first { $0.name == "Feature" }?.dependencies.count == 1)
    }

    /// `Context.environment["NAME"]` compared with a string or nil (Strata's own manifest leaves
    /// its plugins out so), decided with the environment Strata starts SwiftPM with: one variable
    /// every process has, one no test sets.
    @Test func environmentVariablesComparedWithAStringOrNilAreReadAsSwiftPMReadsThem() async throws {
        let (fromStaticReader, reference) = try await Self.readBothWays(
            """
            // swift-tools-version:5.9
            import PackageDescription
            import Foundation

            let unset = Context.environment["STRATA_TEST_NEVER_SET"] == "1"
            let extra: [Target] = unset ? [.target(name: "Never")] : []
            let package = Package(
                name: "Environment",
                targets: [
                    .target(name: "Core"),
                    .target(name: "Feature", dependencies: Context.environment["PATH"] != nil ? ["Core"] : []),
                    .target(name: "Other", dependencies: ProcessInfo.processInfo.environment["STRATA_TEST_NEVER_SET"] == nil ? [] : ["Core"]),
                ] + extra
            )

            """, sources: ["Core", "Feature", "Other", "Never"])
        #expect(fromStaticReader.withoutLocations == reference.withoutLocations)
        #expect(fromStaticReader.targets.map(\.name) == ["Core", "Feature", "Other"])
        #expect(fromStaticReader.targets.first { $0.name == "Feature" }?.dependencies.count == 1)
        #expect(fromStaticReader.targets.first { $0.name == "Other" }?.dependencies.isEmpty == true)
    }

    /// A top-level computed `var` of one expression (Vapor's manifest has one), as dump-package
    /// evaluates it.
    @Test func computedVariablesAreReadAsSwiftPMReadsThem() async throws {
        let (fromStaticReader, reference) = try await Self.readBothWays(
            """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Computed",
                targets: [.target(name: "Core"), .target(name: "Feature", dependencies: featureDependencies)]
            )

            var featureDependencies: [Target.Dependency] { ["Core"] }
            var excluded: [String] {
                return ["Old"]
            }

            """, sources: ["Core", "Feature"])
        #expect(fromStaticReader.withoutLocations == reference.withoutLocations)
        #expect(fromStaticReader.targets.first { $0.name == "Feature" }?.dependencies.count == 1)
    }

    /// `var`s nothing changes and extension helpers, as dump-package evaluates them.
    @Test func helpersAndUnchangedVarsAreReadAsSwiftPMReadsThem() async throws {
        let (fromStaticReader, reference) = try await Self.readBothWays(Self.helpersManifest, sources: ["Core", "Feature"])
        #expect(fromStaticReader.withoutLocations == reference.withoutLocations)
    }

    @Test(arguments: [
        "Tests/Fixtures/Adopt/RootPackage", "Tests/Fixtures/Adopt/LocalPackages", "Tests/Fixtures/Adopt/DynamicManifest",
        "Tests/Fixtures/Adopt/LayerViolationInPackage", "Examples/Violations/UnmappedTarget",
        "Tests/Fixtures/Adopt/VersionSpecificManifest",
    ])
    func theModuleGraphFromTheFastPathEqualsTheOneFromDumpPackage(fixture: String) async throws {
        let folder = Fixtures.repositoryRoot + "/" + fixture
        let fast = try await WorkspaceLoader(packageReading: .automatic).load(path: folder).workspace
        let reference = try await WorkspaceLoader(packageReading: .dumpPackage).load(path: folder).workspace
        #expect(GraphSignature(fast) == GraphSignature(reference))
        #expect(!fast.targets.isEmpty)
    }

    /// Calls SwiftPM refuses — a misspelt, missing, reordered, repeated or extra label — each in
    /// an otherwise good manifest. The static reader must decline every one (so that
    /// dump-package reports SwiftPM's own error), and dump-package must refuse every one.
    static let mistakes: [(what: String, call: String)] = [
        ("a misspelt label", #".target(name: "B", dependencie: ["A"])"#),
        ("reordered labels", #".target(dependencies: ["A"], name: "B")"#),
        ("a repeated label", #".target(name: "B", dependencies: ["A"], dependencies: ["A"])"#),
        ("an extra label", #".target(name: "B", dependencies: ["A"], flavour: "x")"#),
        ("a missing label", #".target("B", dependencies: ["A"])"#),
        ("a label of another kind of target", #".testTarget(name: "B", dependencies: ["A"], publicHeadersPath: "x")"#),
        ("a misspelt dependency label", #".target(name: "B", dependencies: [.target(nam: "A")])"#),
        ("a misspelt condition label", #".target(name: "B", dependencies: [.target(name: "A", conditon: .when(platforms: [.linux]))])"#),
        ("a misspelt resource label", #".target(name: "B", dependencies: ["A"], resources: [.process("x", localisation: .base)])"#),
    ]

    @Test func callsSwiftPMRefusesAreLeftToDumpPackage() async throws {
        let folder = try Fixtures.temporaryFolder("oracle-mistakes")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var manifests: [String] = []
        for (index, mistake) in Self.mistakes.enumerated() {
            let package = folder + "/\(index)"
            for target in ["A", "B"] {
                try FileManager.default.createDirectory(atPath: "\(package)/Sources/\(target)", withIntermediateDirectories: true)
                try "public struct \(target) {}\n".write(toFile: "\(package)/Sources/\(target)/\(target).swift", atomically: true, encoding: .utf8)
            }
            let text = """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "Mistake",
                    products: [.library(name: "B", targets: ["B"])],
                    targets: [
                        .target(name: "A"),
                        \(mistake.call),
                    ]
                )

                """
            try text.write(toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
            manifests.append(package + "/Package.swift")
            if case .read = try PackageManifestReader.readStatically(path: package + "/Package.swift") {
                Issue.record("the static reader read \(mistake.what): \(mistake.call)")
            }
        }
        // The package-level mistakes: Package's own labels, a product's and a package dependency's.
        let packageLevel = [
            (#"Package(name: "P", targets: [.target(name: "A")], products: [])"#),
            (#"Package(name: "P", products: [.library(name: "L")], targets: [.target(name: "A")])"#),
            (#"Package(name: "P", dependencies: [.package(url: "https://example.invalid/x", frm: "1.0.0")], targets: [.target(name: "A")])"#),
        ]
        for (index, call) in packageLevel.enumerated() {
            let package = folder + "/p\(index)"
            try FileManager.default.createDirectory(atPath: "\(package)/Sources/A", withIntermediateDirectories: true)
            try "public struct A {}\n".write(toFile: "\(package)/Sources/A/A.swift", atomically: true, encoding: .utf8)
            try "// swift-tools-version:6.0\nimport PackageDescription\n\nlet package = \(call)\n".write(
                toFile: package + "/Package.swift", atomically: true, encoding: .utf8)
            manifests.append(package + "/Package.swift")
            if case .read = try PackageManifestReader.readStatically(path: package + "/Package.swift") {
                Issue.record("the static reader read \(call)")
            }
        }
        // The oracle: SwiftPM refuses each of them.
        let refused = await withTaskGroup(of: (String, Bool).self) { group in
            for path in manifests {
                group.addTask { (path, await Self.dumpPackage(path).1 == nil) }
            }
            var refused: [String: Bool] = [:]
            for await (path, wasRefused) in group { refused[path] = wasRefused }
            return refused
        }
        for path in manifests {
            #expect(refused[path] == true, "dump-package accepted \((try? String(contentsOfFile: path, encoding: .utf8)) ?? path)")
        }
    }
}

/// A workspace graph by names, without positions: what must not depend on how manifests were read.
struct GraphSignature: Equatable, CustomStringConvertible {
    var targets: [String]
    var edges: Set<String>

    init(_ workspace: Workspace) {
        targets = workspace.targets.map { target in
            "\(target.name) \(target.role) module=\(target.module ?? "-") layer=\(workspace.layerName(of: workspace.index[target.name]!)) \(target.linkage) host=\(target.isTestHost)"
        }.sorted()
        edges = Set(
            workspace.targets.indices.flatMap { from in
                workspace.dependencies[from].map { "\(workspace.targets[from].name) → \(workspace.targets[$0.target].name)" }
            })
    }

    var description: String { (targets + edges.sorted()).joined(separator: "\n") }
}
