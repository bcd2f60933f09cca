import Foundation
public import StrataFileSystem

/// Scan results kept on disk between runs, so that a run over unchanged files reads almost
/// nothing: an entry is reused only if the file's path, size, modification time and inode
/// are all unchanged, and the whole cache is dropped when the scanner's version changes.
///
/// The file is a compact binary format: a header, a table of the strings files share (module
/// names repeat across thousands of files), then one record per file: its path, its stamp and
/// its scan, referring to the table.
public struct ScanCache: Sendable {
    struct Key: Hashable, Sendable {
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    static let magic: [UInt8] = Array("STRATASC".utf8)
    static let formatVersion: UInt32 = 3  // 3: whether `strata secrets export` wrote the file

    /// Results by absolute path.
    private(set) var entries: [String: (key: Key, scan: FileScan)] = [:]

    /// An empty cache.
    public init() {}

    /// The cached result for `file`, if it is unchanged.
    public func result(for file: FileStamp) -> FileScan? {
        guard let entry = entries[file.path],
            entry.key == Key(size: file.size, modified: file.modified, inode: file.inode)
        else { return nil }
        return entry.scan
    }

    /// Remembers the scan of `file` as it is now.
    public mutating func store(_ scan: FileScan, for file: FileStamp) {
        entries[file.path] = (Key(size: file.size, modified: file.modified, inode: file.inode), scan)
    }

    /// How many files the cache knows.
    public var count: Int { entries.count }

    // MARK: - Reading and writing

    /// Reads the cache at `path`; a missing, foreign, corrupt or outdated file gives an empty cache.
    public static func load(path: String) -> ScanCache {
        guard let bytes = FileContents.bytes(atPath: path) else { return ScanCache() }
        return (try? decode(bytes)) ?? ScanCache()
    }

    /// Writes the cache atomically; failures are returned, not thrown (the cache is an optimisation).
    public func write(path: String) -> String? {
        Self.write(records, to: path)
    }

    /// Writes a cache that holds exactly these results, atomically; failures are returned.
    public static func write(_ records: [(stamp: FileStamp, scan: FileScan)], to path: String) -> String? {
        do throws(AtomicFileWriter.WriteError) {
            try AtomicFileWriter.write(Data(encode(records)), to: path, creatingFolder: true)
            return nil
        } catch {
            return error.description
        }
    }

    /// The entries as records.
    var records: [(stamp: FileStamp, scan: FileScan)] {
        entries.map { path, entry in
            (FileStamp(path: path, size: entry.key.size, modified: entry.key.modified, inode: entry.key.inode), entry.scan)
        }
    }

    func encode() -> [UInt8] { Self.encode(records) }

    static func encode(_ records: [(stamp: FileStamp, scan: FileScan)]) -> [UInt8] {
        var strings: [String] = []
        var index: [String: UInt32] = [:]
        func id(_ string: String) -> UInt32 {
            if let existing = index[string] { return existing }
            let new = UInt32(strings.count)
            strings.append(string)
            index[string] = new
            return new
        }
        // Paths seldom repeat, so they are written in place; everything else goes through the table.
        var body = ByteWriter(capacity: records.count * 160)
        body.u32(UInt32(records.count))
        for (stamp, scan) in records {
            body.stamp(stamp)
            body.u32(scan.isExportedSecrets ? 1 : 0)
            body.u32(UInt32(scan.problems.count))
            for problem in scan.problems {
                body.u32(id(problem.kind.rawValue))
                body.u32(id(problem.message))
                body.u32(UInt32(problem.line ?? 0))
                body.u32(UInt32(problem.column ?? 0))
            }
            body.u32(UInt32(scan.imports.count))
            for declaration in scan.imports {
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
        var header = ByteWriter(capacity: 16 + strings.count * 24 + body.buffer.count)
        header.bytes(Self.magic)
        header.u32(Self.formatVersion)
        header.u32(UInt32(ImportScanner.version))
        header.u32(UInt32(strings.count))
        for string in strings { header.string(string) }
        header.bytes(body.buffer)
        return header.buffer
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
            strings.append(try reader.string())
        }
        func string(_ id: UInt32) throws -> String {
            guard Int(id) < strings.count else { throw CorruptData() }
            return strings[Int(id)]
        }
        func optional(_ id: UInt32) throws -> String? { id == 0 ? nil : try string(id - 1) }

        var cache = ScanCache()
        let entryCount = Int(try reader.u32())
        cache.entries.reserveCapacity(entryCount)
        for _ in 0..<entryCount {
            let stamp = try reader.stamp()
            let path = stamp.path
            let key = Key(size: stamp.size, modified: stamp.modified, inode: stamp.inode)
            let flags = try reader.u32()
            guard flags <= 1 else { throw CorruptData() }
            var problems: [SourceProblem] = []
            for _ in 0..<(try reader.u32()) {
                guard let kind = SourceProblem.Kind(rawValue: try string(try reader.u32())) else { throw CorruptData() }
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
                guard !components.isEmpty else { throw CorruptData() }
                imports.append(
                    ImportDeclaration(
                        path: components, kind: kind, attributes: attributes, accessLevel: access, line: line, column: column,
                        moduleLine: moduleLine, moduleColumn: moduleColumn, conditions: clauses))
            }
            cache.entries[path] = (key, FileScan(imports: imports, problems: problems, isExportedSecrets: flags == 1))
        }
        guard reader.isAtEnd else { throw CorruptData() }
        return cache
    }
}
