import Foundation
import NIOCore
import StrataPublish
import Testing

@testable import StrataRegistry

/// The publish body read as it arrives: however the network cuts it into chunks, the same parts
/// come out, the archive part lands in a file with its SHA-256, and every limit holds.
@Suite(.serialized) struct MultipartFormTests {
    static let limits = MultipartForm.Limits(bodyBytes: 8 << 20, fileBytes: 4 << 20, partBytes: 64 << 10)

    /// Bytes with every awkward sequence in them: CR, LF, dashes, and a near-miss of the boundary.
    static func binary(_ count: Int, using generator: inout some RandomNumberGenerator) -> Data {
        var data = Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
        for _ in 0..<(count / 500) {
            let at = Int.random(in: 0..<max(count - 40, 1), using: &generator)
            let awkward = ["\r\n", "\r\n--", "\r\n--strata-", "--", "\r"].randomElement(using: &generator)!
            data.replaceSubrange(at..<min(at + awkward.utf8.count, count), with: Data(awkward.utf8).prefix(count - at))
        }
        return data
    }

    /// `body` handed over in chunks of random sizes, as a connection would.
    static func chunks(_ body: Data, using generator: inout some RandomNumberGenerator) -> AsyncStream<ByteBuffer> {
        var pieces: [ByteBuffer] = []
        var offset = 0
        while offset < body.count {
            let size = [1, 2, 7, 100, 4096, 65536].randomElement(using: &generator)!
            let end = min(offset + Int.random(in: 1...size, using: &generator), body.count)
            pieces.append(ByteBuffer(bytes: body[offset..<end]))
            offset = end
        }
        return AsyncStream { continuation in
            for piece in pieces { continuation.yield(piece) }
            continuation.finish()
        }
    }

    static func read(_ body: Data, boundary: String, limits: MultipartForm.Limits = limits, using generator: inout some RandomNumberGenerator)
        async throws -> MultipartForm
    {
        try await MultipartForm.read(chunks(body, using: &generator), boundary: boundary, filePart: "source-archive", limits: limits)
    }

    @Test func anyChunkingGivesTheSamePartsAndTheArchiveInAFile() async throws {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<60 {
            // Up to twice the largest chunk `chunks` hands over (64 KiB), so that an archive spans
            // chunks of every size. Not more: MultipartKit's parser reads byte by byte, and in a
            // debug build archives up to 300 KB made this suite cost 75 s of CPU in every CI run.
            let archive = Self.binary(Int.random(in: 1...128_000, using: &generator), using: &generator)
            let signature = Self.binary(Int.random(in: 1...2000, using: &generator), using: &generator)
            var body = MultipartBody()
            body.append("metadata", type: "application/json", Data(#"{"description": "round \#(round)"}"#.utf8))
            body.append("source-archive", type: "application/zip", archive)
            body.append("source-archive-signature", type: "application/octet-stream", signature)
            let form = try await Self.read(body.finished, boundary: body.boundary, using: &generator)
            defer { form.remove() }
            let file = try #require(form.file)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == archive, "round \(round)")
            #expect(file.size == archive.count && file.sha256 == Checksum.sha256Hex(archive))
            #expect(form.part("metadata")?.body == Data(#"{"description": "round \#(round)"}"#.utf8))
            #expect(form.part("source-archive-signature")?.body == signature)
            #expect(form.part("source-archive") == nil, "the archive is in the file, not in memory")
        }
    }

    /// The spec's own example sends the archive base64-encoded: decoded as it arrives, lines and all.
    @Test func aBase64ArchiveIsDecodedOnTheWay() async throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<30 {
            let archive = Self.binary(Int.random(in: 1...100_000, using: &generator), using: &generator)
            let encoded = archive.base64EncodedString(options: [.lineLength76Characters, .endLineWithCarriageReturn])
            let body =
                "--b\r\nContent-Disposition: form-data; name=\"source-archive\"\r\nContent-Type: application/zip\r\n"
                + "Content-Transfer-Encoding: base64\r\n\r\n\(encoded)\r\n--b--\r\n"
            let form = try await Self.read(Data(body.utf8), boundary: "b", using: &generator)
            defer { form.remove() }
            let file = try #require(form.file)
            #expect(try Data(contentsOf: URL(fileURLWithPath: file.path)) == archive)
            #expect(file.sha256 == Checksum.sha256Hex(archive))
        }
        let broken = "--b\r\nContent-Disposition: form-data; name=\"source-archive\"\r\nContent-Transfer-Encoding: base64\r\n\r\nQUJD=QUJD\r\n--b--\r\n"
        await #expect(throws: MultipartForm.Failure.malformed("the 'source-archive' part says it is base64 but is not")) {
            _ = try await Self.read(Data(broken.utf8), boundary: "b", using: &generator)
        }
    }

