#if canImport(Glibc)
public import Glibc
#elseif canImport(Darwin)
public import Darwin
#endif

/// Reading and writing an open file descriptor: the one loop over read(2) and write(2) that
/// every reader and writer of Strata's uses (whole input files, Swift sources for the scanner,
/// age files in chunks, temporary files), retrying a call a signal interrupted.
///
/// Inlinable: the scanner reads every source file through `fill`, and a call across the module
/// boundary is not what the check's cold run should pay for.
public enum FileDescriptorIO {
    /// Reads into `buffer` until it is full or the file ends. The number of bytes read, and the
    /// `errno` of the failure that stopped it early, if one did.
    @inlinable
    public static func fill(_ buffer: UnsafeMutableRawBufferPointer, from descriptor: Int32) -> (count: Int, failure: Int32?) {
        var total = 0
        while total < buffer.count {
            let count = read(descriptor, buffer.baseAddress! + total, buffer.count - total)
            if count < 0 {
                if errno == EINTR { continue }
                return (total, errno)
            }
            if count == 0 { break }
            total += count
        }
        return (total, nil)
    }

    /// Writes every byte of `bytes`; nil, or the `errno` of the failure.
    @inlinable
    public static func writeAll(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += written
        }
        return nil
    }

    /// Closes the descriptor; 0, or -1 with `errno` set.
    @inlinable
    @discardableResult
    public static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Darwin.close(descriptor)
        #endif
    }

    /// The system's words for an `errno`.
    public static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
