import StrataFileSystem

/// The entries of a large file's `objects` dictionary parsed in parts on all cores, ahead of
/// the parse from the start, which takes each part in when it reaches the part's start.
///
/// A parse is a walk from the first byte to the last, and a 20 MB project took a core 50–90 ms
/// to walk while the other waited. Nearly all of a project file is the `objects` dictionary,
/// one entry a line: `\t\t0A1B… /* App.swift */ = {isa = PBXFileReference; … };`. So the file
/// is cut into parts, each part's start moved to the next line that opens such an entry, and
/// each part parsed as a run of `key = value;` entries of a dictionary nested as deep as
/// `objects` is, until it reaches the next part's start or the dictionary's `}`.
///
/// Nothing here has to guess right. The parse from the start takes a part in only when it
/// stands exactly at the part's start, between two entries of a dictionary of that depth — the
/// state the part was parsed from — and only a part that parsed without a problem and ended
/// exactly at the next part's start (or closed the dictionary). From that state the parse
/// would have read the same nodes, so taking them in changes nothing but the time. A cut that
/// lands inside a string or a comment, a part that fails, or a file that is not laid out one
/// entry a line leaves the parse from the start to read those bytes itself, and to meet any
/// problem in them where it would have anyway.
struct SpeculativeParts {
    /// How deep the dictionaries are whose entries parts hold: the root's values (`objects`).
    static let depth = 2
    /// How many parts for each core: many, so that uneven parts still spread (on two cores, a
    /// 20 MB project parsed in 39 ms in 16 parts, 32 ms in 32, against 82 ms from the start alone).
    static let partsPerCore = 16
    /// Below this, a part is not worth a thread.
    static let minimumPartSize = 256 << 10
    /// How far past a cut the start of an entry is looked for.
    static let searchWindow = 64 << 10

    /// A run of entries parsed ahead.
    struct Part: Sendable {
        /// Where its first entry's key starts.
        let start: Int
        /// Where the parse stands after it: the next part's start, or past the `}` it closed.
        let end: Int
        /// Whether it ends with its dictionary's `}`.
        let closes: Bool
        /// Its nodes, numbered from 0 (a node's `next` too).
        let nodes: [PropertyList.Node]
    }

    /// The parts that parsed whole, in the file's order.
    private var parts: [Part] = []
    /// The first part the parse from the start has not reached.
    private var next = 0

    /// No parts: the parse from the start reads everything.
    init() {}

    /// Cuts `bytes` into up to `count` parts of at least `minimumPartSize` bytes and parses
    /// every part but the first (which the parse from the start reads) on all cores.
    init(_ bytes: UnsafeBufferPointer<UInt8>, parts count: Int, minimumPartSize: Int) {
        let count = min(count, bytes.count / max(minimumPartSize, 1))
        guard count > 1 else { return }
        var starts: [Int] = []
        for cut in 1..<count {
            guard let start = Self.entryStart(in: bytes, after: cut * (bytes.count / count)), start > (starts.last ?? 0) else { continue }
            starts.append(start)
        }
        let ranges = starts.indices.map { (start: starts[$0], stop: $0 + 1 < starts.count ? starts[$0 + 1] : nil) }
        let shared = SharedBytes(buffer: bytes)
        parts = ParallelMap.map(ranges, chunksPerCore: ranges.count) { Self.parse(shared.buffer, from: $0.start, until: $0.stop) }
            .compactMap(\.self)
    }

    /// How many parts parsed whole.
    var count: Int { parts.count }

    /// The part that starts at `position`, if one parsed whole; parts the parse has gone past
    /// are let go.
    mutating func part(startingAt position: Int) -> Part? {
        while next < parts.count, parts[next].start < position { next += 1 }
        guard next < parts.count, parts[next].start == position else { return nil }
        defer { next += 1 }
        return parts[next]
    }

    /// Whether a part may start at or before `position`: the cheap test made between every
    /// two entries of the dictionaries parts can be in.
    func mayStart(atOrBefore position: Int) -> Bool {
        next < parts.count && parts[next].start <= position
    }

