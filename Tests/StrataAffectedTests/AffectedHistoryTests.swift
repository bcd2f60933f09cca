import Foundation
import StrataAffected
import StrataDiagnostics
import StrataGenerate
import StrataGit
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// The soundness harness: scripted git histories on the harness workspace, each asserting the
/// exact affected set (see HarnessWorkspace for the graph the sets follow from).
@Suite struct AffectedHistoryTests {
    let history: GitHistory
    let base: String

    init() async throws {
        history = try await GitHistory(manifest: HarnessWorkspace.manifest, files: HarnessWorkspace.files)
        base = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static let everything: Set<String> = [
        "Network", "NetworkTests", "Auth", "AuthInterface", "AuthMocks", "AuthTests", "Profile", "ProfileTests", "Login",
        "LoginTests", "Home", "HomeTests", "App",
    ]

    func affected() async throws -> Set<String> {
        try await history.affectedNames(base: base)
    }

    // MARK: - Files

    @Test func editingAnImplementationAffectsWhatLinksItButNotTheUsersOfItsInterface() async throws {
        try history.append("Sources/Auth/Auth.swift")
        try await history.commit("edit Auth")
        #expect(try await affected() == ["Auth", "AuthTests", "App"])
    }

    @Test func editingAnInterfaceAffectsEveryoneWhoLinksIt() async throws {
        try history.append("Sources/AuthInterface/AuthInterface.swift")
        try await history.commit("edit AuthInterface")
        #expect(
            try await affected() == ["AuthInterface", "Auth", "AuthMocks", "AuthTests", "Login", "LoginTests", "Home", "HomeTests", "App"])
    }

    @Test func editingACoreModuleAffectsItsTransitiveDependents() async throws {
        try history.append("Sources/Network/Network.swift")
        try await history.commit("edit Network")
        #expect(try await affected() == ["Network", "NetworkTests", "Auth", "AuthTests", "Profile", "ProfileTests", "Home", "HomeTests", "App"])
    }

    @Test func editingOnlyTestsAffectsOnlyThatTestTarget() async throws {
        try history.append("Tests/LoginTests/LoginTests.swift")
        try await history.commit("edit LoginTests")
        #expect(try await affected() == ["LoginTests"])
    }

    @Test func editingMocksAffectsTheTestsThatUseThem() async throws {
        try history.append("Sources/AuthMocks/AuthMocks.swift")
        try await history.commit("edit AuthMocks")
        #expect(try await affected() == ["AuthMocks", "AuthTests", "LoginTests", "HomeTests"])
    }

    @Test func addingAFileAffectsItsTarget() async throws {
        try history.write("Sources/Login/LoginView.swift", "struct LoginView {}\n")
        try await history.commit("add a file")
        #expect(try await affected() == ["Login", "LoginTests", "App"])
    }

    @Test func deletingAFileAffectsTheTargetThatHadIt() async throws {
        try await history.delete("Sources/Home/Home.swift")
        try await history.commit("delete a file")
        #expect(try await affected() == ["Home", "HomeTests", "App"])
    }

    @Test func renamingAFileInsideATargetAffectsThatTarget() async throws {
        try await history.move("Sources/Login/Login.swift", to: "Sources/Login/LoginFlow.swift")
        try await history.commit("rename")
        let report = try await history.affected(base: base)
        #expect(Set(report.analysis.affected.map(\.name)) == ["Login", "LoginTests", "App"])
        let change = try #require(report.analysis.changedFiles.first)
        #expect(change.change.kind == .renamed && change.oldPath == "Sources/Login/Login.swift" && change.path == "Sources/Login/LoginFlow.swift")
    }

    @Test func movingAFileBetweenModulesAffectsBothModules() async throws {
        try await history.move("Sources/Login/Login.swift", to: "Sources/Home/Login.swift")
        try await history.commit("move to Home")
        #expect(try await affected() == ["Login", "LoginTests", "Home", "HomeTests", "App"])
    }

    @Test func editingAResourceAffectsItsTarget() async throws {
        try history.write("Sources/Profile/Resources/avatar.json", "{\"size\": 2}\n")
        try await history.commit("edit a resource")
        #expect(try await affected() == ["Profile", "ProfileTests", "Home", "HomeTests", "App"])
    }

    @Test func aFileOutsideEveryTargetAffectsNothing() async throws {
        try history.write("README.md", "# Harness, documented\n")
        try history.write("docs/notes.md", "notes\n")
        try await history.commit("docs")
        #expect(try await affected() == [])
    }

