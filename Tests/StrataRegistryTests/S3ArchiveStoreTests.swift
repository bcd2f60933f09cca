import Foundation
@testable import StrataRegistry
import Testing

@Suite(.enabled(if: SharedBackendServers.moto != nil || ProcessInfo.processInfo.environment["CI"] != nil, "needs moto (pip install 'moto[server]'); CI installs it"))
struct S3ArchiveStoreTests {
    static func archive(_ size: Int, seed: UInt8) -> (Data, String) {
        var bytes = [UInt8](repeating: 0, count: size)
        var state = UInt32(seed) &+ 1
        for index in bytes.indices {
            state = state &* 1_664_525 &+ 1_013_904_223
            bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
        }
        let data = Data(bytes)
        return (data, Checksum.sha256Hex(data))
    }

    @Test func archivesArePutReadListedAndDeleted() async throws {
        let s3 = try await TestS3.start()
        do {
            let store = S3ArchiveStore(client: try await s3.bucket("archives", prefix: "team"))
            let (first, firstSum) = Self.archive(1000, seed: 1)
            let (second, secondSum) = Self.archive(2000, seed: 2)
            try await store.put(first, checksum: firstSum)
            try await store.put(second, checksum: secondSum)
            try await store.put(first, checksum: firstSum)  // the same bytes again: the same object
            #expect(try await store.get(checksum: firstSum) == first)
            #expect(try await store.get(checksum: String(repeating: "0", count: 64)) == nil)
            #expect(try await store.get(checksum: "../../etc/passwd") == nil)
            let listed = try await store.list()
            #expect(Set(listed.map(\.checksum)) == [firstSum, secondSum])
            #expect(listed.allSatisfy { abs($0.modified.timeIntervalSinceNow) < 300 })
            try await store.delete(checksum: firstSum)
            try await store.delete(checksum: firstSum)  // already gone: no error
            #expect(try await store.list().map(\.checksum) == [secondSum])
            try await store.checkReachable()
            await s3.stop()
        } catch {
            await s3.stop()
            throw error
        }
    }

    /// 12 MiB in 5 MiB parts: three parts, completed into one object with the same bytes.
    @Test func largeArchivesGoUpInParts() async throws {
        let s3 = try await TestS3.start()
        do {
            let client = try await s3.bucket("large", multipartThreshold: 5 << 20, partSize: 5 << 20)
            let store = S3ArchiveStore(client: client)
            let (large, sum) = Self.archive(12 << 20, seed: 3)
            try await store.put(large, checksum: sum)
            #expect(try await store.get(checksum: sum) == large)
            // Nothing is left half-uploaded.
            let uploads = try await client.send("GET", key: nil, query: [("uploads", "")])
            #expect(!String(decoding: uploads.body, as: UTF8.self).contains("<UploadId>"))
            await s3.stop()
        } catch {
            await s3.stop()
            throw error
        }
    }

    @Test func aMissingBucketIsAClearError() async throws {
        let s3 = try await TestS3.start()
        do {
            let client = S3Client(location: try S3Location.parse(s3.url("nowhere")), credentials: TestS3.credentials)
            let store = S3ArchiveStore(client: client)
            let (data, sum) = Self.archive(10, seed: 4)
            await #expect(throws: S3Error.self) { try await store.put(data, checksum: sum) }
            do {
                try await store.checkReachable()
                Issue.record("a missing bucket was reachable")
            } catch let error as S3Error {
                #expect(error.status == 404)
            }
            do {
                try await store.put(data, checksum: sum)
            } catch let error as S3Error {
                #expect(error.description.contains("NoSuchBucket"), "\(error)")
            }
            await s3.stop()
        } catch {
            await s3.stop()
            throw error
        }
    }
}
