public import StrataDiagnostics
public import StrataFileSystem

// Diagnostics in the caches' binary form (the check cache's findings, the generate cache's
// warnings): thousands of them, a missing-sources warning per target say, read back in
// milliseconds where JSONDecoder took a fifth of a second.

extension ByteWriter {
    public mutating func diagnostics(_ values: [Diagnostic]) {
        varint(UInt64(values.count))
        for diagnostic in values {
            string(diagnostic.id)
            u8(UInt8(Severity.allCases.firstIndex(of: diagnostic.severity)!))
            string(diagnostic.message)
            location(diagnostic.location)
            varint(UInt64(diagnostic.notes.count))
            for note in diagnostic.notes {
                string(note.message)
                location(note.location)
            }
            optionalString(diagnostic.hint)
            optionalString(diagnostic.subject?.source)
            if let subject = diagnostic.subject { string(subject.target) }
        }
    }

    private mutating func location(_ value: SourceLocation?) {
        optionalString(value?.path)
        guard let value else { return }
        zigzag(Int64(value.line))
        zigzag(Int64(value.column))
    }

    private mutating func optionalString(_ value: String?) {
        u8(value == nil ? 0 : 1)
        if let value { string(value) }
    }
}

extension ByteReader {
    /// Diagnostics written by `ByteWriter.diagnostics(_:)`.
    public mutating func diagnostics() throws(CorruptData) -> [Diagnostic] {
        let count = try varint()  // each takes bytes: a wrong count runs out of them
        var values: [Diagnostic] = []
        for _ in 0..<count {
            let id = try string()
            let severityIndex = Int(try u8())
            guard Severity.allCases.indices.contains(severityIndex) else { throw CorruptData() }
            let message = try string()
            let location = try self.location()
            var notes: [DiagnosticNote] = []
            for _ in 0..<(try varint()) { notes.append(DiagnosticNote(try string(), at: try self.location())) }
            let hint = try optionalString()
            let subject = try optionalString().map { source throws(CorruptData) in DiagnosticSubject(source: source, target: try string()) }
            values.append(
                Diagnostic(
                    id: id, severity: Severity.allCases[severityIndex], message: message, location: location, notes: notes, hint: hint,
                    subject: subject))
        }
        return values
    }

    private mutating func location() throws(CorruptData) -> SourceLocation? {
        guard let path = try optionalString() else { return nil }
        return SourceLocation(path: path, line: Int(try zigzag()), column: Int(try zigzag()))
    }

    private mutating func optionalString() throws(CorruptData) -> String? {
        switch try u8() {
        case 0: return nil
        case 1: return try string()
        default: throw CorruptData()
        }
    }
}
