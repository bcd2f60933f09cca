import Foundation
import StrataDiagnostics
import StrataProjectFormat
import StrataSwiftPM
import StrataWorkspaceTestSupport
import Testing

@Suite struct StaticPackageReaderTests {
    /// Reads `text`, which gets the tools-version line SwiftPM requires unless it has one.
    private func read(_ text: String) -> PackageManifestReader.StaticResult {
        let manifest = text.hasPrefix("// swift-tools-version") ? text : "// swift-tools-version: 5.9\n" + text
        return PackageManifestReader.readStatically(path: "/pkg/Package.swift", bytes: Array(manifest.utf8))
    }

    private func uncertainReason(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        guard case .uncertain(let reason, _) = read(text) else {
            Issue.record("expected the static reader to be unsure", sourceLocation: sourceLocation)
            return nil
        }
        return reason
    }

    @Test func theCommonDeclarativeFormIsReadCompletely() throws {
        guard case .read(let manifest) = try PackageManifestReader.readStatically(path: Fixtures.path("Adopt/RootPackage/Package.swift")) else {
            Issue.record("the root fixture should be read statically")
            return
        }
        #expect(manifest.name == "RootPackage")
        #expect(manifest.products.map(\.name) == ["SearchFeature", "Network", "AppLogging", "shop"])
        #expect(manifest.products[1].kind == .library(.dynamic))
        #expect(manifest.products[3].kind == .executable)
        #expect(manifest.dependencies.map(\.identity) == ["swift-log", "swift-collections"])
        let search = try #require(manifest.targets.first { $0.name == "SearchFeature" })
        #expect(
            search.dependencies.map(\.reference) == [
                .byName("Logging"), .byName("CatalogServiceInterface"), .product("OrderedCollections", package: "swift-collections"),
            ])
        let checkout = try #require(manifest.targets.first { $0.name == "CheckoutFeature" })
        #expect(checkout.dependencies.map(\.reference) == [.target("CatalogServiceInterface"), .byName("Storage")])
        let storage = try #require(manifest.targets.first { $0.name == "Storage" })
        #expect(storage.sources == ["Store.swift", "Migrations"])
        let catalog = try #require(manifest.targets.first { $0.name == "CatalogService" })
        #expect(catalog.exclude == ["README.md"])
        #expect(manifest.targets.first { $0.name == "ShopApp" }?.path == "Apps/Shop")
        #expect(manifest.targets.filter { $0.kind == .test }.count == 2)
    }

    @Test func locationsPointAtTargetNamesAndDependencyEntries() throws {
        let text = """
            // swift-tools-version: 6.0
            import PackageDescription
            let package = Package(name: "P", targets: [
                .target(name: "A", dependencies: ["B"]),
                .target(name: "B"),
            ])
            """
        guard case .read(let manifest) = read(text) else { Issue.record("not read"); return }
        #expect(manifest.targets[0].location == SourceLocation(path: "/pkg/Package.swift", line: 4, column: 19))
        #expect(manifest.targets[0].dependencies[0].location == SourceLocation(path: "/pkg/Package.swift", line: 4, column: 39))
    }

    @Test func localPathsAreResolvedAgainstThePackageFolder() {
        let text = #"let package = Package(name: "P", dependencies: [.package(path: "../Shared/Network"), .package(name: "Kit", path: "Kit")])"#
        guard case .read(let manifest) = read(text) else { Issue.record("not read"); return }
        #expect(manifest.dependencies.map(\.source) == [.fileSystem("/Shared/Network"), .fileSystem("/pkg/Kit")])
        #expect(manifest.dependencies.map(\.identity) == ["network", "kit"])
        #expect(manifest.dependencies[1].isReferenced(by: "Kit"))
    }

    @Test func varsNothingChangesAndExtensionHelpersAreReadStatically() throws {
        let text = PackageReaderOracleTests.helpersManifest
        guard case .read(let manifest) = read(text) else {
            Issue.record("not read: \(uncertainReason(text) ?? "")")
            return
        }
        #expect(
            manifest.targets[1].dependencies.map(\.reference) == [
                .product("Logging", package: "swift-log"), .byName("Core"), .product("OrderedCollections", package: "swift-collections"),
            ])
    }

    @Test(arguments: [
        (
            "var targets: [Target] = []\nlet setUp: Void = { targets = [.target(name: \"X\")] }()\nlet package = Package(name: \"P\", targets: targets)",
            "a 'var' that code the reader does not evaluate may change"
        ),
        (
            "extension Target.Dependency {\n  static func make() -> Self { \"A\" }\n}\nlet package = Package(name: \"P\")",
            "other than a static constant"
        ),
        ("extension Target.Dependency {\n  static var shared = \"A\"\n}\nlet package = Package(name: \"P\")", "a stored 'static var'"),
        (
            "extension Target.Dependency { static let a: Self = \"A\" }\nextension Product { static let a = 1 }\nlet package = Package(name: \"P\", targets: [.target(name: \"X\", dependencies: [.a])])",
            "'a' is declared by two extensions"
        ),
        ("let package = Package(name: \"P\")\nfor t in package.targets { t.swiftSettings = [] }", "a statement starting with 'for'"),
        ("let package = Package(name: \"P\")\npackage.targets.append(.target(name: \"X\"))", "a statement starting with 'package'"),
        ("#if arch(arm64)\nlet x = 1\n#endif\nlet package = Package(name: \"P\")", "'#if arch(arm64)', which Strata cannot decide"),
        ("#if os(Linux)\nlet x = 1\nlet package = Package(name: \"P\")", "an '#if' without '#endif'"),
        ("let n = \"A\"\nlet package = Package(name: \"P\", targets: [.target(name: \"\\(n)Kit\")])", "string interpolation"),
        ("func make() -> [Target] { [] }\nlet package = Package(name: \"P\", targets: make())", "a statement starting with 'func'"),
        ("let package = Package(name: \"P\", targets: makeTargets())", "not an array literal"),
        ("let package = Package(name: \"P\", targets: [.target(name: env)])", "a reference to 'env'"),
        ("let a = b\nlet b = a\nlet package = Package(name: \"P\", targets: a)", "refers to itself"),
        (
            "let package = Package(name: \"P\", targets: [.customTarget(name: \"X\")])",
            "'customTarget(name:)', which PackageDescription does not declare"
        ),
        (
            "let package = Package(name: \"P\", targets: [.target(name: \"X\", dependencies: [\"A\": 1])])",
            "target dependencies that are not an array literal"
        ),
        ("let package = Package(name: \"P\", targets: [.target(name: \"unterminated])", "unterminated string"),
        ("import PackageDescription\n", "no 'let package = Package"),
        ("let products: [Product]\nif flag {\n  products = []\n}\nlet package = Package(name: \"P\", products: products)", "a 'let' without a value"),
        ("let package = Package(name: \"P\", targets: isEnabled() ? [] : [])", "a '?:' whose condition is not a constant true or false"),
        ("let flag = true\nlet package = Package(name: \"P\", targets: flag ? [] [])", "a '?' without its ':'"),
        (
            "var targets: [Target] {\n  let base = \"A\"\n  return [.target(name: base)]\n}\nlet package = Package(name: \"P\", targets: targets)",
            "a computed property of more than one expression"
        ),
        // The environment: only a variable named by a literal, compared with a string or nil.
        ("let key = \"CI\"\nlet package = Package(name: Context.environment[key] == nil ? \"P\" : \"Q\")", "a subscript"),
        ("let package = Package(name: \"P\", targets: Context.environment[\"CI\"] == Context.environment ? [] : [])", "the operator '=='"),
        ("let package = Package(name: Context.environment[\"NAME\"] ?? \"P\")", "the operator '??'"),
        ("let package = Package(name: Context.environment[\"NAME\"]!)", "an optional unwrap"),
        ("let package = Package(name: Context.environment[\"NAME\"])", "package name"),
    ])
    func anythingOutsideTheDeclarativeFormMakesTheReaderUnsure(text: String, expectedReason: String) {
        let reason = uncertainReason(text)
        #expect(reason?.contains(expectedReason) == true, "reason was: \(reason ?? "none")")
    }

    @Test func truncatedManifestsNeverCrashTheReader() throws {
        let text = try String(contentsOfFile: Fixtures.path("Adopt/RootPackage/Package.swift"), encoding: .utf8)
        let bytes = Array(text.utf8)
        var read = 0
        for end in stride(from: 0, through: bytes.count, by: 3) {
            if case .read = PackageManifestReader.readStatically(path: "/pkg/Package.swift", bytes: Array(bytes[..<end])) { read += 1 }
        }
        // Only (nearly) the whole file is a complete manifest.
        #expect(read <= 2)
    }

    @Test(arguments: [
        ("import PackageDescription\nlet package = Package(name: \"P\")", "the first line is not '// swift-tools-version:…'"),
        ("// swift-tools-version: 99.0\nlet package = Package(name: \"P\")", "swift-tools-version 99.0 is outside the versions this reader knows"),
        ("// swift-tools-version:3.1\nlet package = Package(name: \"P\")", "swift-tools-version 3.1 is outside"),
        ("// swift-tools-version: six\nlet package = Package(name: \"P\")", "'six' is not a version"),
    ])
    func aToolsVersionTheReaderDoesNotKnowIsLeftToSwiftPM(text: String, expectedReason: String) {
        guard case .uncertain(let reason, _) = PackageManifestReader.readStatically(path: "/pkg/Package.swift", bytes: Array(text.utf8)) else {
            Issue.record("expected the static reader to be unsure")
            return
        }
        #expect(reason.contains(expectedReason), "reason was: \(reason)")
    }

    @Test func toolsVersionsWithinTheKnownRangeAreRead() {
        for header in ["// swift-tools-version:5.9", "// swift-tools-version: 6.0", "// swift-tools-version:6.3.0", "// Swift-Tools-Version: 4.2"] {
            guard case .read = read(header + "\nlet package = Package(name: \"P\")") else {
                Issue.record("'\(header)' was not read")
                continue
            }
        }
    }

    @Test func deeplyNestedInputIsRefusedRatherThanOverflowingTheStack() {
        let text = "let package = Package(name: \"P\", targets: " + String(repeating: "[", count: 50_000) + ")"
        #expect(uncertainReason(text) != nil)
    }
}
