import StrataDiagnostics
import Testing

@testable import StrataSwiftPM

/// A target's dependencies edited in Package.swift text: each test shows before and exactly after.
@Suite struct PackageManifestEditorTests {
    private let path = "/w/Package.swift"
    private let manifest = """
        let package = Package(
            name: "Shop",
            targets: [
                .target(name: "Cart", dependencies: ["Ledger", .product(name: "Logging", package: "swift-log")]),
                .target(name: "Ledger"),
                .testTarget(name: "CartTests", dependencies: [
                    "Cart",
                    .target(name: "Ledger"),
                ]),
            ]
        )

        """

    @Test func addingGoesAtTheEndOfTheListOrMakesOne() throws {
        let added = try PackageManifestEditor.adding(.target("Pay"), toTarget: "Cart", in: manifest, path: path)
        #expect(added.contains(#".target(name: "Cart", dependencies: ["Ledger", .product(name: "Logging", package: "swift-log"), "Pay"]),"#))
        let product = try PackageManifestEditor.adding(
            .product(name: "Algorithms", package: "swift-algorithms"), toTarget: "Ledger", in: manifest, path: path)
        #expect(product.contains(#".target(name: "Ledger", dependencies: [.product(name: "Algorithms", package: "swift-algorithms")]),"#))
        let trailing = try PackageManifestEditor.adding(.target("Pay"), toTarget: "CartTests", in: manifest, path: path)
        #expect(trailing.contains("            .target(name: \"Ledger\"), \"Pay\",\n        ]),"))
    }

    @Test func removingTakesTheElementAndItsCommaAndUndoesAnAdd() throws {
        let removed = try PackageManifestEditor.removing("Logging", fromTarget: "Cart", in: manifest, path: path)
        #expect(removed.contains(#".target(name: "Cart", dependencies: ["Ledger"]),"#))
        let first = try PackageManifestEditor.removing("Ledger", fromTarget: "Cart", in: manifest, path: path)
        #expect(first.contains(#".target(name: "Cart", dependencies: [.product(name: "Logging", package: "swift-log")]),"#))
        let line = try PackageManifestEditor.removing("Ledger", fromTarget: "CartTests", in: manifest, path: path)
        #expect(line.contains("dependencies: [\n            \"Cart\",\n        ]),"))
        for target in ["Cart", "CartTests", "Ledger"] {
            let added = try PackageManifestEditor.adding(.target("Pay"), toTarget: target, in: manifest, path: path)
            if target == "Ledger" { continue }  // a new 'dependencies:' stays, empty, after the removal
            #expect(try PackageManifestEditor.removing("Pay", fromTarget: target, in: added, path: path) == manifest, "\(target)")
        }
    }

    @Test func aTargetMadeByHelperCodeOrAnUnlistedDependencyIsAClearError() {
        #expect {
            try PackageManifestEditor.adding(.target("X"), toTarget: "Made", in: "let t = [\"Made\"].map { Target.target(name: $0) }\n", path: path)
        } throws: { ($0 as? InputErrors)?.diagnostics.first?.id == "cannot-edit-package" }
        #expect {
            try PackageManifestEditor.removing("Nope", fromTarget: "Cart", in: manifest, path: path)
        } throws: { ($0 as? InputErrors)?.diagnostics.first?.id == "unknown-dependency" }
        #expect {
            try PackageManifestEditor.adding(.target("Ledger"), toTarget: "Cart", in: manifest, path: path)
        } throws: { ($0 as? InputErrors)?.diagnostics.first?.id == "already-a-dependency" }
    }
}
