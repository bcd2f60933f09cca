import Crypto
import Foundation
import MultipartKit
import NIOCore
import StrataFileSystem

/// The parts of a `multipart/form-data` body (RFC 7578), read with MultipartKit as the body
/// arrives. One part, the source archive, goes straight to a file and is hashed on the way; the
/// others (metadata, signatures) are small and kept in memory, each within a limit. So a publish
/// holds a few chunks of its body in memory, never the body.
struct MultipartForm {
    struct Part {
        var name: String
        var body: Data
    }

    /// The part written to a file: where, how many bytes, and their SHA-256 in lowercase hex.
    struct FilePart {
        var path: String
        var size: Int
        var sha256: String
    }

    /// What a body may weigh.
    struct Limits {
        /// The whole body.
        var bodyBytes: Int
        /// The part written to a file.
        var fileBytes: Int
        /// Each part kept in memory.
        var partBytes: Int
    }

    /// Why a body was not read to its end.
    enum Failure: Error, Equatable {
        /// Not a `multipart/form-data` body with this boundary: what a client should send instead.
        case malformed(String)
        /// The same part twice.
        case duplicatePart(String)
        /// The body is longer than `Limits.bodyBytes`.
        case bodyTooLarge(limit: Int)
        /// A part is over its limit: its size when it was read to its end, nil when reading
        /// stopped there (the part written to a file).
        case partTooLarge(name: String, bytes: Int?, limit: Int)
        /// The file part could not be written (a full disk): the system's words.
        case cannotStore(String)
    }

    /// The parts kept in memory.
    var parts: [Part]
    /// The part written to a file, when the body had it (and it was not empty).
    var file: FilePart?
    /// The folder the file is in; `remove()` deletes it.
    let folder: ScratchFolder

    func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// Deletes the file part's folder.
    func remove() { folder.remove() }

    /// The boundary of a `multipart/form-data; boundary=…` content type; nil for any other type.
    static func boundary(ofContentType contentType: String?) -> String? {
        guard let contentType,
            contentType.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() == "multipart/form-data",
            let boundary = parameter("boundary", in: contentType), !boundary.isEmpty
        else { return nil }
        return boundary
    }

    /// Reads `body` to its end, writing the part named `filePart` to a file in a new scratch
    /// folder (which the caller removes with `remove()`; a failed read removes it itself).
    static func read<Body: AsyncSequence>(
        _ body: Body, boundary: String, filePart: String, limits: Limits
    ) async throws -> MultipartForm where Body.Element == ByteBuffer {
        let folder = try ScratchFolder.make(for: "registry-upload")
        let reader = Reader(boundary: boundary, filePart: filePart, path: folder.path + "/" + filePart, limits: limits)
        do {
            for try await chunk in body {
                try reader.read(chunk)
            }
            let (parts, file) = try reader.finish()
            return MultipartForm(parts: parts, file: file, folder: folder)
        } catch {
            reader.close()
            folder.remove()
            throw error
        }
    }

    /// The parser's callbacks and what they build: parts in memory, the file part on disk.
    private final class Reader {
        let boundary: String
        let filePart: String
        let path: String
        let limits: Limits
        let parser: MultipartParser
        var bodyBytes = 0
        var opening: DelimiterWatch
        var closing: DelimiterWatch
        var headers: [(String, String)] = []
        var current: OpenPart?
        var parts: [Part] = []
        var file: FilePart?
        /// Every part's name so far, the empty ones too.
        var names: Set<String> = []
        var writer: BufferedFileWriter?
        /// What a callback found wrong; thrown once the parser returns.
        var failure: Failure?

        /// The part being read: kept in memory, or hashed and written to the file.
        final class OpenPart {
            let name: String
            let isBase64: Bool
            var bytes = 0
            var kept = ByteBuffer()
            var hasher: SHA256?
            var decoder: Base64Stream?

            init(name: String, isBase64: Bool) {
                self.name = name
                self.isBase64 = isBase64
            }
        }

        init(boundary: String, filePart: String, path: String, limits: Limits) {
            self.boundary = boundary
            self.filePart = filePart
            self.path = path
            self.limits = limits
            parser = MultipartParser(boundary: boundary)
            opening = DelimiterWatch("--" + boundary)
            closing = DelimiterWatch("--" + boundary + "--")
            parser.onHeader = { [unowned self] name, value in headers.append((name, value)) }
            parser.onBody = { [unowned self] chunk in receive(&chunk) }
            parser.onPartComplete = { [unowned self] in completePart() }
        }

        func read(_ chunk: ByteBuffer) throws {
            bodyBytes += chunk.readableBytes
            if bodyBytes > limits.bodyBytes { throw Failure.bodyTooLarge(limit: limits.bodyBytes) }
            chunk.withUnsafeReadableBytes { bytes in
                opening.feed(bytes)
                closing.feed(bytes)
            }
            do {
                try parser.execute(chunk)
            } catch {
                throw Failure.malformed(whatIsWrong())
            }
            if let failure { throw failure }
        }