    // MARK: - Manifests

    @Test func addingADependencyInStrataYmlAffectsTheTargetAndItsDependents() async throws {
        try history.edit("strata.yml", replacing: "Login:   { layer: feature, dependencies: [AuthInterface]", with: "Login:   { layer: feature, dependencies: [AuthInterface, Profile]")
        try await history.commit("Login uses Profile")
        let report = try await history.affected(base: base)
        #expect(Set(report.analysis.affected.map(\.name)) == ["Login", "LoginTests", "App"])
        let login = try #require(report.analysis.affected.first { $0.name == "Login" })
        #expect(login.reason.cause == .declaration("Login: depends on Profile now"))
        #expect(report.analysis.affected.first { $0.name == "App" }?.reason.chain == ["Login", "App"])
    }

    @Test func removingADependencyAffectsTheTargetAndItsDependents() async throws {
        try history.edit("strata.yml", replacing: "dependencies: [AuthInterface, Profile]", with: "dependencies: [AuthInterface]")
        try await history.commit("Home drops Profile")
        #expect(try await affected() == ["Home", "HomeTests", "App"])
    }

    @Test func addingAModuleAffectsTheNewTargets() async throws {
        try history.edit("strata.yml", replacing: "apps:", with: "  Search:  { layer: feature, dependencies: [Profile], tests: true }\napps:")
        try history.write("Sources/Search/Search.swift", "import Profile\n")
        try history.write("Tests/SearchTests/SearchTests.swift", "import Search\n")
        try await history.commit("add Search")
        #expect(try await affected() == ["Search", "SearchTests"])
    }

    @Test func aCommentOrAnOwnerInStrataYmlAffectsNothing() async throws {
        try history.edit("strata.yml", replacing: "# core", with: "# core: the enablers")
        try history.write("strata.yml", (history.workspace.read("strata.yml") ?? "") + "owners:\n  \"@team/auth\": [Auth]\n")
        try await history.commit("comment and owners")
        #expect(try await affected() == [])
    }

    @Test func regeneratedPackageSwiftIsExplainedByStrataYml() async throws {
        try await generate()
        try await history.commit("generate")
        let generated = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try history.edit("strata.yml", replacing: "Login:   { layer: feature, dependencies: [AuthInterface]", with: "Login:   { layer: feature, dependencies: [AuthInterface, Profile]")
        try await generate()
        try await history.commit("Login uses Profile, regenerated")
        #expect(try await history.affectedNames(base: generated) == ["Login", "LoginTests", "App"])
    }

    @Test func aHandEditedPackageSwiftAffectsEveryTargetOfItsPackage() async throws {
        try await generate()
        try await history.commit("generate")
        let generated = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try history.append("Package.swift", "\npackage.swiftLanguageModes = [.v5]\n")
        try await history.commit("hand edit")
        let report = try await history.affected(base: generated)
        #expect(Set(report.analysis.affected.map(\.name)) == Self.everything)
        #expect(report.analysis.everything == nil)
    }

    @Test func aCommentAddedToAGeneratedPackageSwiftAffectsNothing() async throws {
        try await generate()
        try await history.commit("generate")
        let generated = try await history.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        try history.append("Package.swift", "\n// tweaked by hand\n")
        try await history.commit("hand edit")
        #expect(try await history.affected(base: generated).analysis.affected.isEmpty)
    }

    @Test func sharedBuildSettingsAffectEverything() async throws {
        try history.edit("strata.yml", replacing: "name: Harness\n", with: "name: Harness\ngenerate:\n  platforms: { macOS: \"15\" }\n")
        try await history.commit("platforms")
        let report = try await history.affected(base: base)
        #expect(Set(report.analysis.affected.map(\.name)) == Self.everything)
        #expect(report.analysis.everything?.contains("platforms [macOS 15]") == true)
    }

    @Test(arguments: [
        ("Package.resolved", "{}\n"), (".swift-version", "6.3\n"), ("Sources/Auth/.tool-versions", "swift 6.3\n"),
        (".mise.toml", "[tools]\nswift = \"6.3\"\n"), ("mise.toml", "[tools.swift]\nversion = \"6.3\"\n"),
    ])
    func toolchainPinsAffectEverything(pin: String, contents: String) async throws {
        try history.write(pin, contents)
        try await history.commit("pin")
        let report = try await history.affected(base: base)
        #expect(Set(report.analysis.affected.map(\.name)) == Self.everything)
        #expect(report.analysis.everything?.hasPrefix(pin) == true)
    }

