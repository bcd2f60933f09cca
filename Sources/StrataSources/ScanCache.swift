import Foundation
import StrataDiagnostics

/// Scan results kept on disk between runs, so that a run over unchanged files reads almost
/// nothing: an entry is reused only if the file's path, size, modification time and inode
/// are all unchanged, and the whole cache is dropped when the scanner's version changes.
///
/// The file is a compact binary format: a header, a table of every distinct string (module
/// names repeat across thousands of files), then one record per file referring to it.
public struct ScanCache: Sendable {
    struct Key: Hashable, Sendable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    static let magic: [UInt8] = Array("STRATASC".utf8)
    static let formatVersion: UInt32 = 1

    /// Results by absolute path.
    private(set) var entries: [String: (key: Key, scan: FileScan)] = [:]
    /// True once anything was added or dropped, so the file needs writing.
    private(set) var isModified = false

    public init() {}

    /// The cached result for `file`, if it is unchanged.
    public func result(for file: SourceFileEntry) -> FileScan? {
        guard let entry = entries[file.path],
            entry.key == Key(size: file.size, modified: file.modified, inode: file.inode)
        else { return nil }
        return entry.scan
    }

    public mutating func store(_ scan: FileScan, for file: SourceFileEntry) {
        entries[file.path] = (Key(size: file.size, modified: file.modified, inode: file.inode), scan)
        isModified = true
    }

    /// Drops entries of files that no longer exist (or were not seen this run).
    public mutating func keepOnly(_ paths: Set<String>) {
        let before = entries.count
        entries = entries.filter { paths.contains($0.key) }
        if entries.count != before { isModified = true }
    }

    public var count: Int { entries.count }

    // MARK: - Reading and writing

    /// Reads the cache at `path`; a missing, foreign, corrupt or outdated file gives an empty cache.
    public static func load(path: String) -> ScanCache {
        guard let data = FileManager.default.contents(atPath: path) else { return ScanCache() }
        return (try? decode([UInt8](data))) ?? ScanCache()
    }

    /// Writes the cache atomically; failures are returned, not thrown (the cache is an optimisation).
    public func write(path: String) -> String? {
        do {
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            let bytes = encode()
            let temporary = path + ".\(UUID().uuidString).tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
                return "cannot write '\(temporary)'"
            }
            guard rename(temporary, path) == 0 else {
                try? FileManager.default.removeItem(atPath: temporary)
                return "cannot replace '\(path)'"
            }
            return nil
        } catch {
            return "\(error)"
        }
    }

    public struct CorruptCache: Error {
        public init() {}
    }

    func encode() -> [UInt8] {
        var strings: [String] = []
        var index: [String: UInt32] = [:]
        func id(_ string: String) -> UInt32 {
            if let existing = index[string] { return existing }
            let new = UInt32(strings.count)
            strings.append(string)
            index[string] = new
            return new
        }
        var body = ByteWriter()
        body.buffer.reserveCapacity(entries.count * 96)
        body.u32(UInt32(entries.count))
        for (path, entry) in entries {
            body.u32(id(path))
            body.i64(entry.key.size)
            body.i64(entry.key.modified)
            body.u64(entry.key.inode)
            body.u32(UInt32(entry.scan.problems.count))
            for problem in entry.scan.problems {
                body.u32(id(problem.kind.rawValue))
                body.u32(id(problem.message))
                body.u32(UInt32(problem.line ?? 0))
                body.u32(UInt32(problem.column ?? 0))
            }
            body.u32(UInt32(entry.scan.imports.count))
            for declaration in entry.scan.imports {
                body.u32(UInt32(declaration.path.count))
                for component in declaration.path { body.u32(id(component)) }
                body.u32(declaration.kind.map { id($0.rawValue) + 1 } ?? 0)
                body.u32(UInt32(declaration.attributes.count))
                for attribute in declaration.attributes {
                    body.u32(id(attribute.name))
                    body.u32(attribute.arguments.map { id($0) + 1 } ?? 0)
                }
                body.u32(declaration.accessLevel.map { id($0) + 1 } ?? 0)
                body.u32(UInt32(declaration.line))
                body.u32(UInt32(declaration.column))
                body.u32(UInt32(declaration.moduleLine))
                body.u32(UInt32(declaration.moduleColumn))
                body.u32(UInt32(declaration.conditions.count))
                for clause in declaration.conditions {
                    body.u32(UInt32(clause.negated.count))
                    for condition in clause.negated { body.u32(id(condition)) }
                    body.u32(clause.condition.map { id($0) + 1 } ?? 0)
                }
            }
        }
        var header = ByteWriter()
        header.bytes(Self.magic)
        header.u32(Self.formatVersion)
        header.u32(UInt32(ImportScanner.version))
        header.u32(UInt32(strings.count))
        for string in strings {
            let utf8 = Array(string.utf8)
            header.u32(UInt32(utf8.count))
            header.bytes(utf8)
        }
        return header.buffer + body.buffer
    }

    static func decode(_ bytes: [UInt8]) throws -> ScanCache {
        var reader = ByteReader(bytes)
        guard try reader.bytes(magic.count) == magic, try reader.u32() == formatVersion,
            try reader.u32() == UInt32(ImportScanner.version)
        else { return ScanCache() }
        let stringCount = Int(try reader.u32())
        var strings: [String] = []
        strings.reserveCapacity(stringCount)
        for _ in 0..<stringCount {
            let length = Int(try reader.u32())
            strings.append(String(decoding: try reader.slice(length), as: UTF8.self))
        }
        func string(_ id: UInt32) throws -> String {
            guard Int(id) < strings.count else { throw CorruptCache() }
            return strings[Int(id)]
        }
        func optional(_ id: UInt32) throws -> String? { id == 0 ? nil : try string(id - 1) }

        var cache = ScanCache()
        let entryCount = Int(try reader.u32())
        cache.entries.reserveCapacity(entryCount)
        for _ in 0..<entryCount {
            let path = try string(try reader.u32())
            let key = Key(size: try reader.i64(), modified: try reader.i64(), inode: try reader.u64())
            var problems: [SourceProblem] = []
            for _ in 0..<(try reader.u32()) {
                guard let kind = SourceProblem.Kind(rawValue: try string(try reader.u32())) else { throw CorruptCache() }
                let message = try string(try reader.u32())
                let line = Int(try reader.u32()), column = Int(try reader.u32())
                problems.append(SourceProblem(kind, message, line: line == 0 ? nil : line, column: column == 0 ? nil : column))
            }
            var imports: [ImportDeclaration] = []
            for _ in 0..<(try reader.u32()) {
                var components: [String] = []
                for _ in 0..<(try reader.u32()) { components.append(try string(try reader.u32())) }
                let kind = try optional(try reader.u32()).flatMap(ImportDeclaration.Kind.init(rawValue:))
                var attributes: [ImportAttribute] = []
                for _ in 0..<(try reader.u32()) {
                    attributes.append(ImportAttribute(name: try string(try reader.u32()), arguments: try optional(try reader.u32())))
                }
                let access = try optional(try reader.u32())
                let line = Int(try reader.u32()), column = Int(try reader.u32())
                let moduleLine = Int(try reader.u32()), moduleColumn = Int(try reader.u32())
                var clauses: [IfConfigClause] = []
                for _ in 0..<(try reader.u32()) {
                    var negated: [String] = []
                    for _ in 0..<(try reader.u32()) { negated.append(try string(try reader.u32())) }
                    clauses.append(IfConfigClause(negated: negated, condition: try optional(try reader.u32())))
                }
                guard !components.isEmpty else { throw CorruptCache() }
                imports.append(
                    ImportDeclaration(
                        path: components, kind: kind, attributes: attributes, accessLevel: access, line: line, column: column,
                        moduleLine: moduleLine, moduleColumn: moduleColumn, conditions: clauses))
            }
            cache.entries[path] = (key, FileScan(imports: imports, problems: problems))
        }
        guard reader.isAtEnd else { throw CorruptCache() }
        return cache
    }
}