    /// The entries from `start` until `stop` (or the dictionary's `}`); nil when they do not
    /// read, or do not end exactly at `stop`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, until stop: Int?) -> Part? {
        var cursor = PropertyListParser.Cursor(bytes: bytes, at: start)
        cursor.nodes.reserveCapacity(((stop ?? bytes.count) - start) / 16)
        do {
            while true {
                try cursor.skipTrivia()
                if let stop, cursor.position >= stop {
                    guard cursor.position == stop else { return nil }
                    return Part(start: start, end: stop, closes: false, nodes: cursor.nodes)
                }
                guard cursor.position < bytes.count else { return nil }
                if bytes[cursor.position] == UInt8(ascii: "}") {
                    return Part(start: start, end: cursor.position + 1, closes: true, nodes: cursor.nodes)
                }
                try cursor.entry(depth: depth, open: start)
            }
        } catch {
            return nil
        }
    }

    /// The start of the first line after `cut` that looks like it opens an object: blanks, an
    /// unquoted id, maybe a `/* comment */`, then `= {`.
    static func entryStart(in bytes: UnsafeBufferPointer<UInt8>, after cut: Int) -> Int? {
        let limit = min(bytes.count, cut + searchWindow)
        var position = cut
        while let newline = (position..<limit).first(where: { bytes[$0] == 0x0A }) {
            var cursor = newline + 1
            skipBlanks(bytes, &cursor, limit)
            let start = cursor
            while cursor < limit, PropertyListParser.isUnquoted(bytes[cursor]) { cursor += 1 }
            if cursor > start, opensObject(bytes, at: cursor, limit: limit) { return start }
            position = newline + 1
        }
        return nil
    }

    /// Whether what follows an id on its line is `/* comment */ = {`, the comment optional.
    private static func opensObject(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, limit: Int) -> Bool {
        var cursor = position
        skipBlanks(bytes, &cursor, limit)
        if cursor + 1 < limit, bytes[cursor] == UInt8(ascii: "/"), bytes[cursor + 1] == UInt8(ascii: "*") {
            cursor += 2
            while cursor + 1 < limit, !(bytes[cursor] == UInt8(ascii: "*") && bytes[cursor + 1] == UInt8(ascii: "/")) {
                if bytes[cursor] == 0x0A { return false }
                cursor += 1
            }
            cursor += 2
            skipBlanks(bytes, &cursor, limit)
        }
        guard cursor < limit, bytes[cursor] == UInt8(ascii: "=") else { return false }
        cursor += 1
        skipBlanks(bytes, &cursor, limit)
        return cursor < limit && bytes[cursor] == UInt8(ascii: "{")
    }

    private static func skipBlanks(_ bytes: UnsafeBufferPointer<UInt8>, _ cursor: inout Int, _ limit: Int) {
        while cursor < limit, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
    }

    /// The file's bytes, read by every part's thread while the parse that owns them waits.
    private struct SharedBytes: @unchecked Sendable {
        // @unchecked: read-only, and the caller keeps the buffer alive until every part is parsed.
        let buffer: UnsafeBufferPointer<UInt8>
    }
}

extension PropertyListParser.Cursor {
    /// What taking parts in did: nothing, or the dictionary the cursor is in was closed by one.
    enum PartsTaken {
        case open
        case closed
    }

    /// Takes in every part parsed ahead that starts where the cursor stands, one after the
    /// other (each ends where the next starts), its nodes numbered after those so far. They are
    /// copied in by ``allNodes()``, on all cores: copied here, one part after the other, they
    /// were a third of the parse, the other core waiting.
    mutating func takeParts() -> PartsTaken {
        guard parts.mayStart(atOrBefore: position) else { return .open }
        while let part = parts.part(startingAt: position) {
            taken.append((nodes.count, Int32(nodeCount), part))
            takenCount += part.nodes.count
            position = part.end
            if part.closes { return .closed }
        }
        return .open
    }

    /// Every node in order: those this cursor read, and those of the parts it took in,
    /// renumbered where they stand.
    func allNodes() -> [PropertyList.Node] {
        guard !taken.isEmpty else { return nodes }
        // The pieces in order: this cursor's nodes up to a part, the part, …, the nodes after the last.
        var pieces: [NodePiece] = []
        var read = 0
        for (at, base, part) in taken {
            pieces.append(NodePiece(nodes: nodes, range: read..<at, destination: read + Int(base) - at, shift: 0))
            pieces.append(NodePiece(nodes: part.nodes, range: part.nodes.indices, destination: Int(base), shift: base))
            read = at
        }
        pieces.append(NodePiece(nodes: nodes, range: read..<nodes.count, destination: nodeCount - (nodes.count - read), shift: 0))
        return [PropertyList.Node](unsafeUninitializedCapacity: nodeCount) { buffer, count in
            let target = NodeBuffer(buffer: buffer)
            _ = ParallelMap.map(pieces, chunksPerCore: pieces.count) { $0.copy(into: target) }
            count = nodeCount
        }
    }
}

/// A run of nodes bound for one place among all of them, its numbers shifted by `shift`.
private struct NodePiece: Sendable {
    let nodes: [PropertyList.Node]
    let range: Range<Int>
    let destination: Int
    let shift: Int32

    func copy(into target: NodeBuffer) {
        for (offset, index) in range.enumerated() {
            var node = nodes[index]
            node.next += shift
            (target.buffer.baseAddress! + destination + offset).initialize(to: node)
        }
    }
}

/// The nodes being filled, a piece on each core.
private struct NodeBuffer: @unchecked Sendable {
    // @unchecked: the pieces are disjoint, and the buffer outlives every copy.
    let buffer: UnsafeMutableBufferPointer<PropertyList.Node>
}