        /// The parts, once the body has ended.
        func finish() throws -> ([Part], FilePart?) {
            // The parser streams: a body cut short is not an error to it, only a part that never ends.
            if names.isEmpty || !closing.found { throw Failure.malformed(whatIsWrong()) }
            return (parts, file)
        }

        func close() { writer?.close() }

        private func receive(_ chunk: inout ByteBuffer) {
            guard failure == nil else { return }
            if current == nil { current = open() }
            guard let part = current else { return }
            if part.hasher != nil {
                write(&chunk, of: part)
            } else {
                part.bytes += chunk.readableBytes
                // Over the limit, the rest is counted, not kept, so the answer can say how large it is.
                if part.bytes <= limits.partBytes { part.kept.writeBuffer(&chunk) }
            }
        }

        private func write(_ chunk: inout ByteBuffer, of part: OpenPart) {
            if part.decoder != nil {
                guard let decoded = part.decoder!.decode(chunk.readableBytesView) else {
                    failure = .malformed("the '\(part.name)' part says it is base64 but is not")
                    return
                }
                chunk = ByteBuffer(bytes: decoded)
            }
            part.bytes += chunk.readableBytes
            guard part.bytes <= limits.fileBytes else {
                failure = .partTooLarge(name: part.name, bytes: nil, limit: limits.fileBytes)
                return
            }
            chunk.withUnsafeReadableBytes { part.hasher!.update(bufferPointer: $0) }
            do {
                try writer!.write(chunk)
            } catch {
                failure = .cannotStore(error.description)
            }
        }

        /// The part whose headers were just read.
        private func open() -> OpenPart? {
            func value(_ field: String) -> String? { headers.first { $0.0.lowercased() == field }?.1 }
            let name = MultipartForm.parameter("name", in: value("content-disposition") ?? "") ?? ""
            // RFC 7578 deprecates it, but the spec's own example sends base64.
            let part = OpenPart(
                name: name, isBase64: value("content-transfer-encoding")?.lowercased() == "base64")
            guard names.insert(name).inserted else {
                failure = .duplicatePart(name)
                return nil
            }
            guard name == filePart else { return part }
            do {
                writer = try BufferedFileWriter(path: path)
            } catch {
                failure = .cannotStore(error.description)
                return nil
            }
            part.hasher = SHA256()
            if part.isBase64 { part.decoder = Base64Stream() }
            return part
        }

        private func completePart() {
            defer {
                headers = []
                current = nil
            }
            guard failure == nil else { return }
            // A part with no content has had no body callback: it opens and ends here.
            guard let part = current ?? open() else { return }
            guard let hasher = part.hasher else {
                guard part.bytes <= limits.partBytes else {
                    failure = .partTooLarge(name: part.name, bytes: part.bytes, limit: limits.partBytes)
                    return
                }
                var data = Data(part.kept.readableBytesView)
                if part.isBase64, let decoded = Data(base64Encoded: data, options: .ignoreUnknownCharacters) { data = decoded }
                parts.append(Part(name: part.name, body: data))
                return
            }
            guard part.decoder?.isFinished ?? true else {
                failure = .malformed("the '\(part.name)' part says it is base64 but ends partway through a group of four characters")
                return
            }
            do {
                try writer!.finish()
            } catch {
                failure = .cannotStore(error.description)
                return
            }
            // An empty archive part is as good as none.
            if part.bytes > 0 { file = FilePart(path: path, size: part.bytes, sha256: Checksum.hex(hasher.finalize())) }
        }

        /// Why a body the parser refused, or that ended early, is not a `multipart/form-data`
        /// body with this boundary, in terms of what a client sends.
        func whatIsWrong() -> String {
            if bodyBytes == 0 {
                return "the request body is empty: a publish sends multipart/form-data with a 'source-archive' part (and optionally 'metadata')"
            }
            if !opening.found {
                return "the multipart body has no part: no line starts with '--\(boundary)', the boundary its Content-Type names"
            }
            if !closing.found {
                return "the multipart body is cut short: it has no closing '--\(boundary)--'"
            }
            return
                "the multipart body is malformed: each part needs its headers (Content-Disposition: form-data; name=\"…\"), a blank line, and its content"
        }
    }

    /// `name` from `form-data; name="source-archive"; filename="x.zip"`.
    static func parameter(_ key: String, in header: String) -> String? {
        for field in header.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) }) where field.lowercased().hasPrefix(key + "=") {
            var value = field.dropFirst(key.count + 1)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return String(value)
        }
        return nil
    }
}
