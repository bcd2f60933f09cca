import Crypto
import Foundation

/// What `secrets.age` holds once decrypted: each secret's value, who could read it, and which
/// secrets a removed member could have copied and are not yet rotated.
struct SecretsContent: Codable, Equatable {
    struct Secret: Codable, Equatable {
        /// The value's bytes (base64 in the JSON, so any bytes are fine: a certificate, a key file).
        var value: Data
        /// The members who could decrypt the value: everyone who was a member since it was set.
        var readers: [String]
        /// Members removed while they could read this value; empty once it is rotated.
        var removedReaders: [String] = []
        /// SHA-256 of the value when the first of `removedReaders` was removed: a rotation must
        /// change the value.
        var valueAtRemoval: Data?
    }

    /// The format of this JSON, for a later Strata to read an older file.
    var format = 1
    var secrets: [String: Secret] = [:]

    func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding dictionaries of strings and data cannot fail.
        return Array(try! encoder.encode(self))
    }

    static func decoded(_ bytes: [UInt8]) -> SecretsContent? {
        guard let content = try? JSONDecoder().decode(SecretsContent.self, from: Data(bytes)), content.format == 1 else { return nil }
        return content
    }

    static func digest(_ value: Data) -> Data { Data(SHA256.hash(data: value)) }
}