    /// A tool-version file pins many tools; only its Swift lines are a toolchain pin.
    @Test(arguments: [
        (".mise.toml", "[tools]\ntuist = \"4.31.0\"\nswiftlint = \"0.57.0\"\n"), (".tool-versions", "tuist 4.31.0\nswiftformat 0.54.0\n"),
    ])
    func aToolVersionFileThatDoesNotPinSwiftAffectsNothing(pin: String, contents: String) async throws {
        try history.write(pin, contents)
        try await history.commit("pin tuist")
        let report = try await history.affected(base: base)
        #expect(report.analysis.everything == nil)
        #expect(report.analysis.affected.isEmpty)
    }

    @Test func changingAnotherToolBesideAnUnchangedSwiftPinAffectsNothing() async throws {
        try history.write(".tool-versions", "swift 6.3\ntuist 4.30.0\n")
        let pinned = try await history.commit("pin swift and tuist")
        try history.write(".tool-versions", "swift 6.3\ntuist 4.31.0\n")
        try await history.commit("bump tuist")
        #expect(try await history.affected(base: pinned).analysis.affected.isEmpty)
    }

    @Test func theReasonNamesTheLineThatPinsSwift() async throws {
        try history.write(".mise.toml", "[tools]\ntuist = \"4.31.0\"\n")
        let tuist = try await history.commit("pin tuist")
        try history.write(".mise.toml", "[tools]\ntuist = \"4.31.0\"\n\"asdf:swift\" = \"6.3\"  # the CI image\n")
        try await history.commit("pin swift")
        let report = try await history.affected(base: tuist)
        #expect(report.analysis.everything == ".mise.toml:3 pins Swift (`\"asdf:swift\" = \"6.3\"`), which every target builds with")
        #expect(report.analysis.changedFiles.first { $0.path == ".mise.toml" }?.role == "toolchain pin")
    }

    @Test func removingTheSwiftPinAffectsEverything() async throws {
        try history.write(".tool-versions", "swift 6.2\ntuist 4.30.0\n")
        let pinned = try await history.commit("pin swift")
        try history.write(".tool-versions", "tuist 4.30.0\n")
        try await history.commit("unpin swift")
        let report = try await history.affected(base: pinned)
        #expect(report.analysis.everything == ".tool-versions no longer pins Swift (`swift 6.2` was line 1), which every target builds with")
    }

    @Test func aSwiftPinInTheWorkTreeIsReadFromTheDisk() async throws {
        try history.write(".tool-versions", "swift 6.3\n")
        let report = try await history.affected(base: base, includeUncommitted: true)
        #expect(report.analysis.everything?.hasPrefix(".tool-versions:1 pins Swift") == true)
    }

    @Test func aManifestUnreadableAtTheBaseAffectsEverything() async throws {
        try history.write("strata.yml", "layers: [\n")
        let broken = try await history.commit("break the manifest")
        try history.write("strata.yml", HarnessWorkspace.manifest)
        try await history.commit("fix it")
        let report = try await history.affected(base: broken)
        #expect(Set(report.analysis.affected.map(\.name)) == Self.everything)
        #expect(report.analysis.everything?.contains("cannot be read at the base revision") == true)
    }

    @Test func everythingGivesEveryReasonNotTheFirst() async throws {
        try history.write("strata.yml", "layers: [\n")
        let broken = try await history.commit("break the manifest")
        try history.write("strata.yml", HarnessWorkspace.manifest)
        try history.write("Package.resolved", "{}\n")
        try await history.commit("fix it and pin the packages")
        let reasons = try await history.affected(base: broken).analysis.everythingReasons
        #expect(reasons.count == 2, "\(reasons)")
        #expect(reasons.contains { $0.hasPrefix("Package.resolved pins the resolved packages") })
        #expect(reasons.contains { $0.contains("cannot be read at the base revision") })
    }

    // MARK: - affected: { ignore, always }

