public import Foundation
public import StrataAge
public import StrataDiagnostics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a member's identity (their private key) lives: never in the repository.
///
/// In order: `--identity <file>`, the `STRATA_SECRETS_KEY` environment variable holding the key
/// itself (CI, with a throwaway identity), the `STRATA_SECRETS_IDENTITY` variable naming a file,
/// then `$XDG_CONFIG_HOME/strata/identity.txt` (`~/.config/strata/identity.txt`).
public enum SecretsIdentity {
    /// The identity file used when none is named.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory() + "/.config"
        return config + "/strata/identity.txt"
    }

    /// The identity to decrypt with.
    public static func load(file: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws(InputErrors) -> X25519Identity
    {
        if file == nil, let key = environment["STRATA_SECRETS_KEY"], !key.isEmpty {
            do {
                return try IdentityFile.identities(in: key)[0]
            } catch {
                throw InputErrors(
                    .inputError(
                        "invalid-identity", "STRATA_SECRETS_KEY is not an age identity: \(error)", at: nil,
                        hint: "it holds the AGE-SECRET-KEY-1… line"))
            }
        }
        let path = file ?? environment["STRATA_SECRETS_IDENTITY"].flatMap { $0.isEmpty ? nil : $0 } ?? defaultPath(environment: environment)
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw InputErrors(
                .inputError(
                    "no-identity", "no identity at \(path)", at: nil,
                    hint: "make one with 'strata secrets keygen', or name one with --identity or STRATA_SECRETS_KEY"))
        }
        do {
            return try IdentityFile.identities(in: text)[0]
        } catch {
            throw InputErrors(.inputError("invalid-identity", "\(path) is not an age identity file: \(error)", at: nil, hint: nil))
        }
    }

    /// Writes a new identity to `path`, readable by its owner only (mode 0600), and returns it.
    /// Never replaces a file, and refuses a path inside `workspace` (the repository).
    public static func generate(at path: String, outside workspace: String?, created: Date = Date()) throws(InputErrors) -> X25519Identity {
        let absolute = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
        if let workspace {
            let root = URL(fileURLWithPath: workspace).standardizedFileURL.resolvingSymlinksInPath().path
            if absolute == root || absolute.hasPrefix(root + "/") {
                throw InputErrors(
                    .inputError(
                        "identity-in-workspace", "\(path) is inside the workspace, where a private key could be committed", at: nil,
                        hint: "keep it outside, as the default \(defaultPath()) is"))
            }
        }
        let identity = X25519Identity()
        let formatter = ISO8601DateFormatter()
        let text = IdentityFile.text(for: identity, created: formatter.string(from: created))
        let folder = (absolute as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        // O_EXCL: an identity is never overwritten, even by a race; 0600 from the start.
        let descriptor = open(absolute, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == EEXIST ? "it exists (an identity is never replaced)" : String(cString: strerror(errno))
            throw InputErrors(
                .inputError(
                    "write-failed", "cannot create \(path): \(reason)", at: nil, hint: errno == EEXIST ? "name another file with --output" : nil))
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let closed = close(descriptor)
        guard written == bytes.count, closed == 0 else {
            unlink(absolute)
            throw InputErrors(.inputError("write-failed", "cannot write \(path)", at: nil, hint: nil))
        }
        return identity
    }
}
