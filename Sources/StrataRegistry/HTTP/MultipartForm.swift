import Foundation
import MultipartKit
import NIOCore

/// The parts of a `multipart/form-data` body, by name (RFC 7578), read with MultipartKit.
struct MultipartForm {
    struct Part {
        var name: String
        var contentType: String?
        var body: Data
    }
    var parts: [Part]

    func part(_ name: String) -> Part? { parts.first { $0.name == name } }

    /// The boundary of a `multipart/form-data; boundary=…` content type; nil for any other type.
    static func boundary(ofContentType contentType: String?) -> String? {
        guard let contentType else { return nil }
        let fields = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.first?.lowercased() == "multipart/form-data" else { return nil }
        for field in fields.dropFirst() where field.lowercased().hasPrefix("boundary=") {
            var value = field.dropFirst("boundary=".count)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    struct Malformed: Error {
        var detail: String
    }

    static func parse(_ body: ByteBuffer, boundary: String) throws(Malformed) -> MultipartForm {
        let parser = MultipartParser(boundary: boundary)
        var parts: [Part] = []
        var headers: [(String, String)] = []
        var current = ByteBuffer()
        parser.onHeader = { name, value in headers.append((name, value)) }
        parser.onBody = { chunk in current.writeBuffer(&chunk) }
        parser.onPartComplete = {
            let disposition = headers.first { $0.0.lowercased() == "content-disposition" }?.1 ?? ""
            let name = Self.parameter("name", in: disposition) ?? ""
            let type = headers.first { $0.0.lowercased() == "content-type" }?.1
            var data = Data(current.readableBytesView)
            // RFC 7578 deprecates it, but the spec's own example sends base64.
            if headers.first(where: { $0.0.lowercased() == "content-transfer-encoding" })?.1.lowercased() == "base64",
                let decoded = Data(base64Encoded: data, options: .ignoreUnknownCharacters)
            {
                data = decoded
            }
            parts.append(Part(name: name, contentType: type, body: data))
            headers = []
            current = ByteBuffer()
        }
        do {
            try parser.execute(body)
        } catch {
            throw Malformed(detail: whatIsWrong(with: body, boundary: boundary))
        }
        // The parser streams: a body cut short is not an error to it, only a part that never ends.
        if parts.isEmpty || !contains("--\(boundary)--", in: body) {
            throw Malformed(detail: whatIsWrong(with: body, boundary: boundary))
        }
        return MultipartForm(parts: parts)
    }

    /// Why a body the parser refused is not a `multipart/form-data` body with this boundary, in
    /// terms of what a client sends.
    static func whatIsWrong(with body: ByteBuffer, boundary: String) -> String {
        func contains(_ text: String) -> Bool { Self.contains(text, in: body) }
        if body.readableBytes == 0 {
            return "the request body is empty: a publish sends multipart/form-data with a 'source-archive' part (and optionally 'metadata')"
        }
        if !contains("--" + boundary) {
            return "the multipart body has no part: no line starts with '--\(boundary)', the boundary its Content-Type names"
        }
        if !contains("--" + boundary + "--") {
            return "the multipart body is cut short: it has no closing '--\(boundary)--'"
        }
        return
            "the multipart body is malformed: each part needs its headers (Content-Disposition: form-data; name=\"…\"), a blank line, and its content"
    }

    /// Whether `text` occurs in the body, found without copying it.
    static func contains(_ text: String, in body: ByteBuffer) -> Bool {
        body.withUnsafeReadableBytes { bytes in
            guard let base = bytes.baseAddress else { return false }
            let view = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: bytes.count, deallocator: .none)
            return view.range(of: Data(text.utf8)) != nil
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
