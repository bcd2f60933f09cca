import Foundation
import HTTPTypes

/// The `Accept` header of a registry request: `application/vnd.swift.registry[.vN][+json|zip|swift]`.
///
/// No header, or one without a registry media type (`*/*`, `application/json`), is version 1.
/// A registry media type with a version that is not a number is `400 invalid API version`; one
/// with another number is `415 unsupported API version`; a media type other than the one the
/// endpoint serves is `415` too.
enum APIVersion {
    enum MediaType: String {
        case json, zip, swift
    }

    /// nil when the request may be served as `expected`, else the problem to answer with.
    static func problem(accept header: String?, expected: MediaType) -> Problem? {
        guard let header else { return nil }
        let prefix = "application/vnd.swift.registry"
        let candidates = header.split(separator: ",").map { $0.split(separator: ";")[0].trimmingCharacters(in: .whitespaces).lowercased() }
        guard let registry = candidates.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        var rest = registry.dropFirst(prefix.count)
        var mediaType: Substring?
        if let plus = rest.firstIndex(of: "+") {
            mediaType = rest[rest.index(after: plus)...]
            rest = rest[..<plus]
        }
        if !rest.isEmpty {
            guard rest.hasPrefix(".v"), let version = Int(rest.dropFirst(2)), version >= 0 else {
                return Problem(.badRequest, "invalid API version in Accept: '\(registry)'; this registry speaks application/vnd.swift.registry.v1")
            }
            guard version == 1 else {
                return Problem(.unsupportedMediaType, "unsupported API version \(version); this registry speaks version 1")
            }
        }
        if let mediaType, mediaType != Substring(expected.rawValue) {
            guard MediaType(rawValue: String(mediaType)) != nil else {
                return Problem(.badRequest, "invalid media type '+\(mediaType)' in Accept; use +json, +zip or +swift")
            }
            return Problem(
                .unsupportedMediaType, "this resource is served as application/vnd.swift.registry.v1+\(expected.rawValue), not +\(mediaType)")
        }
        return nil
    }
}