    @Test func limitsAndMistakesAreNamed() async throws {
        var generator = SystemRandomNumberGenerator()
        func failure(_ body: Data, boundary: String = "b") async -> MultipartForm.Failure? {
            do {
                let form = try await Self.read(body, boundary: boundary, using: &generator)
                form.remove()
                return nil
            } catch {
                return error as? MultipartForm.Failure
            }
        }
        func body(_ parts: [(String, Data)]) -> MultipartBody {
            var body = MultipartBody()
            for (name, data) in parts { body.append(name, type: "application/octet-stream", data) }
            return body
        }
        let small = Data("PK".utf8)
        let twice = body([("source-archive", small), ("source-archive", small)])
        #expect(await failure(twice.finished, boundary: twice.boundary) == .duplicatePart("source-archive"))
        // A part kept in memory is counted to its end, so the answer says how large it was.
        let heavy = body([("source-archive", small), ("metadata", Data(count: 70_000))])
        #expect(await failure(heavy.finished, boundary: heavy.boundary) == .partTooLarge(name: "metadata", bytes: 70_000, limit: 64 << 10))
        let large = body([("source-archive", Data(count: (4 << 20) + 1))])
        #expect(await failure(large.finished, boundary: large.boundary) == .partTooLarge(name: "source-archive", bytes: nil, limit: 4 << 20))
        let huge = body([("other", Data(count: 9 << 20))])
        #expect(await failure(huge.finished, boundary: huge.boundary) == .bodyTooLarge(limit: 8 << 20))
        #expect(await failure(Data()) == .malformed(#"the request body is empty: a publish sends multipart/form-data with a 'source-archive' part (and optionally 'metadata')"#))
        #expect(await failure(Data("--b\r\nContent-Disposition: form-data; name=\"metadata\"\r\n\r\n{}".utf8)) == .malformed("the multipart body is cut short: it has no closing '--b--'"))
    }

    /// Whatever way a read ends, its scratch folder goes with it.
    @Test func noScratchFolderOutlivesItsRead() async throws {
        var generator = SystemRandomNumberGenerator()
        let body = Self.body(archive: Data(count: 1000))
        let form = try await Self.read(body.finished, boundary: body.boundary, using: &generator)
        let folder = try #require(form.file.map { ($0.path as NSString).deletingLastPathComponent })
        #expect(FileManager.default.fileExists(atPath: folder))
        form.remove()
        #expect(!FileManager.default.fileExists(atPath: folder))

        let before = Self.uploadFolders()
        let cut = body.data  // no closing delimiter
        await #expect(throws: MultipartForm.Failure.self) { _ = try await Self.read(cut, boundary: body.boundary, using: &generator) }
        #expect(Self.uploadFolders().subtracting(before).isEmpty)
    }

    static func body(archive: Data) -> MultipartBody {
        var body = MultipartBody()
        body.append("source-archive", type: "application/zip", archive)
        return body
    }

    static func uploadFolders() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        return Set(names.filter { $0.hasPrefix("strata-registry-upload-\(getpid())-") })
    }

    /// The delimiter watch against `Data.range(of:)` on the whole stream, over random cuts.
    @Test func delimitersAreFoundAcrossChunkBoundaries() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let needle = "--" + String(repeating: "x", count: Int.random(in: 0...20, using: &generator)) + "--"
            var stream = Data((0..<Int.random(in: 0...300, using: &generator)).map { _ in [UInt8(ascii: "-"), UInt8(ascii: "x"), 0x0d].randomElement(using: &generator)! })
            if Bool.random(using: &generator) {
                stream.insert(contentsOf: Data(needle.utf8), at: Int.random(in: 0...stream.count, using: &generator))
            }
            var watch = DelimiterWatch(needle)
            var offset = 0
            while offset < stream.count {
                let end = min(offset + Int.random(in: 1...8, using: &generator), stream.count)
                Data(stream[offset..<end]).withUnsafeBytes { watch.feed($0) }
                offset = end
            }
            #expect(watch.found == (stream.range(of: Data(needle.utf8)) != nil), "\(needle) in \(String(decoding: stream, as: UTF8.self))")
        }
    }
}
