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