    @Test func ignoredFilesAffectNothingEvenInsideATarget() async throws {
        try history.append("strata.yml", "affected: { ignore: [\"**/*.md\", Sources/Profile/Resources] }\n")
        let configured = try await history.commit("configure affected")
        try history.write("Sources/Network/README.md", "how the client retries\n")
        try history.write("Sources/Profile/Resources/avatar.json", "{\"size\": 3}\n")
        try await history.commit("docs and a resource")
        let report = try await history.affected(base: configured)
        #expect(report.analysis.affected.isEmpty)
        #expect(report.analysis.changedFiles.map(\.role) == ["ignored", "ignored"])
        // A manifest is compared whatever `ignore` says.
        try history.edit("strata.yml", replacing: "ignore: [", with: "ignore: [strata.yml, ")
        try history.edit(
            "strata.yml", replacing: "Login:   { layer: feature, dependencies: [AuthInterface]",
            with: "Login:   { layer: feature, dependencies: [AuthInterface, Network]")
        try await history.commit("Login uses Network, and strata.yml is listed under ignore")
        #expect(try await history.affectedNames(base: configured) == ["Login", "LoginTests", "App"])
    }

    @Test func alwaysFilesAffectEverythingAndSaySo() async throws {
        try history.append("strata.yml", "affected: { always: [Scripts/*.xcconfig] }\n")
        let configured = try await history.commit("configure affected")
        try history.write("Scripts/Shared.xcconfig", "SWIFT_VERSION = 6\n")
        try await history.commit("shared settings")
        let report = try await history.affected(base: configured)
        #expect(Set(report.analysis.affected.map(\.name)) == Self.everything)
        #expect(report.analysis.everythingReasons == ["Scripts/Shared.xcconfig changed, and affected.always lists 'Scripts/*.xcconfig'"])
        #expect(report.analysis.changedFiles.first?.role == "always")
    }

    @Test func aManifestWithErrorsAtTheHeadIsAnInputError() async throws {
        try history.write("strata.yml", "layers: [\n")
        try await history.commit("break the manifest")
        let error = await #expect(throws: InputErrors.self) { try await history.affected(base: base) }
        #expect(error?.diagnostics.isEmpty == false)
    }

    // MARK: - Revisions and the work tree

    @Test func anExplicitHeadComparesTwoCommitsOnly() async throws {
        try history.append("Sources/Login/Login.swift")
        let first = try await history.commit("edit Login")
        try history.append("Sources/Network/Network.swift")
        try await history.commit("edit Network")
        #expect(try await history.affectedNames(base: base, head: first) == ["Login", "LoginTests", "App"])
    }

