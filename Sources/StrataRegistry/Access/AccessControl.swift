public import Foundation

/// Tokens and who may do what: a token holds a permission (read or write) per scope, or for
/// every scope (`*`); anonymous requests may read the scopes configured so. Secrets are shown
/// once, at creation, and stored only as SHA-256 hashes.
public enum AccessControl {
    /// A new secret: `strata_` and 32 random bytes in base64url.
    public static func newSecret() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let base64 = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return "strata_" + base64
    }

    public static func hash(_ secret: String) -> String {
        Checksum.sha256Hex(Data(secret.utf8))
    }

    /// A token id to name it by in listings and revocation: 12 hex digits.
    public static func newID() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// The secret in an `Authorization` header: `Bearer <secret>`, or `Basic` with the secret as
    /// the password (any user name), as `swift package-registry login --username --password` sends it.
    public static func secret(fromAuthorization header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        switch parts[0].lowercased() {
        case "bearer":
            return String(parts[1]).trimmingCharacters(in: .whitespaces)
        case "basic":
            guard let decoded = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
                let text = String(data: decoded, encoding: .utf8), let colon = text.firstIndex(of: ":")
            else { return nil }
            return String(text[text.index(after: colon)...])
        default:
            return nil
        }
    }

    /// Why a request may not do what it asks, said for the problem document.
    public enum Refusal: Error, Equatable, Sendable {
        /// No credentials, or ones the registry does not know: 401.
        case unauthenticated(String)
        /// Known credentials without the permission: 403.
        case forbidden(String)
    }

    /// Checks that `token` (nil when the request had none) may do `needed` in `scope`.
    public static func authorize(
        _ token: TokenRecord?, presented: Bool, needed: Permission, scope: String, anonymousRead: Set<String>, now: Date
    ) -> Refusal? {
        let scopeKey = scope.lowercased()
        guard let token else {
            if presented { return .unauthenticated("the token is not known to this registry; create one with 'strata-registry token create'") }
            if needed == .read && anonymousRead.contains(scopeKey) { return nil }
            return .unauthenticated(
                "\(needed == .write ? "publishing to" : "reading") scope '\(scope)' needs a token with \(needed.rawValue) permission")
        }
        if let revoked = token.revokedAt, revoked <= now {
            return .unauthenticated("the token '\(token.name)' was revoked")
        }
        if let expires = token.expiresAt, expires <= now {
            return .unauthenticated("the token '\(token.name)' expired at \(ISO8601DateFormatter().string(from: expires))")
        }
        if needed == .read && anonymousRead.contains(scopeKey) { return nil }
        guard let granted = token.permission(in: scopeKey) else {
            return .forbidden("the token '\(token.name)' has no permission in scope '\(scope)'; it needs \(needed.rawValue)")
        }
        if granted < needed {
            return .forbidden("the token '\(token.name)' may only \(granted.rawValue) scope '\(scope)'; publishing needs write")
        }
        return nil
    }
}
