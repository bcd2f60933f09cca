public import StrataFileSystem
import StrataLexer

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and scans one file, turning every kind of bad input into a problem: an unreadable,
/// empty, huge or binary file, text that is not UTF-8, an unterminated comment or literal.
/// It never throws and never stops: a bad file yields what could be read of it.
public enum SourceFileReader {
    /// Files larger than this are not scanned.
    public static let maximumSize: Int64 = 10 * 1024 * 1024

    public static func scan(_ file: FileStamp) -> FileScan {
        if file.size == 0 {
            return FileScan(imports: [], problems: [SourceProblem(.empty, "the file is empty")])
        }
        if file.size > maximumSize {
            return FileScan(
                imports: [],
                problems: [
                    SourceProblem(
                        .tooLarge,
                        "the file is \(file.size / (1024 * 1024)) MB, more than the \(maximumSize / (1024 * 1024)) MB Strata scans; it was skipped")
                ])
        }
        let bytes: [UInt8]
        switch read(file.path, expectedSize: Int(file.size)) {
        case .success(let read): bytes = read
        case .failure(let reason): return FileScan(imports: [], problems: [SourceProblem(.unreadable, "cannot read the file: \(reason)")])
        }
        return scan(bytes: bytes)
    }

    /// Scans file contents already in memory.
    public static func scan(bytes: [UInt8]) -> FileScan {
        var problems: [SourceProblem] = []
        if bytes.isEmpty {
            return FileScan(imports: [], problems: [SourceProblem(.empty, "the file is empty")])
        }
        let hasNUL = bytes.withUnsafeBytes { memchr($0.baseAddress!, 0, min($0.count, 8192)) != nil }
        if hasNUL {
            return FileScan(imports: [], problems: [SourceProblem(.binary, "the file holds binary data, not Swift source; it was skipped")])
        }
        let source = SourceText(bytes: bytes)
        if let bad = firstInvalidUTF8(bytes) {
            let (line, column) = source.lineAndColumn(of: bad)
            problems.append(SourceProblem(.invalidUTF8, "the file is not valid UTF-8 (first bad byte at offset \(bad))", line: line, column: column))
        }
        let scanned = ImportScanner().scan(source)
        problems += scanned.problems
        return FileScan(imports: scanned.imports, problems: problems, isExportedSecrets: ExportedSecretsFile.isExported(bytes))
    }

    private enum ReadResult {
        case success([UInt8])
        case failure(String)
    }

    private static func read(_ path: String, expectedSize: Int) -> ReadResult {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var failure: Int32?
        /// Reads into `buffer` until it is full or the file ends; the number of bytes read.
        func fill(_ buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
            let (count, stopped) = FileDescriptorIO.fill(UnsafeMutableRawBufferPointer(buffer), from: descriptor)
            failure = failure ?? stopped
            return count
        }
        // One byte more than expected, so that a file read whole leaves room: the read after
        // it then returns 0 (end of file). No zero-filling: every byte kept was read.
        var bytes = [UInt8](unsafeUninitializedCapacity: expectedSize + 1) { buffer, count in count = fill(buffer) }
        // The buffer filled up: the file grew since it was found. Read the rest, up to the size limit.
        var full = bytes.count == expectedSize + 1
        while full, failure == nil, Int64(bytes.count) <= maximumSize {
            let chunk = max(4096, bytes.count / 2)
            let more = [UInt8](unsafeUninitializedCapacity: chunk) { buffer, count in count = fill(buffer) }
            bytes += more
            full = more.count == chunk
        }
        if let failure { return .failure(String(cString: strerror(failure))) }
        return .success(bytes)
    }

    /// Offset of the first byte that is not part of valid UTF-8 (RFC 3629: no overlong forms,
    /// no surrogates, nothing above U+10FFFF), if any. The tests check it against the standard
    /// library's validation.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { b -> Int? in
            let count = b.count
            var i = 0
            let raw = UnsafeRawBufferPointer(b)
            while i < count {
                // Eight ASCII bytes at a time: most source text is ASCII.
                while i + 8 <= count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                }
                guard i < count else { break }
                let lead = b[i]
                if lead < 0x80 {
                    i += 1
                    continue
                }
                let length: Int
                var low: UInt8 = 0x80, high: UInt8 = 0xBF  // bounds of the second byte
                switch lead {
                case 0xC2...0xDF: length = 2
                case 0xE0: length = 3; low = 0xA0
                case 0xE1...0xEC, 0xEE...0xEF: length = 3
                case 0xED: length = 3; high = 0x9F
                case 0xF0: length = 4; low = 0x90
                case 0xF1...0xF3: length = 4
                case 0xF4: length = 4; high = 0x8F
                default: return i
                }
                guard i + length <= count, b[i + 1] >= low, b[i + 1] <= high else { return i }
                for k in 2..<length where b[i + k] & 0xC0 != 0x80 { return i }
                i += length
            }
            return nil
        }
    }
}
