import Foundation
import Testing

@testable import StrataAge

/// `AgeFile.encryptFile` and `decryptFile`: the streaming path gives exactly the in-memory
/// path's files, and a file that fails leaves no output behind.
@Suite struct FileStreamTests {
    let folder = NSTemporaryDirectory() + "strata-age-stream-\(UUID().uuidString)"
    let identity = X25519Identity()

    init() throws { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }

    func path(_ name: String) -> String { folder + "/" + name }
    func write(_ bytes: [UInt8], to name: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path(name))) }
    func read(_ name: String) throws -> [UInt8] { try Array(Data(contentsOf: URL(fileURLWithPath: path(name)))) }
    /// Everything in the folder: no temporary file may be left.
    var names: Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []) }

    @Test(arguments: RoundTripTests.sizes)
    func streamsAndMemoryReadEachOthersFiles(size: Int) throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plaintext = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try write(plaintext, to: "plain")
        try AgeFile.encryptFile(at: path("plain"), to: path("streamed.age"), recipients: [identity.recipient])
        let streamed = try read("streamed.age")
        #expect(streamed.count == (try AgeFile.encrypt(plaintext, to: [identity.recipient])).count)
        #expect(try AgeFile.decrypt(streamed, with: [identity]) == plaintext)
        try write(try AgeFile.encrypt(plaintext, to: [identity.recipient]), to: "memory.age")
        try AgeFile.decryptFile(at: path("memory.age"), to: path("out"), identities: [identity])
        #expect(try read("out") == plaintext)
        let mode = try FileManager.default.attributesOfItem(atPath: path("out"))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(names == ["plain", "streamed.age", "memory.age", "out"])
    }

    @Test func aChangedOrCutFileLeavesTheOutputAsItWas() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plaintext = (0..<(3 * 65_536 + 100)).map { UInt8(truncatingIfNeeded: $0) }
        try write(plaintext, to: "plain")
        try AgeFile.encryptFile(at: path("plain"), to: path("file.age"), recipients: [identity.recipient])
        let file = try read("file.age")
        try write(Array("kept".utf8), to: "out")
        let headerSize = file.count - 16 - plaintext.count - 16 * 4
        var lastChunkChanged = file
        lastChunkChanged[file.count - 20] ^= 1
        var firstChunkChanged = file
        firstChunkChanged[headerSize + 16 + 3] ^= 0x80
        let cases: [(String, [UInt8], AgeError)] = [
            ("last chunk changed", lastChunkChanged, .payloadAuthenticationFailed(chunk: 3)),
            ("first chunk changed", firstChunkChanged, .payloadAuthenticationFailed(chunk: 0)),
            ("cut after a full chunk", Array(file.prefix(headerSize + 16 + 65_552)), .truncatedPayload),
            ("cut in its nonce", Array(file.prefix(headerSize + 7)), .truncatedPayload),
            ("extended", file + [0], .payloadAuthenticationFailed(chunk: 3)),
            ("not age", Array("hello\n".utf8), .notAnAgeFile),
        ]
        for (name, bytes, expected) in cases {
            try write(bytes, to: "bad.age")
            #expect(throws: expected, "\(name)") { try AgeFile.decryptFile(at: path("bad.age"), to: path("out"), identities: [identity]) }
            #expect(try read("out") == Array("kept".utf8), "\(name)")
            #expect(names == ["plain", "file.age", "bad.age", "out"], "\(name)")
        }
        #expect(throws: AgeError.noIdentityMatched) { try AgeFile.decryptFile(at: path("file.age"), to: path("out"), identities: [X25519Identity()]) }
        #expect(throws: AgeError.fileError(path: path("missing"), reason: "No such file or directory")) {
            try AgeFile.encryptFile(at: path("missing"), to: path("x.age"), recipients: [identity.recipient])
        }
        #expect(!names.contains("x.age"))
    }
}
