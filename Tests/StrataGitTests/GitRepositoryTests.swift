import Foundation
import StrataGit
import Testing

/// A repository for one test, made and committed through StrataGit's own scratch-repository API
/// (`create`, `commitSnapshot`); files are written with FileManager. Removed when it goes away.
final class ScratchHistory {
    let root: String
    let repository: GitRepository

    init(files: [String: String]) async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-git-tests-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        repository = try await GitRepository.create(at: root)
        // An identity for annotated tags, in this repository only.
        let config = try await repository.gitDirectory() + "/config"
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: config))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("[user]\n\tname = Strata Tests\n\temail = tests@strata.invalid\n".utf8))
        try handle.close()
        for (path, text) in files { try write(path, text) }
        _ = try await commit("initial")
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    func write(_ path: String, _ text: String) throws {
        let full = root + "/" + path
        try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: full, atomically: true, encoding: .utf8)
    }

    func append(_ path: String, _ text: String) throws {
        try write(path, (try String(contentsOfFile: root + "/" + path, encoding: .utf8)) + text)
    }

    func move(_ from: String, to: String) throws { try FileManager.default.moveItem(atPath: root + "/" + from, toPath: root + "/" + to) }
    func delete(_ path: String) throws { try FileManager.default.removeItem(atPath: root + "/" + path) }
    func commit(_ message: String) async throws -> String { try await repository.commitSnapshot(message: message) }
}

/// StrataGit directly, on repositories made by the test (until now it was tested only through
/// strata affected, release and the binary): revisions, changes with renames, the files and blobs
/// of a commit, tags and commits since them, tracking, and a workspace in a subfolder.
@Suite struct GitRepositoryTests {
    let history: ScratchHistory
    let initial: String

    init() async throws {
        history = try await ScratchHistory(files: [
            "App/Sources/Core/Clock.swift": "struct Clock { let hours = 24, minutes = 60 }\n",
            "App/Sources/Core/Calendar.swift": "struct Calendar {}\n", "README.md": "w\n",
        ])
        initial = try await history.repository.commit("HEAD")
    }

    @Test func aSubfolderHasItsPrefixAndOutsideARepositoryIsAnError() async throws {
        let app = try await GitRepository.open(at: history.root + "/App")
        #expect(app.prefix == "App/")
        #expect(app.pathInFolder("App/Sources/Core/Clock.swift") == "Sources/Core/Clock.swift")
        #expect(app.pathInFolder("README.md") == nil)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("strata-not-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        await #expect(throws: GitError.self) { _ = try await GitRepository.open(at: outside) }
        do {
            _ = try await GitRepository.open(at: outside)
        } catch {
            #expect(error.id == "not-a-repository")
        }
    }

    @Test func revisionsResolveAndUnknownOnesAreNamedErrors() async throws {
        let repository = try await GitRepository.open(at: history.root)
        #expect(try await repository.commit("HEAD") == initial)
        #expect(try await repository.isShallow() == false)
        for revision in ["no-such-branch", "--output=/tmp/x"] {
            do {
                _ = try await repository.commit(revision)
                Issue.record("'\(revision)' resolved")
            } catch {
                #expect(error.id == "unknown-revision", "\(revision): \(error)")
            }
        }
    }

