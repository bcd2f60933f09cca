import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shell script the tests run in place of a real program (an editor, `swift`, an app).
///
/// Written through a descriptor closed on `exec`: a file still open for writing cannot be run
/// ("Text file busy"), and a descriptor without the flag is inherited by every process the
/// parallel tests start meanwhile, keeping the script busy for as long as they run.
public enum ExecutableScript {
    public struct WriteError: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes `text` to `path`, executable; returns the path.
    @discardableResult
    public static func write(_ text: String, to path: String) throws -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else { throw WriteError(description: "cannot create \(path): \(String(cString: strerror(errno)))") }
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false)
        defer { try? file.close() }
        guard fchmod(descriptor, 0o755) == 0 else { throw WriteError(description: "cannot make \(path) executable") }
        try file.write(contentsOf: Data(text.utf8))
        return path
    }
}