    @Test func uncommittedChangesAreLeftOutUnlessAskedFor() async throws {
        try history.append("Sources/Login/Login.swift")
        try history.write("Sources/Profile/Untracked.swift", "struct Untracked {}\n")
        let report = try await history.affected(base: base)
        #expect(report.analysis.affected.isEmpty)
        #expect(Set(report.uncommittedLeftOut) == ["Sources/Login/Login.swift", "Sources/Profile/Untracked.swift"])
        let withWorkTree = try await history.affected(base: base, includeUncommitted: true)
        #expect(
            Set(withWorkTree.analysis.affected.map(\.name)) == [
                "Login", "LoginTests", "Profile", "ProfileTests", "Home", "HomeTests", "App",
            ])
        #expect(withWorkTree.headCommit == nil && withWorkTree.uncommittedLeftOut.isEmpty)
    }

    /// A slow `git status` (here: any) suggests git's untracked cache, unless the user has set it
    /// either way, or feature.manyFiles, which turns it on. A fast one says nothing.
    @Test func aSlowStatusSuggestsGitsUntrackedCacheUnlessItIsConfigured() async throws {
        var query = AffectedQuery(path: history.root, base: base)
        query.slowStatus = .zero
        let note = try await query.run().untrackedCacheNote
        // However long a loaded machine takes: seconds with two decimals.
        #expect(note?.firstMatch(of: /^git status took \d+\.\d\d s, most of it looking for untracked files/) != nil, "\(note ?? "no note")")
        #expect(note?.contains("`git config core.untrackedCache true` lets git skip the folders that did not change") == true)
        for (key, value) in [("core.untrackedCache", "false"), ("core.untrackedCache", "true"), ("feature.manyFiles", "true")] {
            try await history.git("config", key, value)
            #expect(try await query.run().untrackedCacheNote == nil, "\(key)=\(value)")
            try await history.git("config", "--unset", key)
        }
        #expect(try await query.run().untrackedCacheNote != nil)
        query.slowStatus = .seconds(60)
        #expect(try await query.run().untrackedCacheNote == nil)
        // With --head, no status is asked.
        query.slowStatus = .zero
        query.head = "HEAD"
        #expect(try await query.run().untrackedCacheNote == nil)
    }

    /// Edited sources do not change the graph: it is read from the disk (at 5,000 modules, from
    /// the graph cache) instead of from HEAD's files in git. Anything else is read at HEAD.
    @Test func theHeadGraphIsReadFromTheDiskWhenOnlySourcesWereEdited() async throws {
        try history.append("Sources/Network/Network.swift")
        try await history.commit("edit Network")
        let committed = try await history.affectedNames(base: base)
        #expect(committed.contains("Profile") && !committed.contains("Extra"))

        try history.append("Sources/Login/Login.swift")
        let edited = try await history.affected(base: base)
        #expect(edited.headGraph == "the work tree (only files the graph is not read from differ from HEAD)")
        #expect(Set(edited.analysis.affected.map(\.name)) == committed && edited.uncommittedLeftOut == ["Sources/Login/Login.swift"])

        // strata.yml edited in the work tree: a new module on Network would be affected on the
        // disk, but HEAD's graph has no such module.
        try history.write("strata.yml", HarnessWorkspace.manifest + "  Extra: { layer: service, dependencies: [Network] }\n")
        try history.write("Sources/Extra/Extra.swift", "struct Extra {}\n")
        try await history.git("add", "Sources/Extra/Extra.swift")
        let manifestEdited = try await history.affected(base: base)
        #expect(manifestEdited.headGraph.hasPrefix("read at "))
        #expect(Set(manifestEdited.analysis.affected.map(\.name)) == committed)
        try await history.git("checkout", "HEAD", "--", "strata.yml")
        // A file added (staged), even a source: folders and files differ, so read at HEAD too.
        let added = try await history.affected(base: base)
        #expect(added.headGraph.hasPrefix("read at ") && Set(added.analysis.affected.map(\.name)) == committed)
        try await history.git("rm", "--cached", "-q", "Sources/Extra/Extra.swift")
        try FileManager.default.removeItem(atPath: history.root + "/Sources/Extra")
        // Clean again: the disk is HEAD.
        try await history.git("checkout", "HEAD", "--", "Sources/Login/Login.swift")
        let clean = try await history.affected(base: base)
        #expect(clean.headGraph == "the work tree, a clean checkout of HEAD" && clean.uncommittedLeftOut.isEmpty)
    }

    @Test func theUncommittedChangesLeftOutAreThoseInTheWorkspaceFolder() async throws {
        // The workspace in iOS/ of a repository that holds other work too.
        let history = try await GitHistory(manifest: HarnessWorkspace.manifest, files: HarnessWorkspace.files)
        try FileManager.default.createDirectory(atPath: history.root + "/iOS", withIntermediateDirectories: true)
        try await history.git("mv", "strata.yml", "Sources", "Tests", "iOS/")
        try history.write("Android/build.gradle", "// another app\n")
        let base = try await history.commit("the workspace moves into iOS/, beside Android/")
        try history.append("iOS/Sources/Login/Login.swift")
        try history.write("iOS/Sources/Settings/Settings.swift", "struct Settings {}\n")
        try history.write("iOS/Sources/Settings/SettingsView.swift", "struct SettingsView {}\n")
        try history.append("Android/build.gradle")
        try history.write("Android/app/Main.kt", "fun main() {}\n")
        try history.write("notes.txt", "outside every workspace\n")
        let report = try await AffectedQuery(path: history.root + "/iOS", base: base).run()
        // From the top level; a new folder is one entry, as git status shows it.
        #expect(Set(report.uncommittedLeftOut) == ["iOS/Sources/Login/Login.swift", "iOS/Sources/Settings/"])
        #expect(report.analysis.affected.isEmpty)
    }

    @Test func reasonsChainFromTheChangedFileToTheTarget() async throws {
        try history.append("Sources/Network/Network.swift")
        try await history.commit("edit Network")
        let report = try await history.affected(base: base)
        let app = try #require(report.analysis.affected.first { $0.name == "App" })
        #expect(app.reason.cause == .file(path: "Sources/Network/Network.swift", change: .modified))
        #expect(app.reason.chain.first == "Network" && app.reason.chain.last == "App" && app.reason.chain.count == 3)
        #expect(AffectedReport.explanation(of: app.reason).hasPrefix("Sources/Network/Network.swift (modified) → Network → "))
    }

    /// Writes the generated build files of the current strata.yml.
    func generate() async throws {
        let workspace = try await history.workspace.load()
        for file in try WorkspaceGenerator.files(for: workspace) where file.path.hasSuffix("Package.swift") {
            try history.write(file.path, file.contents)
        }
    }
}
