import Foundation
import Testing

@testable import StrataFileSystem

@Suite struct ScratchFolderTests {
    /// A killed run cannot remove its scratch folder; the next run of the same purpose does,
    /// and never touches a folder whose run is still going.
    @Test func aKilledRunsFolderIsRemovedByTheNextAndARunningOnesIsKept() async throws {
        try withTemporaryFolder { parent in
            let finished = try #require(Self.unusedProcessIdentifier())
            let uuid = UUID().uuidString
            let killed = parent + "/strata-release-\(finished)-\(uuid)"
            let running = parent + "/strata-release-\(getpid())-\(uuid)"
            let otherPurpose = parent + "/strata-publish-\(finished)-\(uuid)"
            // Not scratch folders: names that only start like one (a UUID's leading digits are no process id).
            let others = [
                "strata-release-notes", "strata-release-793F5EE5-35CD-4ACE-9025-B99C83ED56C8", "strata-release-\(finished)-notes",
            ]
            for folder in [killed, running, otherPurpose] + others.map({ parent + "/" + $0 }) {
                try AtomicFileWriter.write(Data("x".utf8), to: folder + "/inside/file", creatingFolder: true)
            }

            let scratch = try ScratchFolder.make(for: "release", in: parent)
            let names = try FileManager.default.contentsOfDirectory(atPath: parent).sorted()
            #expect(!FileManager.default.fileExists(atPath: killed))
            #expect(names.contains("strata-release-\(getpid())-\(uuid)") && names.contains("strata-publish-\(finished)-\(uuid)"))
            #expect(others.allSatisfy(names.contains), "\(names)")
            #expect(scratch.path.hasPrefix(parent + "/strata-release-\(getpid())-") && FileManager.default.fileExists(atPath: scratch.path))
            scratch.remove()
            #expect(!FileManager.default.fileExists(atPath: scratch.path))
        }
    }

    /// The id of no running process, as a killed run's is: the highest free one below the
    /// system's limit. (Not a child started and waited for: Foundation's `Process` crashes the
    /// test process now and then on Linux, and nothing here needs a real child.)
    static func unusedProcessIdentifier() -> Int32? {
        let limit =
            (try? String(contentsOfFile: "/proc/sys/kernel/pid_max", encoding: .utf8)).flatMap {
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            } ?? 32_768
        return stride(from: limit - 1, to: 300, by: -1).first { kill($0, 0) != 0 && errno == ESRCH }
    }
}