    @Test func changesBetweenCommitsFindRenamesInsideTheFolder() async throws {
        try history.move("App/Sources/Core/Clock.swift", to: "App/Sources/Core/Time.swift")
        try history.append("App/Sources/Core/Calendar.swift", "// edited\n")
        try history.write("App/Sources/Core/Date.swift", "struct Day {}\n")
        try history.append("README.md", "edited\n")
        let head = try await history.commit("rename, edit, add")
        let app = try await GitRepository.open(at: history.root + "/App")
        let changes = Set(try await app.changes(from: initial, to: head))
        #expect(
            changes == [
                FileChange(kind: .renamed, path: "App/Sources/Core/Time.swift", oldPath: "App/Sources/Core/Clock.swift"),
                FileChange(kind: .modified, path: "App/Sources/Core/Calendar.swift"),
                FileChange(kind: .added, path: "App/Sources/Core/Date.swift"),
            ])
        // The work tree against a commit: an uncommitted deletion.
        try history.delete("App/Sources/Core/Date.swift")
        #expect(try await app.changes(from: head, to: nil) == [FileChange(kind: .deleted, path: "App/Sources/Core/Date.swift")])
        #expect(try await app.mergeBase(initial, head) == initial)
    }

    @Test func theFilesAndBlobsOfACommit() async throws {
        try history.write("App/Sources/Core/Clock.swift", "struct Clock { var hour = 0 }\n")
        let head = try await history.commit("edit Clock")
        let app = try await GitRepository.open(at: history.root + "/App")
        let before = try await app.files(at: initial)
        let after = try await app.files(at: head)
        #expect(Set(after.keys) == ["App/Sources/Core/Clock.swift", "App/Sources/Core/Calendar.swift"])
        #expect(before["App/Sources/Core/Calendar.swift"] == after["App/Sources/Core/Calendar.swift"])
        let ids = [before["App/Sources/Core/Clock.swift"]!, after["App/Sources/Core/Clock.swift"]!]
        let blobs = try await app.blobs(ids)
        #expect(blobs[ids[0]].map { String(decoding: $0, as: UTF8.self) } == "struct Clock { let hours = 24, minutes = 60 }\n")
        #expect(blobs[ids[1]].map { String(decoding: $0, as: UTF8.self) } == "struct Clock { var hour = 0 }\n")
    }

    @Test func tagsAndTheCommitsSinceThem() async throws {
        let repository = try await GitRepository.open(at: history.root)
        try await repository.tag("Core/1.0.0", message: "Core 1.0.0", at: initial)
        try history.append("App/Sources/Core/Clock.swift", "// one\n")
        let first = try await history.commit("first change")
        try history.append("README.md", "outside App\n")
        try await history.commit("docs only")
        let tags = try await repository.tags()
        // An annotated tag is peeled to its commit.
        #expect(tags.map(\.name) == ["Core/1.0.0"])
        #expect(tags.map(\.commit) == [initial])
        let app = try await GitRepository.open(at: history.root + "/App")
        let commits = try await app.commits(since: "Core/1.0.0")
        #expect(commits.map(\.id) == [first])
        #expect(commits.first?.subject == "first change")
        #expect(commits.first?.files == ["Sources/Core/Clock.swift"])
    }

    @Test func trackedIgnoredAndUncommittedPaths() async throws {
        try history.write(".gitignore", ".build/\n")
        try await history.commit("ignore .build")
        try history.write(".build/cache", "x\n")
        try history.write("App/Notes.txt", "new\n")
        try history.append("App/Sources/Core/Clock.swift", "// edited\n")
        let repository = try await GitRepository.open(at: history.root)
        #expect(try await repository.isTracked("App/Sources/Core/Clock.swift"))
        #expect(try await repository.isTracked("App/Notes.txt") == false)
        #expect(try await repository.isIgnored(".build/cache"))
        #expect(try await repository.isIgnored("App/Notes.txt") == false)
        #expect(try await repository.untrackedFiles() == ["App/Notes.txt"])
        let uncommitted = try await repository.uncommittedPaths().sorted { $0.path < $1.path }
        #expect(uncommitted.map(\.path) == ["App/Notes.txt", "App/Sources/Core/Clock.swift"])
        #expect(uncommitted.map(\.isEdit) == [false, true])
    }
}

/// A release's sources checked out by tag or commit, as a spec repo's `source` names them.
@Suite struct CheckOutTests {
    @Test func aTagOrACommitIsCheckedOutAndAMissingOneIsNamed() async throws {
        let history = try await ScratchHistory(files: ["Sources/A.swift": "let version = 1\n"])
        let first = try await history.commit("one")
        try await history.repository.tag("1.0.0", message: "1.0.0", at: first)
        try history.write("Sources/A.swift", "let version = 2\n")
        let second = try await history.commit("two")
        try await history.repository.tag("2.0.0", message: "2.0.0", at: second)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-checkout-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }

        try await GitRepository.checkOut(history.root, at: "1.0.0", into: scratch + "/one")
        #expect(try String(contentsOfFile: scratch + "/one/Sources/A.swift", encoding: .utf8) == "let version = 1\n")
        try await GitRepository.checkOut("file://" + history.root, at: String(second.prefix(12)), into: scratch + "/two")
        #expect(try String(contentsOfFile: scratch + "/two/Sources/A.swift", encoding: .utf8) == "let version = 2\n")

        await #expect(throws: GitError.self) { try await GitRepository.checkOut(history.root, at: "3.0.0", into: scratch + "/three") }
        do {
            try await GitRepository.checkOut(history.root, at: "3.0.0", into: scratch + "/three")
        } catch {
            #expect(error.id == "unknown-revision" && error.message == "'\(history.root)' has no tag or branch '3.0.0'")
        }
        #expect(!FileManager.default.fileExists(atPath: scratch + "/three"))
        do {
            try await GitRepository.checkOut(scratch + "/nowhere", at: "1.0.0", into: scratch + "/four")
            Issue.record("a repository that is not there cannot be cloned")
        } catch {
            #expect(error.id == "unreachable-repository")
        }
    }

    @Test func remoteReferencesListTagsAndBranchesOrSayTheRepositoryIsUnreachable() async throws {
        let history = try await ScratchHistory(files: ["Sources/A.swift": "let version = 1\n"])
        let first = try await history.commit("one")
        try await history.repository.tag("1.0.0", message: "1.0.0", at: first)
        try await history.repository.tag("Network-1.1.0", message: "annotated", at: first)

        let references = try await GitRepository.remoteReferences(history.root)
        #expect(references.tags == ["1.0.0", "Network-1.1.0"], "annotated tags once, without their peeled ^{} line")
        #expect(references.branches.count == 1)
        do {
            _ = try await GitRepository.remoteReferences(history.root + "/nowhere")
            Issue.record("a repository that is not there cannot be listed")
        } catch {
            #expect(error.id == "unreachable-repository" && error.message.contains("git cannot list"))
        }
    }
}
