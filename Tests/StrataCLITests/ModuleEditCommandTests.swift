import Foundation
import StrataWorkspaceTestSupport
import Testing

/// The daily edits as users run them: add, move and remove, each checked, all undone by the
/// opposite edit so that the workspace comes back byte for byte, in both layouts.
@Suite struct ModuleEditCommandTests {
    /// Every file under `root` (build products left out) with its contents.
    static func files(_ root: String) -> [String: Data] {
        var result: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return result }
        while let relative = walker.nextObject() as? String {
            if relative.hasPrefix(".build") { walker.skipDescendants(); continue }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue {
                result[relative] = FileManager.default.contents(atPath: root + "/" + relative)
            }
        }
        return result
    }

    static func strata(
        _ arguments: [String], in folder: String, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> StrataBinary.Result {
        try await StrataBinary.run(arguments, in: folder, sourceLocation: sourceLocation)
    }

    /// Records each file of `before` that `after` lacks, has more of, or holds otherwise.
    static func expectSameFiles(
        _ before: [String: Data], _ after: [String: Data], _ when: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(Set(after.keys) == Set(before.keys), "\(Set(after.keys).symmetricDifference(before.keys).sorted())", sourceLocation: sourceLocation)
        for (path, data) in before where after[path] != data {
            Issue.record("\(path) differs \(when):\n\(String(decoding: after[path] ?? Data(), as: UTF8.self))", sourceLocation: sourceLocation)
        }
    }

    @Test func issRoundTripNewAddMoveRemoveLeavesEveryFileAsItWas() async throws {
        let copy = try Fixtures.copyOfISS("strata-edits-iss")
        defer { Fixtures.removeCopy(ofISS: copy) }
        _ = try await Self.strata(["generate", "--quiet"], in: copy)
        let before = Self.files(copy)

        let created = try await Self.strata(
            ["new", "module", "Telescope", "--layer", "service", "--interface", "--mocks", "-d", "RadioCore,Logging", "--quiet"], in: copy)
        #expect(created.status == 0, "\(created.stderr)")

        // A dependency the rules allow, written into Spacesuit's flow list.
        let dryRun = try await Self.strata(["add", "dependency", "Spacesuit", "TelescopeCore", "--dry-run"], in: copy)
        #expect(dryRun.status == 0)
        #expect(
            dryRun.stdout.contains(
                "-    dependencies: [SpacesuitServiceCore, UIComponents, Logging]\n+    dependencies: [SpacesuitServiceCore, UIComponents, Logging, TelescopeCore]"
            ))
        let added = try await Self.strata(["add", "dependency", "Spacesuit", "TelescopeCore"], in: copy)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("'Spacesuit' depends on 'TelescopeCore' now; updated strata.yml"))
        #expect(try String(contentsOfFile: copy + "/Package.swift", encoding: .utf8).contains("\"TelescopeCore\""))

        // One the rules forbid is refused with its findings, and nothing changes.
        let stateAfterAdd = Self.files(copy)
        let upward = try await Self.strata(["add", "dependency", "Logging", "Telescope"], in: copy)
        #expect(upward.status == 2)
        #expect(upward.stderr.contains("error: [layer-direction] 'Logging' (shared) depends on 'Telescope' (service), which is in a higher layer"))
        #expect(upward.stderr.contains("nothing was written"))
        #expect(Self.files(copy) == stateAfterAdd)

        // Moving down to core is allowed; to shared, Telescope's link to Logging breaks same-layer: refused.
        let moved = try await Self.strata(["mv", "module", "Telescope", "--layer", "core"], in: copy)
        #expect(moved.status == 0, "\(moved.stderr)")
        let refused = try await Self.strata(["mv", "module", "Telescope", "--layer", "shared"], in: copy)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("[same-layer] 'Telescope' depends on 'Logging', another module in layer 'shared'"))
        #expect(refused.stderr.contains("move it anyway with --force"))
        let check = try await Self.strata(["check", "--quiet"], in: copy)
        #expect(check.status == 0, "\(check.stdout)")

        // Removing is refused while Spacesuit uses it, listing where.
        let inUse = try await Self.strata(["rm", "module", "Telescope"], in: copy)
        #expect(inUse.status == 2)
        #expect(inUse.stderr.contains("error: [module-in-use] 'Telescope' cannot be removed: Spacesuit, SpacesuitTests depend on it"))
        #expect(inUse.stderr.contains("note: 'Spacesuit' depends on 'TelescopeCore'"))

        // Undo it all: the workspace is as it was, byte for byte.
        for arguments in [
            ["rm", "dependency", "Spacesuit", "TelescopeCore"], ["mv", "module", "Telescope", "--layer", "service"], ["rm", "module", "Telescope"],
        ] {
            let result = try await Self.strata(arguments, in: copy)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        Self.expectSameFiles(before, Self.files(copy), "after the round trip")
        #expect(!FileManager.default.fileExists(atPath: copy + "/Sources/Telescope"))
    }

    @Test func packagesLayoutRoundTripBuildsAndChecksClean() async throws {
        let workspace = try TemporaryWorkspace(
            """
            name: Shop
            layers: [feature, core]
            naming: { interface: "{module}Core" }
            modules:
              Cart:
                layer: feature
                dependencies: [PaymentsCore]
              Payments: { layer: core, interface: true, mocks: true }
            owners:
              "@shop/checkout": [Cart, Payments]
            generate: { layout: packages }

            """, label: "strata-edits-packages")
        try workspace.write("Packages/Cart/Sources/Cart/Cart.swift", "import PaymentsCore\npublic struct Cart { public init() {} }\n")
        try workspace.write("Packages/Payments/Sources/PaymentsCore/Paying.swift", "public protocol Paying {}\n")
        try workspace.write(
            "Packages/Payments/Sources/Payments/Payments.swift", "import PaymentsCore\npublic struct Payments: Paying { public init() {} }\n")
        try workspace.write(
            "Packages/Payments/Sources/PaymentsMocks/MockPayments.swift",
            "import PaymentsCore\npublic struct MockPayments: Paying { public init() {} }\n")
        try workspace.write("Packages/Cart/Tests/CartTests/CartTests.swift", "import Testing\nimport Cart\n@Test func cart() { _ = Cart() }\n")
        try workspace.write(
            "Packages/Payments/Tests/PaymentsTests/PaymentsTests.swift", "import Testing\nimport Payments\n@Test func payments() { _ = Payments() }\n"
        )
        let generated = try await Self.strata(["generate", "--quiet"], in: workspace.root)
        #expect(generated.status == 0, "\(generated.stderr)")
        let before = Self.files(workspace.root)

        let created = try await Self.strata(["new", "module", "Wishlist", "--layer", "feature", "-d", "PaymentsCore", "--quiet"], in: workspace.root)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(workspace.exists("Packages/Wishlist/Package.swift"))
        let added = try await Self.strata(["add", "dependency", "Cart", "Wishlist", "--force"], in: workspace.root)
        // Cart → Wishlist inside the feature layer breaks same-layer: it goes in only with --force, as a finding.
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("[same-layer] 'Cart' depends on 'Wishlist'"))
        #expect(workspace.read("Packages/Cart/Package.swift")?.contains("Wishlist") == true)
        for arguments in [["rm", "dependency", "Cart", "Wishlist"], ["rm", "module", "Wishlist"]] {
            let result = try await Self.strata(arguments, in: workspace.root)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        Self.expectSameFiles(before, Self.files(workspace.root), "after the round trip")
        #expect(!workspace.exists("Packages/Wishlist"))

        // Renaming in the packages layout moves the package folder and rewrites the imports; it builds.
        let renamed = try await Self.strata(["mv", "module", "Payments", "Billing"], in: workspace.root)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(workspace.exists("Packages/Billing/Sources/BillingCore/Paying.swift") && !workspace.exists("Packages/Payments"))
        #expect(workspace.read("Packages/Cart/Sources/Cart/Cart.swift") == "import BillingCore\npublic struct Cart { public init() {} }\n")
        #expect(workspace.read("strata.yml")?.contains("\"@shop/checkout\": [Cart, Billing]") == true)
        let renamedBuild = try await StrataBinary.run(
            [], in: workspace.root, shell: "swift build \(ThrowawayBuild.flags) --package-path Packages/Cart 2>&1")
        #expect(renamedBuild.status == 0, "\(renamedBuild.stdout.suffix(2_000))")
        #expect(try await Self.strata(["mv", "module", "Billing", "Payments"], in: workspace.root).status == 0)

        // Removing Payments drops it from the owners too, once Cart no longer needs it.
        let inUse = try await Self.strata(["rm", "module", "Payments"], in: workspace.root)
        #expect(inUse.status == 2 && inUse.stderr.contains("'Payments' cannot be removed: Cart, CartTests depend on it"))
        _ = try await Self.strata(["rm", "dependency", "Cart", "PaymentsCore"], in: workspace.root)
        try workspace.write("Packages/Cart/Sources/Cart/Cart.swift", "public struct Cart { public init() {} }\n")
        let removed = try await Self.strata(["rm", "module", "Payments"], in: workspace.root)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(workspace.read("strata.yml")?.contains("\"@shop/checkout\": [Cart]") == true)
        #expect(!workspace.exists("Packages/Payments"))

        let check = try await Self.strata(["check"], in: workspace.root)
        #expect(check.status == 0 && check.stdout.contains("no violations"), "\(check.stdout)")
        let build = try await StrataBinary.run([], in: workspace.root, shell: "swift build \(ThrowawayBuild.flags) --package-path Packages/Cart 2>&1")
        #expect(build.status == 0, "\(build.stdout.suffix(2_000))")
    }

    @Test func renamingAModuleMovesItsFoldersRewritesImportsAndRenamingBackRestoresEveryByte() async throws {
        let copy = try Fixtures.copyOfISS("strata-rename-iss")
        defer { Fixtures.removeCopy(ofISS: copy) }
        _ = try await Self.strata(["generate", "--quiet"], in: copy)
        let before = Self.files(copy)

        let dryRun = try await Self.strata(["mv", "module", "Radio", "Antenna", "--dry-run"], in: copy)
        #expect(dryRun.status == 0, "\(dryRun.stderr)")
        #expect(dryRun.stdout.contains("-  Radio:               { layer: core,"))
        #expect(dryRun.stdout.contains("+  Antenna:             { layer: core,"))
        #expect(
            dryRun.stdout.contains("-    dependencies: [NetworkCore, RadioCore, Logging]\n+    dependencies: [NetworkCore, AntennaCore, Logging]"))
        #expect(dryRun.stdout.contains("-import Radio\n+import Antenna"))
        #expect(Self.files(copy) == before)

        let renamed = try await Self.strata(["mv", "module", "Radio", "Antenna"], in: copy)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(renamed.stderr.contains("renamed 'Radio' to 'Antenna' (4 targets, 6 files moved,"))
        for folder in ["Sources/Antenna", "Sources/AntennaCore", "Sources/AntennaMocks", "Tests/AntennaTests"] {
            #expect(FileManager.default.fileExists(atPath: copy + "/" + folder), "\(folder)")
        }
        #expect(!FileManager.default.fileExists(atPath: copy + "/Sources/Radio"))
        #expect(!FileManager.default.fileExists(atPath: copy + "/Sources/RadioCore"))
        let manifest = try String(contentsOfFile: copy + "/strata.yml", encoding: .utf8)
        #expect(!manifest.contains("Radio:") && !manifest.contains("RadioCore"))
        let check = try await Self.strata(["check", "--quiet"], in: copy)
        #expect(check.status == 0, "\(check.stdout)")

        // A name that is taken is refused.
        let taken = try await Self.strata(["mv", "module", "Antenna", "Network"], in: copy)
        #expect(taken.status == 2 && taken.stderr.contains("[duplicate-target]"))

        let back = try await Self.strata(["mv", "module", "Antenna", "Radio"], in: copy)
        #expect(back.status == 0, "\(back.stderr)")
        Self.expectSameFiles(before, Self.files(copy), "after renaming back")
    }

    /// A product of a package strata.yml takes from a folder must be one the package has:
    /// SwiftPM would refuse the generated Package.swift otherwise.
    @Test func addingAProductTheLocalPackageLacksIsRefused() async throws {
        let copy = try Fixtures.copyOfISS("strata-add-product")
        defer { Fixtures.removeCopy(ofISS: copy) }
        let before = Self.files(copy)
        let refused = try await Self.strata(["add", "dependency", "Spacesuit", "StrataRuntime/StrataRoutin"], in: copy)
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(
            refused.stderr.contains("error: [unknown-product] package 'StrataRuntime' (../../StrataRuntime) has no product 'StrataRoutin'"),
            "\(refused.stderr)")
        #expect(refused.stderr.contains("did you mean 'StrataRouting'?"), "\(refused.stderr)")
        let nope = try await Self.strata(["add", "dependency", "Spacesuit", "StrataRuntime/Nope"], in: copy)
        #expect(nope.status == 2 && nope.stderr.contains("its products are: StrataDI, StrataRouting"), "\(nope.stderr)")
        #expect(Self.files(copy) == before)
        let added = try await Self.strata(["add", "dependency", "Radio", "StrataRuntime/StrataRouting"], in: copy)
        #expect(added.status == 0, "\(added.stderr)")
    }

    @Test func aRenameKeepsModesAndMovesLinksAsLinks() async throws {
        let copy = try Fixtures.copyOfISS("strata-rename-modes")
        defer { Fixtures.removeCopy(ofISS: copy) }
        _ = try await Self.strata(["generate", "--quiet"], in: copy)
        chmod(copy + "/Sources/Radio/RadioLink.swift", 0o600)
        chmod(copy + "/Sources/RadioCore/Telemetry.swift", 0o444)
        try "notes\n".write(toFile: copy + "/Sources/Radio/.notes", atomically: true, encoding: .utf8)
        #expect(symlink("../RadioCore/RadioFrame.swift", copy + "/Sources/Radio/Frame.swift") == 0)
        let renamed = try await Self.strata(["mv", "module", "Radio", "Antenna"], in: copy)
        #expect(renamed.status == 0, "\(renamed.stderr)")
        func mode(_ path: String) -> mode_t {
            var info = stat()
            return stat(copy + "/" + path, &info) == 0 ? info.st_mode & 0o7777 : 0
        }
        // RadioLink.swift has its imports rewritten and moves; Telemetry.swift only moves.
        #expect(mode("Sources/Antenna/RadioLink.swift") == 0o600)
        #expect(mode("Sources/AntennaCore/Telemetry.swift") == 0o444)
        #expect(try String(contentsOfFile: copy + "/Sources/Antenna/.notes", encoding: .utf8) == "notes\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: copy + "/Sources/Antenna/Frame.swift") == "../AntennaCore/RadioFrame.swift")
        #expect(!FileManager.default.fileExists(atPath: copy + "/Sources/Radio"))
    }

    /// As root, permissions do not bite: the copy is given to 'nobody', who runs the command (setpriv, util-linux).
    static func unprivileged(_ copy: String) -> String {
        guard getuid() == 0 else { return "" }
        _ = chownTree(copy, to: 65534)
        return "setpriv --reuid=65534 --regid=65534 --clear-groups "
    }

    static func chownTree(_ root: String, to user: uid_t) -> Bool {
        var ok = lchown(root, user, gid_t(user)) == 0
        for path in FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? [] {
            ok = lchown(root + "/" + path, user, gid_t(user)) == 0 && ok
        }
        return ok
    }

    @Test func aRenameThatCannotReadOrRemoveAFileRefusesBeforeChangingAnything() async throws {
        let copy = try Fixtures.copyOfISS("strata-rename-unreadable")
        defer { Fixtures.removeCopy(ofISS: copy) }
        _ = try await Self.strata(["generate", "--quiet"], in: copy)
        let user = Self.unprivileged(copy)
        let before = Self.files(copy)
        // What each case makes unreadable or unremovable, how, and the error it must give.
        let cases: [(path: String, mode: String, restore: String, error: String)] = [
            (
                "Sources/Radio/RadioLink.swift", "000", "644",
                "[unreadable-file] cannot read '\(copy)/Sources/Radio/RadioLink.swift': Permission denied"
            ),
            (
                "Sources/OverviewApp/main.swift", "000", "644",
                "[unreadable-file] cannot read '\(copy)/Sources/OverviewApp/main.swift': Permission denied"
            ),
            ("Sources/RadioMocks", "000", "755", "[unreadable-file] cannot read '\(copy)/Sources/RadioMocks': Permission denied"),
            (
                "Sources/RadioCore", "555", "755",
                "[write-failed] cannot write '\(copy)/Sources/RadioCore/RadioFrame.swift': cannot remove it: Permission denied"
            ),
        ]
        for (path, mode, restore, error) in cases {
            let run = try await StrataBinary.run(
                [], in: copy,
                shell:
                    "chmod \(mode) \(path) && \(user)'\(StrataBinary.path)' mv module Radio Antenna; status=$?; chmod \(restore) \(path); exit $status"
            )
            #expect(run.status == 2, "\(path): \(run.stderr)")
            #expect(run.stderr.contains(error), "\(path): \(run.stderr)")
            #expect(run.stderr.contains("hint: nothing was changed"), "\(path): \(run.stderr)")
            Self.expectSameFiles(before, Self.files(copy), "after a refused rename (\(path))")
            #expect(!FileManager.default.fileExists(atPath: copy + "/.strata"), "\(path)")
        }
        // With everything readable again, the same user renames it.
        let renamed = try await StrataBinary.run([], in: copy, shell: "\(user)'\(StrataBinary.path)' mv module Radio Antenna")
        #expect(renamed.status == 0, "\(renamed.stderr)")
    }

    @Test func checkFixDeclaresImportsDropsUnusedDependenciesAndTheWorkspaceBuilds() async throws {
        let workspace = try TemporaryWorkspace(
            """
            name: Shop
            layers: [feature, core]
            naming: { interface: "{module}Core" }
            modules:
              Cart:
                layer: feature
                dependencies:
                  - Ledger
                tests: true
              Payments: { layer: core, interface: true, mocks: true }
              Ledger: { layer: core }

            """, label: "strata-fix")
        // Cart imports PaymentsCore without declaring it and never imports Ledger; its tests import the mocks.
        try workspace.write(
            "Sources/Cart/Cart.swift", "import PaymentsCore\npublic struct Cart { public var paying: (any Paying)?; public init() {} }\n")
        try workspace.write("Sources/PaymentsCore/Paying.swift", "public protocol Paying {}\n")
        try workspace.write("Sources/Payments/Payments.swift", "import PaymentsCore\npublic struct Payments: Paying { public init() {} }\n")
        try workspace.write(
            "Sources/PaymentsMocks/MockPayments.swift", "import PaymentsCore\npublic struct MockPayments: Paying { public init() {} }\n")
        try workspace.write("Sources/Ledger/Ledger.swift", "public enum Ledger {}\n")
        try workspace.write(
            "Tests/CartTests/CartTests.swift",
            "import Testing\nimport Cart\nimport PaymentsMocks\n@Test func cart() { _ = Cart(); _ = MockPayments() }\n")
        try workspace.write("Tests/PaymentsTests/PaymentsTests.swift", "import Testing\nimport Payments\n@Test func payments() { _ = Payments() }\n")
        try workspace.write("Tests/LedgerTests/LedgerTests.swift", "import Testing\nimport Ledger\n@Test func ledger() {}\n")
        _ = try await Self.strata(["generate", "--quiet"], in: workspace.root)

        let before = try await Self.strata(["check"], in: workspace.root)
        #expect(before.status == 1)
        #expect(before.stdout.contains("[implicit-import] 'Cart' imports 'PaymentsCore'"))
        #expect(before.stdout.contains("[implicit-import] 'CartTests' imports 'PaymentsMocks'"))
        #expect(before.stdout.contains("[unused-dependency] 'Cart' depends on 'Ledger'"))

        let dryRun = try await Self.strata(["check", "--fix", "--dry-run"], in: workspace.root)
        #expect(dryRun.status == 1)
        #expect(dryRun.stderr.contains("dry run; nothing was written (made 3 of 3 fixes)"))
        #expect(workspace.read("strata.yml")?.contains("  - Ledger") == true)

        let fixed = try await Self.strata(["check", "--fix"], in: workspace.root)
        #expect(fixed.status == 0, "\(fixed.stdout)\n\(fixed.stderr)")
        #expect(fixed.stdout.contains("-      - Ledger"))
        #expect(fixed.stdout.contains("no violations"))
        let manifest = workspace.read("strata.yml") ?? ""
        #expect(manifest.contains("    dependencies:\n      - PaymentsCore\n"))
        #expect(manifest.contains("    tests: { dependencies: [PaymentsMocks] }"))

        let build = try await StrataBinary.run([], in: workspace.root, shell: "swift build \(ThrowawayBuild.flags) --build-tests 2>&1")
        #expect(build.status == 0, "\(build.stdout.suffix(2_000))")
        let again = try await Self.strata(["check", "--fix"], in: workspace.root)
        #expect(again.status == 0 && again.stderr.contains("nothing to fix"))
    }

    /// `--fix` writes as every other command does: under the workspace lock, and not at all when
    /// the lock cannot be taken (here a folder its user may search and write but not read).
    @Test func checkFixStopsWhenItCannotTakeTheWorkspaceLock() async throws {
        let workspace = try TemporaryWorkspace(
            """
            name: Shop
            layers: [feature, core]
            modules:
              Cart: { layer: feature, dependencies: [Ledger] }
              Ledger: { layer: core }

            """, label: "strata-fix-lock")
        try workspace.write("Sources/Cart/Cart.swift", "public enum Cart {}\n")
        try workspace.write("Sources/Ledger/Ledger.swift", "public enum Ledger {}\n")
        _ = try await Self.strata(["generate", "--quiet"], in: workspace.root)
        let manifest = workspace.read("strata.yml")
        let user = Self.unprivileged(workspace.root)
        let run = try await StrataBinary.run(
            [], in: workspace.root, shell: "chmod 333 . && \(user)'\(StrataBinary.path)' check --fix; status=$?; chmod 755 .; exit $status")
        #expect(run.status == 2, "\(run.stdout)\n\(run.stderr)")
        #expect(run.stderr.contains("[workspace-locked]") && run.stderr.contains("hint: nothing was changed"), "\(run.stderr)")
        #expect(workspace.read("strata.yml") == manifest)
    }

    @Test func inAdoptModeTheFixesGoIntoThePackageSwiftFilesAndTheyBuild() async throws {
        let root = try Fixtures.temporaryFolder("strata-fix-adopt")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/w"
        try FileManager.default.copyItem(atPath: Fixtures.path("Adopt/LocalPackages"), toPath: folder)
        // Suit no longer uses Logging; its tests import NetworkInterface without declaring it.
        try
            "import NetworkInterface\n\npublic struct Suit {\n    let client: any Client\n    public init(client: any Client) { self.client = client }\n    public func check() { _ = client.fetch(\"suit\") }\n}\n"
            .write(toFile: folder + "/Packages/Suit/Sources/Suit/Suit.swift", atomically: true, encoding: .utf8)
        let testFile = folder + "/Packages/Suit/Tests/SuitTests/SuitTests.swift"
        try ("import NetworkInterface\n" + String(contentsOfFile: testFile, encoding: .utf8)).write(
            toFile: testFile, atomically: true, encoding: .utf8)

        let before = try await Self.strata(["check"], in: folder)
        #expect(before.status == 1)
        #expect(before.stdout.contains("[implicit-import] 'SuitTests' imports 'NetworkInterface'"))
        #expect(before.stdout.contains("[unused-dependency] 'Suit' depends on 'Logging'"))

        let fixed = try await Self.strata(["check", "--fix"], in: folder)
        #expect(fixed.status == 0, "\(fixed.stdout)\n\(fixed.stderr)")
        let manifest = try String(contentsOfFile: folder + "/Packages/Suit/Package.swift", encoding: .utf8)
        #expect(
            manifest.contains(
                """
                        .target(name: "Suit", dependencies: [
                            .product(name: "NetworkInterface", package: "Network"),
                        ]),
                        .testTarget(name: "SuitTests", dependencies: ["Suit", .product(name: "NetworkMocks", package: "Network"), .product(name: "NetworkInterface", package: "network")]),
                """), "\(manifest)")
        #expect(fixed.stdout.contains("-            \"Logging\",\n"))
        #expect(fixed.stdout.contains("no violations"))
        let build = try await StrataBinary.run(
            [], in: folder, shell: "swift build \(ThrowawayBuild.flags) --build-tests --package-path Packages/Suit 2>&1")
        #expect(build.status == 0, "\(build.stdout.suffix(2_000))")

        // strata add/rm dependency edit the Package.swift too.
        let added = try await Self.strata(["add", "dependency", "Suit", "Logging"], in: folder)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            try String(contentsOfFile: folder + "/Packages/Suit/Package.swift", encoding: .utf8).contains(
                ".product(name: \"Logging\", package: \"logging\")"))
        let removed = try await Self.strata(["rm", "dependency", "Suit", "Logging"], in: folder)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try String(contentsOfFile: folder + "/Packages/Suit/Package.swift", encoding: .utf8) == manifest)
    }

    @Test func editsNeedAGenerateModeWorkspaceAndKnownNames() async throws {
        let unknown = try await Self.strata(["add", "dependency", "Spacesut", "RadioCore", "--dry-run"], in: Fixtures.iss)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("error: [unknown-module] there is no module 'Spacesut' in strata.yml"))
        #expect(unknown.stderr.contains("did you mean 'Spacesuit'?"))
        let layer = try await Self.strata(["mv", "module", "Radio", "--layer", "cor", "--dry-run"], in: Fixtures.iss)
        #expect(layer.status == 2 && layer.stderr.contains("did you mean 'core'?"))
        let adopt = try await Self.strata(["rm", "module", "Network", "--dry-run"], in: Fixtures.path("Adopt/LocalPackages"))
        #expect(adopt.status == 2)
        #expect(adopt.stderr.contains("[adopt-mode] strata rm module edits strata.yml's modules, and this workspace is in adopt mode"))
        // The module a binary target provides is declared by the binary target's name, the same
        // whether the check's findings come fresh or from its cache (the second run).
        let fixture = Fixtures.path("Adopt/BinaryAndSystemModules")
        let manifest = try String(contentsOfFile: fixture + "/Package.swift", encoding: .utf8)
        for _ in 0..<2 {
            let fix = try await Self.strata(["check", "--fix", "--dry-run"], in: fixture)
            #expect(fix.status == 1)
            #expect(fix.stdout.contains("+        .target(name: \"Feature\", dependencies: [\"Crypto\", \"GoLibsCryptoGo\"]),"), "\(fix.stdout)")
            #expect(fix.stderr.contains("dry run; nothing was written (made 1 of 1 fix)"), "\(fix.stderr)")
        }
        #expect(try String(contentsOfFile: fixture + "/Package.swift", encoding: .utf8) == manifest)
    }
}
