extension [UInt8] {
    /// Appends `text`'s UTF-8 bytes in one copy. `+= text.utf8` goes through the generic
    /// sequence path, a byte at a time: at 5,000 modules the drawings are 3 to 24 MB of text.
    mutating func append(utf8 text: String) {
        let copied: Void? = text.utf8.withContiguousStorageIfAvailable { append(contentsOf: $0) }
        if copied == nil { append(contentsOf: text.utf8) }
    }

    /// Appends `text` as UTF-8.
    mutating func append(utf8 text: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension [[UInt8]] {
    /// The parts one after another, as one array (a drawing rendered in parts, for a String or a test).
    var joinedBytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(reduce(0) { $0 + $1.count })
        for part in self { bytes += part }
        return bytes
    }
}
