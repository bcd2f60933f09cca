import Foundation
@testable import StrataRegistry
import Testing

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
