import Foundation
@testable import StrataRegistry
import Testing

/// Signature Version 4 against the specification's worked examples, and the S3 client against a
/// real S3-compatible server (moto) on loopback.
@Suite struct SigV4SignerTests {
    let signer = SigV4Signer(
        credentials: .init(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"), region: "us-east-1")
    let date = Date(timeIntervalSince1970: 1_369_353_600)  // 2013-05-24T00:00:00Z, the examples' date

    /// "Example: GET Object" of the S3 API reference's SigV4 header-signing examples.
    @Test func getObjectExample() {
        let headers = signer.signedHeaders(
            method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/test.txt", headers: ["Range": "bytes=0-9"],
            payloadHash: SigV4Signer.emptyPayloadHash, date: date)
        #expect(
            headers["authorization"]
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        )
        #expect(headers["x-amz-date"] == "20130524T000000Z")
        #expect(headers["x-amz-content-sha256"] == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    /// "Example: GET Bucket (List Objects)": a query, whose parameters are sorted and encoded.
    @Test func listObjectsExample() {
        let headers = signer.signedHeaders(
            method: "GET", host: "examplebucket.s3.amazonaws.com", path: "/", query: [("prefix", "J"), ("max-keys", "2")],
            payloadHash: SigV4Signer.emptyPayloadHash, date: date)
        #expect(headers["authorization"]?.hasSuffix("Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7") == true)
    }

    @Test func onlyUnreservedCharactersStayUnencoded() {
        #expect(SigV4Signer.encode("a-b_c.d~e f/g+h=") == "a-b_c.d~e%20f%2Fg%2Bh%3D")
        #expect(SigV4Signer.encode("archives/ab/c.zip", keepingSlashes: true) == "archives/ab/c.zip")
        #expect(SigV4Signer.encode("é") == "%C3%A9")
    }

    @Test func aSessionTokenIsSignedToo() {
        var signer = signer
        signer.credentials.sessionToken = "token/with+chars"
        let headers = signer.signedHeaders(method: "GET", host: "h", path: "/", payloadHash: SigV4Signer.emptyPayloadHash, date: date)
        #expect(headers["x-amz-security-token"] == "token/with+chars")
        #expect(headers["authorization"]?.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,") == true)
    }
}

@Suite struct S3LocationTests {
    @Test func anEndpointMeansPathStyleAndAWSMeansVirtualHosts() throws {
        let local = try S3Location.parse("s3://archives/team/registry?endpoint=http://127.0.0.1:9000&region=eu-west-1")
        #expect(local.bucket == "archives" && local.prefix == "team/registry/" && local.region == "eu-west-1" && local.style == .path)
        #expect(local.endpoint.absoluteString == "http://127.0.0.1:9000")
        let aws = try S3Location.parse("s3://archives?region=eu-central-1")
        #expect(aws.endpoint.absoluteString == "https://s3.eu-central-1.amazonaws.com" && aws.style == .virtual && aws.prefix.isEmpty)
        let virtual = try S3Location.parse("s3://archives?endpoint=https://minio.internal&style=virtual&part-size=6291456")
        #expect(virtual.style == .virtual && virtual.partSize == 6 << 20)
    }

    @Test func addressesPutTheBucketInThePathOrTheHost() throws {
        let credentials = SigV4Signer.Credentials(accessKeyID: "a", secretAccessKey: "b")
        let path = S3Client(location: try S3Location.parse("s3://archives?endpoint=http://127.0.0.1:9000"), credentials: credentials)
        let key = "archives/ab/" + String(repeating: "ab", count: 32) + ".zip"
        #expect(path.address(key: key, query: []).url.absoluteString == "http://127.0.0.1:9000/archives/\(key)")
        #expect(path.address(key: key, query: []).host == "127.0.0.1:9000")
        let virtual = S3Client(location: try S3Location.parse("s3://archives?region=us-east-1"), credentials: credentials)
        let address = virtual.address(key: nil, query: [("list-type", "2"), ("prefix", "archives/")])
        #expect(address.url.absoluteString == "https://archives.s3.us-east-1.amazonaws.com/?list-type=2&prefix=archives%2F")
        #expect(address.host == "archives.s3.us-east-1.amazonaws.com" && address.path == "/")
    }

    @Test(arguments: [
        ("http://bucket", "expected s3://BUCKET"),
        ("s3://Bad_Bucket", "is not a valid bucket name"),
        ("s3://archives?endpoint=ftp://x", "is not an http:// or https:// URL"),
        ("s3://archives?style=sideways", "style must be 'path' or 'virtual'"),
        ("s3://archives?part-size=100", "at least 5242880"),
        ("s3://archives?bucket-region=x", "unknown parameter 'bucket-region'"),
    ])
    func badURLsAreExplained(url: String, problem: String) {
        #expect(throws: StorageURLError.self) { try S3Location.parse(url) }
        do {
            _ = try S3Location.parse(url)
        } catch {
            #expect(error.description.contains(problem), "\(error.description)")
        }
    }
}

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
