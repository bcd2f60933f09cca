import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 connection as bytes on a socket, for what URLSession will not do: send headers
/// and wait before the body (`Expect: 100-continue`), or declare a length it never sends.
final class RawHTTPConnection {
    private let fd: Int32

    init(port: Int) throws {
        guard let fd = Self.connectToLoopback(port: port) else {
            throw RegistryTestError("cannot connect to 127.0.0.1:\(port): \(String(cString: strerror(errno)))")
        }
        self.fd = fd
    }

    deinit { close(fd) }

    /// A socket connected to 127.0.0.1:`port`, or nil (with `errno` set) if nothing accepts there.
    static func connectToLoopback(port: Int) -> Int32? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard connected else {
            let error = errno
            close(fd)
            errno = error
            return nil
        }
        return fd
    }

    func send(_ data: Data) throws {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RegistryTestError("send failed: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    func send(_ text: String) throws { try send(Data(text.utf8)) }

    /// The next response's status line and headers (up to the blank line), or nil if the
    /// connection closed or nothing came within `seconds`; `elapsed` is how long it took. A server
    /// that never answers fails the test, never hangs it. An answer that needs a body stored waits
    /// longer: a debug registry beside the whole suite on 2 cores took over 5 s for 1.5 MiB.
    func readHead(waitingUpTo seconds: Int = 5) -> (head: String, elapsed: Duration)? {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let clock = ContinuousClock()
        let start = clock.now
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while !(bytes.count >= 4 && bytes.suffix(4) == [13, 10, 13, 10]) {
            guard recv(fd, &byte, 1, 0) == 1 else { return nil }
            bytes.append(byte)
        }
        return (String(decoding: bytes, as: UTF8.self), clock.now - start)
    }
}
