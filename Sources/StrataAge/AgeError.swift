/// Why an age file or key could not be read or written. Every failure is closed: nothing of a
/// file that fails is returned.
public enum AgeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input does not start with an age header (it is another kind of file).
    case notAnAgeFile
    /// The header names a version this implementation does not read.
    case unsupportedVersion(String)
    /// The header breaks the format at `line` (1-based): `reason` says how.
    case malformedHeader(line: Int, reason: String)
    /// A recipient stanza of a known type has the wrong arguments or body.
    case malformedStanza(type: String, reason: String)
    /// An scrypt stanza is not alone in the header (the format forbids mixing it with others).
    case scryptNotAlone
    /// An scrypt stanza asks for more work than allowed (2^`workFactor` iterations).
    case workFactorTooLarge(workFactor: Int, maximum: Int)
    /// A file is to be encrypted to no one.
    case noRecipients
    /// None of the identities given unwraps the file key.
    case noIdentityMatched
    /// The passphrase does not unwrap the file key.
    case incorrectPassphrase
    /// The header's MAC does not match: the header was changed, or the file key is wrong.
    case headerMACMismatch
    /// The payload ends before its nonce or before a final chunk.
    case truncatedPayload
    /// Chunk `index` (0-based) fails authentication: it was changed, cut or moved.
    case payloadAuthenticationFailed(chunk: Int)
    /// The last chunk is empty though the payload has others (the format forbids it).
    case emptyFinalChunk
    /// A key in text form is not valid: `reason` says why.
    case invalidKey(reason: String)
    /// A file cannot be read or written (`AgeFile.encryptFile`, `decryptFile`).
    case fileError(path: String, reason: String)

    public var description: String {
        switch self {
        case .notAnAgeFile: "not an age file (it does not start with 'age-encryption.org/')"
        case .unsupportedVersion(let version): "unsupported age version '\(version)' (only age-encryption.org/v1 is read)"
        case .malformedHeader(let line, let reason): "malformed age header at line \(line): \(reason)"
        case .malformedStanza(let type, let reason): "malformed \(type) stanza: \(reason)"
        case .scryptNotAlone: "an scrypt (passphrase) stanza must be the only stanza of the header"
        case .workFactorTooLarge(let workFactor, let maximum):
            "the passphrase's scrypt work factor 2^\(workFactor) is above the allowed 2^\(maximum)"
        case .noRecipients: "a file must be encrypted to at least one recipient"
        case .noIdentityMatched: "none of the identities given can decrypt this file"
        case .incorrectPassphrase: "incorrect passphrase"
        case .headerMACMismatch: "the header's MAC does not match: the file was changed"
        case .truncatedPayload: "the file ends before its last chunk: it was cut short"
        case .payloadAuthenticationFailed(let chunk): "chunk \(chunk) of the payload fails authentication: the file was changed or cut"
        case .emptyFinalChunk: "the payload ends with an empty chunk, which the format forbids"
        case .invalidKey(let reason): "invalid key: \(reason)"
        case .fileError(let path, let reason): "\(path): \(reason)"
        }
    }
}
