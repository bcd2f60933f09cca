import StrataDiagnostics
import StrataRules
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

@Suite struct StaticLinkedOnceTests {
    /// Each module a package of its own, so that its dependents link its product: a module with
    /// `linkage: dynamic` is a dynamic library to them.
    static let packagesHeader = header + "generate: { layout: packages }\n"

    /// Logging linked by the app (through Suit) and by the dynamic Network: embedded twice
    /// wherever Network is a dynamic library to Suit.
    static let loggingTwice = """
        modules:
          Logging: { layer: shared }
          Network: { layer: core, linkage: dynamic, dependencies: [Logging] }
          Suit: { layer: domain, dependencies: [Network, Logging] }
        apps:
          Cosmonaut: { dependencies: [Suit] }
        """

    @Test func aStaticLibraryInOneImageIsFine() async throws {
        let marked = MarkedText(
            Self.packagesHeader + """
                modules:
                  Logging: { layer: shared }
                  Network: { layer: core, linkage: dynamic, dependencies: [Logging] }
                  Suit: { layer: domain, dependencies: [Network] }
                apps:
                  Cosmonaut: { dependencies: [Suit, Network] }
                """)
        #expect(try await findings(of: StaticLinkedOnce(), in: marked).isEmpty)
    }

    @Test func aStaticLibraryEmbeddedByTheAppAndADynamicLibraryIsReported() async throws {
        let marked = MarkedText(
            Self.packagesHeader + """
                modules:
                  1️⃣Logging: { layer: shared }
                  Network: { layer: core, linkage: dynamic, dependencies: [2️⃣Logging] }
                  Suit: { layer: domain, dependencies: [Network, 3️⃣Logging] }
                apps:
                  Cosmonaut: { dependencies: [Suit] }
                """)
        let result = try await findings(of: StaticLinkedOnce(), in: marked)
        #expect(result.count == 1)
        #expect(
            result.first?.message
                == "in app 'Cosmonaut', static library 'Logging' would be embedded in 2 images: 'Cosmonaut' (the app), 'Network' (dynamic); its types would be loaded twice at launch"
        )
        #expect(result.first?.subject == DiagnosticSubject(source: "Cosmonaut", target: "Logging"))
        expectLocation(result.first, at: "1️⃣", in: marked)
        let notes = try #require(result.first?.notes)
        #expect(
            notes.map(\.message) == [
                "embedded in 'Cosmonaut' through Cosmonaut → Suit → Logging",
                "embedded in 'Network' through Network → Logging",
            ])
        #expect(notes.map { $0.location?.line } == [marked.position("3️⃣").line, marked.position("2️⃣").line])
    }

    @Test func twoDynamicLibrariesEmbeddingOneStaticLibraryAreReportedPerApp() async throws {
        let marked = MarkedText(
            Self.packagesHeader + """
                modules:
                  Logging: { layer: shared }
                  Network: { layer: core, linkage: dynamic, dependencies: [Logging] }
                  Radio: { layer: core, linkage: dynamic, dependencies: [Logging] }
                apps:
                  Cosmonaut: { dependencies: [Network, Radio] }
                  Overview: { dependencies: [Network] }
                """)
        let result = try await findings(of: StaticLinkedOnce(), in: marked)
        #expect(result.map(\.subject) == [DiagnosticSubject(source: "Cosmonaut", target: "Logging")])
    }

    /// In one package SwiftPM links every target statically, whatever its products: in the
    /// single layout `linkage: dynamic` makes a dynamic product for packages outside only.
    @Test func inOnePackageEveryLinkIsStatic() async throws {
        let marked = MarkedText(header + Self.loggingTwice)
        #expect(try await findings(of: StaticLinkedOnce(), in: marked).isEmpty)
        // Strata says that the linkage changes nothing here.
        let warnings = try await InlineWorkspace.load(marked.text).diagnostics
        #expect(warnings.map(\.id) == ["ineffective-linkage"])
        #expect(
            warnings.first?.message
                == "module 'Network' is 'linkage: dynamic', but in the single layout every module is a target of the one package, and SwiftPM links a package's own targets statically: only packages outside the workspace would load it as a dynamic library"
        )
        #expect(warnings.first?.location?.line == 5)
    }

    /// An adopt-mode workspace of two packages, Kit and App (which depends on Kit by path),
    /// with these products and targets.
    static func kitAndApp(kit: (products: String, targets: String), app targets: String) async throws -> (TemporaryWorkspace, Workspace) {
        let workspace = try TemporaryWorkspace("layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [Kit, App] }\n")
        func manifest(_ name: String, _ body: String) -> String {
            "// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(\n    name: \"\(name)\",\n\(body)\n)\n"
        }
        try workspace.write("Kit/Package.swift", manifest("Kit", "    products: [\(kit.products)],\n    targets: [\(kit.targets)]"))
        try workspace.write("App/Package.swift", manifest("App", "    dependencies: [.package(path: \"../Kit\")],\n    targets: [\(targets)]"))
        return (workspace, try await workspace.load())
    }

    /// The XcodeGen projects make each module's implementation a framework, dynamic by its
    /// `linkage`, in any layout: their build embeds Logging twice.
    @Test func theXcodeGenProjectsLinkDynamicModulesAsFrameworksInTheSingleLayout() async throws {
        let marked = MarkedText(header + "generate: { xcodegen: { platform: iOS } }\n" + Self.loggingTwice)
        let result = try await findings(of: StaticLinkedOnce(), in: marked)
        #expect(result.map(\.subject) == [DiagnosticSubject(source: "Cosmonaut", target: "Logging")])
    }

    /// Adopt mode, as SwiftPM builds: an executable links the targets of its own package
    /// statically, though a `.dynamic` product holds them (SwiftPM's own manifest does this);
    /// another package's executable that uses that product loads one dynamic library, built
    /// from all of the product's targets.
    @Test func adoptModeLinksAPackagesOwnTargetsStaticallyAndAnotherPackagesDynamicProductAsOneLibrary() async throws {
        let (_, loaded) = try await Self.kitAndApp(
            kit: (
                """
                .library(name: "KitDynamic", type: .dynamic, targets: ["Parser", "Model"]), .library(name: "Base", targets: ["Base"])
                """,
                """
                .target(name: "Base"), .target(name: "Parser", dependencies: ["Base"]), .target(name: "Model", dependencies: ["Base"]),
                .executableTarget(name: "kit-tool", dependencies: ["Parser", "Model", "Base"])
                """
            ),
            app: """
                .executableTarget(name: "app", dependencies: [.product(name: "KitDynamic", package: "Kit"), .product(name: "Base", package: "Kit")])
                """)
        let edges = loaded.dependencies[loaded.index["app"]!].map { "\(loaded.targets[$0.target].name) \($0.dynamicLibrary ?? "static")" }
        #expect(edges == ["Parser KitDynamic", "Model KitDynamic", "Base static"])
        #expect(loaded.dependencies[loaded.index["kit-tool"]!].allSatisfy { $0.dynamicLibrary == nil })

        let result = StaticLinkedOnce().check(RuleInput(workspace: loaded))
        #expect(result.map(\.subject) == [DiagnosticSubject(source: "app", target: "Base")])
        #expect(
            result.first?.message
                == "in app 'app', static library 'Base' would be embedded in 2 images: 'app' (the app), 'KitDynamic' (dynamic); its types would be loaded twice at launch"
        )
        #expect(
            result.first?.notes.map(\.message) == [
                "embedded in 'app' through app → Base", "embedded in 'KitDynamic' through Parser → Base",
            ])
    }

    /// A target the dynamic library is built from, linked statically too, is loaded twice.
    @Test func aTargetOfADynamicLibraryAlsoLinkedStaticallyIsReported() async throws {
        let (workspace, loaded) = try await Self.kitAndApp(
            kit: (
                """
                .library(name: "KitDynamic", type: .dynamic, targets: ["Parser"]), .library(name: "ParserStatic", targets: ["Parser"])
                """,
                ".target(name: \"Parser\")"
            ),
            app: """
                .target(name: "Feature", dependencies: [.product(name: "ParserStatic", package: "Kit")]),
                .executableTarget(name: "app", dependencies: ["Feature", .product(name: "KitDynamic", package: "Kit")])
                """)
        let result = StaticLinkedOnce().check(RuleInput(workspace: loaded))
        #expect(result.map(\.subject) == [DiagnosticSubject(source: "app", target: "Parser")])
        #expect(
            result.first?.notes.map(\.message) == [
                "embedded in 'app' through app → Feature → Parser", "embedded in 'KitDynamic', which is built from it",
            ])
        #expect(result.first?.notes.last?.location?.path == workspace.root + "/App/Package.swift")
    }

    /// XcodeGen: App → Fw (a framework of the same project) → Lib (static, linked into the
    /// framework), and App → Lib: the app loads the framework, which embeds Lib, and embeds Lib too.
    @Test func aStaticLibraryInAFrameworkOfTheSameProjectAndInTheAppIsEmbeddedTwice() async throws {
        let workspace = try SourceWorkspace(
            manifest: "layers:\n  - { name: all, patterns: [\"*\"] }\nadopt: { packages: [], xcodegen: [App/project.yml] }\n",
            files: [
                "App/project.yml": """
                name: App
                targets:
                  App: { type: application, platform: iOS, sources: [App], dependencies: [{ target: Fw }, { target: Lib }] }
                  Fw: { type: framework, platform: iOS, sources: [Fw], dependencies: [{ target: Lib, link: true }] }
                  Lib: { type: library.static, platform: iOS, sources: [Lib] }
                """,
                "App/App/App.swift": "", "App/Fw/Fw.swift": "", "App/Lib/Lib.swift": "",
            ])
        defer { workspace.remove() }
        let findings = try await workspace.findings(of: StaticLinkedOnce())
        #expect(findings.count == 1)
        #expect(findings.first?.message.contains("'Lib'") == true, "\(findings.map(\.message))")
    }
}
