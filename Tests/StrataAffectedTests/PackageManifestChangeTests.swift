import Foundation
import StrataAffected
import Testing

/// What an edit of a Package.swift changed: some targets' declarations, or what every target of
/// the package shares.
@Suite struct PackageManifestChangeTests {
    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let strict: [SwiftSetting] = [.enableUpcomingFeature("ExistentialAny")]

        let package = Package(
            name: "Shop",
            platforms: [.macOS(.v14)],
            products: [.library(name: "Cart", targets: ["Cart"])],
            targets: [
                .target(name: "Cart", dependencies: ["Money"], swiftSettings: strict),
                .target(name: "Money"),
                .testTarget(name: "CartTests", dependencies: ["Cart"]),
            ]
        )

        """

    static func change(_ edit: (String) -> String) -> PackageManifestChange {
        PackageManifestChange.between(Array(manifest.utf8), Array(edit(manifest).utf8))
    }

    @Test func commentsAndFormattingChangeNothing() {
        #expect(Self.change { $0.replacingOccurrences(of: "let package", with: "// the package\nlet  package") } == .targets([]))
    }

    @Test func aTrailingCommaChangesNothing() {
        #expect(Self.change { $0.replacingOccurrences(of: "dependencies: [\"Cart\"]),\n    ]", with: "dependencies: [\"Cart\"])\n    ]") } == .targets([]))
        #expect(Self.change { $0.replacingOccurrences(of: "[\"Money\"]", with: "[\"Money\",]") } == .targets([]))
    }

    @Test func reorderingTargetsChangesNothing() {
        let reordered = Self.change {
            $0.replacingOccurrences(of: "        .target(name: \"Money\"),\n", with: "").replacingOccurrences(
                of: "    targets: [\n", with: "    targets: [\n        .target(name: \"Money\"),\n")
        }
        #expect(reordered == .targets([]))
    }

    @Test func aDependencyOfOneTargetChangesThatTargetOnly() {
        #expect(Self.change { $0.replacingOccurrences(of: "[\"Money\"]", with: "[\"Money\", \"Tax\"]") } == .targets(["Cart"]))
    }

    @Test func aSettingOfOneTargetChangesThatTargetOnly() {
        let changed = Self.change {
            $0.replacingOccurrences(of: ".target(name: \"Money\")", with: ".target(name: \"Money\", swiftSettings: [.define(\"CENTS\")])")
        }
        #expect(changed == .targets(["Money"]))
    }

    @Test func aNewTargetChangesOnlyItself() {
        #expect(Self.change { $0.replacingOccurrences(of: "        .target(name: \"Money\"),\n", with: "        .target(name: \"Money\"),\n        .target(name: \"Tax\"),\n") } == .targets(["Tax"]))
    }

    @Test(arguments: [
        ("platforms: [.macOS(.v14)]", "platforms: [.macOS(.v15)]"),
        ("[.enableUpcomingFeature(\"ExistentialAny\")]", "[]"),
        ("name: \"Cart\", targets", "name: \"Cart\", type: .dynamic, targets"),
        ("// swift-tools-version: 6.0", "// swift-tools-version: 6.1"),
    ])
    func whatEveryTargetSharesChangesTheWholePackage(old: String, new: String) {
        guard case .wholePackage = Self.change({ $0.replacingOccurrences(of: old, with: new) }) else {
            Issue.record("'\(old)' → '\(new)' should change the whole package")
            return
        }
    }

    @Test func targetsBuiltInCodeAreThePackagesPart() {
        let looped = """
            let package = Package(name: "P", targets: ["A", "B"].map { .target(name: $0) })
            """
        #expect(PackageManifestChange.between(Array(looped.utf8), Array(looped.replacingOccurrences(of: "\"B\"]", with: "\"B\", \"C\"]").utf8)) == .wholePackage(reason: "a declaration every target shares changed"))
    }
}
