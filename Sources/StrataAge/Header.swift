import Crypto

/// The textual header of an age file: the version line, the recipient stanzas and the MAC.
///
///     age-encryption.org/v1
///     -> X25519 XEl0dJ6y3C7KZkgmgWUicg63EyXJiwBJW8PdYJ/cYBE
///     qRS0AMjdjPvZ/WT08U2KL4G+PIooA3hy38SvLpvaC1E
///     --- HK2NmOBN9Dpq0Gw6xMCuhFcQlQLvZ/wQUi/2scLG75s
struct Header {
    static let versionLine = "age-encryption.org/v1"
    static let bodyColumns = 64

    var stanzas: [Stanza]
    /// The header's bytes up to and including `---`: what the MAC covers.
    var macInput: [UInt8]
    var mac: [UInt8]

    /// The header for `stanzas` with its MAC for `fileKey`, as bytes ending in a line feed.
    static func serialize(_ stanzas: [Stanza], fileKey: [UInt8]) -> [UInt8] {
        var text = versionLine + "\n"
        for stanza in stanzas {
            text += "-> " + stanza.arguments.joined(separator: " ") + "\n"
            let body = Base64.encode(stanza.body)
            var start = body.startIndex
            // Full lines of 64, then a shorter final line, which is empty when the body fills
            // its last line.
            while body.distance(from: start, to: body.endIndex) >= bodyColumns {
                let end = body.index(start, offsetBy: bodyColumns)
                text += body[start..<end] + "\n"
                start = end
            }
            text += body[start...] + "\n"
        }
        text += "---"
        let macInput = Array(text.utf8)
        return macInput + Array(" \(Base64.encode(mac(of: macInput, fileKey: fileKey)))\n".utf8)
    }

    /// HMAC-SHA-256 of `macInput` with the header key derived from `fileKey`.
    static func mac(of macInput: [UInt8], fileKey: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: macInput, using: macKey(fileKey: fileKey)))
    }

    /// Whether the MAC is the one `fileKey` gives (compared in constant time).
    func isAuthentic(fileKey: [UInt8]) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: macInput, using: Self.macKey(fileKey: fileKey))
    }

    /// The header's HMAC key: HKDF-SHA-256 of the file key, no salt, info "header".
    private static func macKey(fileKey: [UInt8]) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: fileKey), salt: [UInt8](), info: Array("header".utf8), outputByteCount: 32)
    }

    /// Parses the header at the start of `bytes`; returns it and where the payload starts.
    static func parse(_ bytes: [UInt8]) throws(AgeError) -> (header: Header, payloadStart: Int) {
        var reader = LineReader(bytes: bytes)
        guard let version = reader.next() else { throw .notAnAgeFile }
        guard version.text.starts(with: "age-encryption.org/".utf8) else { throw .notAnAgeFile }
        guard version.text.elementsEqual(versionLine.utf8) else {
            throw .unsupportedVersion(String(decoding: version.text.dropFirst("age-encryption.org/".utf8.count), as: UTF8.self))
        }
        guard version.ended else { throw .malformedHeader(line: 1, reason: "the header ends after the version line") }
        var stanzas: [Stanza] = []
        while true {
            guard let line = reader.next() else { throw .malformedHeader(line: reader.lineNumber + 1, reason: "the header has no MAC line") }
            if line.text.starts(with: "-> ".utf8) {
                stanzas.append(try stanza(arguments: line, reader: &reader))
            } else if line.text.starts(with: "---".utf8) {
                let number = reader.lineNumber
                guard line.text.count == 3 + 1 + 43, line.text[line.text.startIndex + 3] == UInt8(ascii: " "),
                    let mac = Base64.decode(String(decoding: line.text.dropFirst(4), as: UTF8.self)), mac.count == 32
                else { throw .malformedHeader(line: number, reason: "the MAC line is not '--- ' and 43 base64 characters") }
                guard line.ended else { throw .malformedHeader(line: number, reason: "the MAC line does not end with a line feed") }
                guard !stanzas.isEmpty else { throw .malformedHeader(line: number, reason: "the header has no recipient stanza") }
                let macInput = Array(bytes[..<(line.start + 3)])
                return (Header(stanzas: stanzas, macInput: macInput, mac: mac), reader.position)
            } else {
                throw .malformedHeader(line: reader.lineNumber, reason: "a line starts with neither '->' nor '---'")
            }
        }
    }

    /// The stanza whose argument line is `line`, reading its body lines from `reader`.
    private static func stanza(arguments line: LineReader.Line, reader: inout LineReader) throws(AgeError) -> Stanza {
        let number = reader.lineNumber
        guard line.ended else { throw .malformedHeader(line: number, reason: "the header ends in a stanza") }
        let arguments = line.text.dropFirst(3).split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
        guard !arguments.isEmpty, arguments.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0 >= 0x21 && $0 <= 0x7E } }) else {
            throw .malformedHeader(line: number, reason: "a stanza's arguments must be printable words separated by single spaces")
        }
        var body = ""
        while true {
            guard let bodyLine = reader.next(), bodyLine.ended else {
                throw .malformedHeader(line: reader.lineNumber, reason: "the header ends in a stanza's body")
            }
            guard bodyLine.text.count <= bodyColumns, bodyLine.text.allSatisfy(Base64.isAlphabet) else {
                throw .malformedHeader(line: reader.lineNumber, reason: "a stanza's body line is not base64 of at most 64 columns")
            }
            body += String(decoding: bodyLine.text, as: UTF8.self)
            if bodyLine.text.count < bodyColumns { break }
        }
        guard let decoded = Base64.decode(body) else {
            throw .malformedHeader(line: reader.lineNumber, reason: "a stanza's body is not canonical base64")
        }
        return Stanza(arguments: arguments.map { String(decoding: $0, as: UTF8.self) }, body: decoded)
    }
}

/// The header's lines, each without its line feed.
private struct LineReader {
    struct Line {
        let text: ArraySlice<UInt8>
        /// Where the line starts in the file.
        let start: Int
        /// Whether a line feed ended it (rather than the end of the input).
        let ended: Bool
    }

    let bytes: [UInt8]
    /// Where the next line starts: after the header, where the payload starts.
    private(set) var position = 0
    /// The number of the line last read, from 1.
    private(set) var lineNumber = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Line? {
        guard position < bytes.count else { return nil }
        let start = position
        lineNumber += 1
        if let feed = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            position = feed + 1
            return Line(text: bytes[start..<feed], start: start, ended: true)
        }
        position = bytes.count
        return Line(text: bytes[start...], start: start, ended: false)
    }
}
