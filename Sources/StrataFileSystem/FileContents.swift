#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a whole file as bytes.
public enum FileContents {
    /// The bytes of the file at `path`, read straight into the array (a `Data` read and then
    /// copied to an array costs a second pass over megabytes of cache), or nil if it cannot be read.
    public static func bytes(atPath path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_size >= 0 else { return nil }
        let size = Int(info.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            count = 0
            while count < size {
                let read = read(descriptor, buffer.baseAddress! + count, size - count)
                if read > 0 {
                    count += read
                } else if read < 0 && errno == EINTR {
                    continue
                } else {
                    failed = read < 0
                    break
                }
            }
        }
        guard !failed, bytes.count == size else { return nil }
        return bytes
    }
}
