/// One recipient stanza of an age header: its arguments (the first names its type) and its
/// body, which wraps the file key for one recipient.
public struct Stanza: Equatable, Sendable {
    /// The arguments, the type first (`X25519`, `scrypt`, or a recipient type age does not know).
    public let arguments: [String]
    /// The body's bytes.
    public let body: [UInt8]

    public init(arguments: [String], body: [UInt8]) {
        self.arguments = arguments
        self.body = body
    }

    /// The stanza's type: its first argument.
    public var type: String { arguments[0] }
}

/// Something a file can be encrypted to: it wraps the file key in one or more stanzas.
public protocol AgeRecipient: Sendable {
    /// Stanzas that each let this recipient's identity recover `fileKey`.
    func wrap(fileKey: [UInt8]) throws(AgeError) -> [Stanza]
}

/// Something that can decrypt a file: it recovers the file key from the stanzas addressed to it.
public protocol AgeIdentity: Sendable {
    /// The file key, when one of `stanzas` is addressed to this identity and unwraps; `nil` when
    /// none is. Throws when a stanza of its type is malformed, which fails the whole file.
    func unwrap(_ stanzas: [Stanza]) throws(AgeError) -> [UInt8]?
}
