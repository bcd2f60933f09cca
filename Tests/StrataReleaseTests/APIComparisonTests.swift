import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGit
import StrataWorkspace
import StrataWorkspaceTestSupport
import StrataPackageIdentity
import Testing

@testable import StrataRelease

@Suite struct APIComparisonTests {
    @Test func breakagesAreReadFromTheDigestersReportAndTurnedAroundForAdditions() {
        let report = """
            Building for debugging...
            Build complete! (9.11s)

            1 breaking change detected in NetworkCore:
              💔 API breakage: func NetworkClient.ping() has been removed

            No breaking changes detected in Network
            """
        #expect(APIComparison.breakages(in: report) == ["func NetworkClient.ping() has been removed"])
        #expect(APIComparison.breakages(in: "No breaking changes detected in Network\n").isEmpty)
        #expect(APIComparison.addition("func NetworkClient.ping() has been removed") == "func NetworkClient.ping() has been added")
        #expect(APIComparison.addition("struct Request has changed its kind") == "added: struct Request has changed its kind")
    }

    @Test func aComparisonIsKeptUnderItsWholeKeyAndNotWhenTheCacheIsOff() throws {
        let folder = try Fixtures.temporaryFolder("strata-api-cache")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = APIComparisonCache(environment: ["STRATA_CACHE_DIR": folder])
        let key = APIComparisonCache.Key(module: "Network", folder: "Packages/Network", baselineTree: "aaa", headTree: "bbb")
        let result = APIComparison.Result(change: .additive, details: ["func NetworkClient.ping() has been added"])
        #expect(cache.result(for: key) == nil)
        cache.store(result, for: key)
        #expect(cache.result(for: key) == result)
        var otherHead = key
        otherHead.headTree = "ccc"
        var otherModule = key
        otherModule.module = "Logging"
        #expect(cache.result(for: otherHead) == nil && cache.result(for: otherModule) == nil)

        // A damaged entry is a miss, never an answer.
        let entries = try FileManager.default.contentsOfDirectory(atPath: folder + "/api-comparisons")
        try #require(entries.count == 1)
        try "{\"key\": 1".write(toFile: folder + "/api-comparisons/" + entries[0], atomically: true, encoding: .utf8)
        #expect(cache.result(for: key) == nil)

        let off = APIComparisonCache(environment: ["STRATA_CACHE_DIR": folder + "/off", "STRATA_NO_API_CACHE": "1"])
        off.store(result, for: key)
        #expect(off.result(for: key) == nil && !FileManager.default.fileExists(atPath: folder + "/off"))
    }

    @Test func theSameTreesAreAnsweredFromTheCacheWithoutTheToolchain() async throws {
        let repository = try await GitFolder("strata-api-cache-trees")
        defer { repository.remove() }
        try repository.write("Packages/Network/Sources/Network/Network.swift", "public func ping() {}\n")
        try await repository.commit("Network")
        let baseline = try await repository.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        // The same files again: an empty commit has the same tree, so the same key.
        try await repository.git("commit", "--quiet", "--allow-empty", "-m", "nothing")
        let head = try await repository.git("rev-parse", "HEAD").trimmingCharacters(in: .whitespacesAndNewlines)
        let tree = try await repository.git("rev-parse", "HEAD^{tree}").trimmingCharacters(in: .whitespacesAndNewlines)

        let cacheFolder = try Fixtures.temporaryFolder("strata-api-cache")
        defer { try? FileManager.default.removeItem(atPath: cacheFolder) }
        let cache = APIComparisonCache(environment: ["STRATA_CACHE_DIR": cacheFolder])
        let kept = APIComparison.Result(change: .breaking, details: ["func ping() has been removed"])
        cache.store(kept, for: .init(module: "Network", folder: "Packages/Network", baselineTree: tree, headTree: tree))

        // The package has no Package.swift: only an answer from the cache can succeed.
        let comparison = APIComparison(repository: try await GitRepository.open(at: repository.root), scratch: cacheFolder + "/scratch")
        var heard: [Bool] = []
        let result = try await comparison.compare(
            module: "Network", folder: "Packages/Network", baseline: baseline, head: head, cache: cache) { heard.append($0) }
        #expect(result == kept && heard == [true])
    }
}