/// Little-endian binary writing, for Strata's cache files.
public struct ByteWriter: Sendable {
    public var buffer: [UInt8] = []

    public init() {}

    public mutating func bytes(_ values: [UInt8]) { buffer.append(contentsOf: values) }
    public mutating func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
    public mutating func u64(_ value: UInt64) { withUnsafeBytes(of: value.littleEndian) { buffer.append(contentsOf: $0) } }
    public mutating func i64(_ value: Int64) { u64(UInt64(bitPattern: value)) }

    /// A length-prefixed UTF-8 string.
    public mutating func string(_ value: String) {
        let utf8 = Array(value.utf8)
        u32(UInt32(utf8.count))
        bytes(utf8)
    }
}

/// Little-endian binary reading that throws instead of reading past the end.
public struct ByteReader: Sendable {
    let buffer: [UInt8]
    var offset = 0

    public init(_ buffer: [UInt8]) { self.buffer = buffer }

    public var isAtEnd: Bool { offset == buffer.count }

    public mutating func slice(_ count: Int) throws -> ArraySlice<UInt8> {
        guard count >= 0, offset + count <= buffer.count else { throw ScanCache.CorruptCache() }
        defer { offset += count }
        return buffer[offset..<(offset + count)]
    }

    public mutating func bytes(_ count: Int) throws -> [UInt8] { Array(try slice(count)) }

    /// A length-prefixed UTF-8 string.
    public mutating func string() throws -> String {
        String(decoding: try slice(Int(try u32())), as: UTF8.self)
    }

    public mutating func u32() throws -> UInt32 {
        let s = try slice(4)
        var value: UInt32 = 0
        for (shift, byte) in s.enumerated() { value |= UInt32(byte) << (8 * shift) }
        return value
    }

    public mutating func u64() throws -> UInt64 {
        let s = try slice(8)
        var value: UInt64 = 0
        for (shift, byte) in s.enumerated() { value |= UInt64(byte) << (8 * shift) }
        return value
    }

    public mutating func i64() throws -> Int64 { Int64(bitPattern: try u64()) }
}
