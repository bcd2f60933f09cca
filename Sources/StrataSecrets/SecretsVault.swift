public import Foundation
public import StrataAge
public import StrataDiagnostics
import StrataFileSystem

/// A workspace's secrets: `.strata/secrets/recipients` (who may read them) and
/// `.strata/secrets/secrets.age` (the secrets, encrypted to every member with age).
///
/// Every change re-encrypts the whole file to the members, and writes it atomically: a failed or
/// interrupted command leaves both files as they were.
public struct SecretsVault {
    /// The folder holding `recipients` and `secrets.age`.
    public let folder: String
    public private(set) var members: Members
    var content: SecretsContent

    public static func folder(inWorkspace workspace: String) -> String { workspace + "/.strata/secrets" }

    var recipientsPath: String { folder + "/recipients" }
    var secretsPath: String { folder + "/secrets.age" }

    // MARK: Creating and opening

    /// Creates the secrets of the workspace at `workspace` with one member and no secret.
    ///
    /// - Throws: `InputErrors` when the workspace has secrets already or the files cannot be written.
    public static func create(inWorkspace workspace: String, member name: String, recipient: X25519Recipient) throws(InputErrors) -> SecretsVault {
        let folder = Self.folder(inWorkspace: workspace)
        guard !FileManager.default.fileExists(atPath: folder + "/recipients") else {
            throw InputErrors(
                .inputError(
                    "secrets-exist", "this workspace has secrets already (\(folder))", at: nil,
                    hint: "add yourself with 'strata secrets add-member' from a member's machine"))
        }
        guard SecretNames.isMemberName(name) else {
            throw InputErrors(.inputError("invalid-member", "'\(name)' is not a member name", at: nil, hint: SecretNames.memberNameHint))
        }
        let vault = SecretsVault(folder: folder, members: Members([.init(name: name, recipient: recipient)]), content: SecretsContent())
        try vault.save()
        return vault
    }

    /// Opens the workspace's secrets with `identity`, which must be a member's.
    public static func open(inWorkspace workspace: String, identity: X25519Identity) throws(InputErrors) -> SecretsVault {
        let folder = Self.folder(inWorkspace: workspace)
        let recipientsPath = folder + "/recipients"
        guard let recipientsText = try? String(contentsOfFile: recipientsPath, encoding: .utf8) else {
            throw InputErrors(
                .inputError(
                    "no-secrets", "this workspace has no secrets (no \(recipientsPath))", at: nil, hint: "create them with 'strata secrets init'"))
        }
        let members = try Members.parse(recipientsText, path: recipientsPath)
        let secretsPath = folder + "/secrets.age"
        guard let bytes = FileManager.default.contents(atPath: secretsPath) else {
            throw InputErrors(.inputError("unreadable-file", "cannot read \(secretsPath)", at: nil, hint: nil))
        }
        let plaintext: [UInt8]
        do {
            plaintext = try AgeFile.decrypt(Array(bytes), with: [identity])
        } catch AgeError.noIdentityMatched {
            let listed = members.members.contains { $0.recipient == identity.recipient }
            throw InputErrors(
                .inputError(
                    "not-a-member", "your identity (\(identity.recipient.text)) cannot decrypt \(secretsPath)", at: nil,
                    hint: listed
                        ? "the file was encrypted before you were added: ask a member to run 'strata secrets add-member' again"
                        : "ask a member to run 'strata secrets add-member <your name> \(identity.recipient.text)'"))
        } catch {
            throw InputErrors(
                .inputError("invalid-secrets-file", "\(secretsPath) cannot be decrypted: \(error)", at: nil, hint: "restore it from version control"))
        }
        guard let content = SecretsContent.decoded(plaintext) else {
            throw InputErrors(
                .inputError(
                    "invalid-secrets-file", "\(secretsPath) decrypts, but not to secrets this Strata reads", at: nil,
                    hint: "was it written by a newer Strata?"))
        }
        return SecretsVault(folder: folder, members: members, content: content)
    }

    /// Encrypts the secrets to the members and writes both files together.
    func save() throws(InputErrors) {
        let encrypted: [UInt8]
        do {
            encrypted = try AgeFile.encrypt(content.encoded(), to: members.members.map(\.recipient))
        } catch {
            throw InputErrors(.inputError("invalid-member", "cannot encrypt the secrets: \(error)", at: nil, hint: nil))
        }
        // Both files in one transaction: a run killed between them is finished by the next.
        let workspace = ((folder as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        var transaction = FileTransaction(workspace: workspace)
        transaction.stage(Data(encrypted), at: secretsPath)
        transaction.stage(Data(members.text.utf8), at: recipientsPath)
        do throws(FileTransaction.CommitError) {
            try transaction.commit()
        } catch {
            throw InputErrors(
                .inputError(
                    "write-failed", error.description, at: .file(error.path),
                    hint: error.changedTree ? "the change is half made; run any strata command in the workspace to finish it" : "nothing was changed")
            )
        }
    }

    // MARK: Members

    /// Adds a member, who can then read every secret.
    public mutating func addMember(_ name: String, recipient: X25519Recipient) throws(InputErrors) {
        guard SecretNames.isMemberName(name) else {
            throw InputErrors(.inputError("invalid-member", "'\(name)' is not a member name", at: nil, hint: SecretNames.memberNameHint))
        }
        guard members.member(named: name) == nil else {
            throw InputErrors(
                .inputError("invalid-member", "'\(name)' is a member already", at: nil, hint: "remove-member first to change their key"))
        }
        if let holder = members.members.first(where: { $0.recipient == recipient }) {
            throw InputErrors(
                .inputError("invalid-member", "that key is \(holder.name)'s already", at: nil, hint: "each member has a key of their own"))
        }
        members.add(.init(name: name, recipient: recipient))
        for secret in content.secrets.keys { content.secrets[secret]!.readers.append(name) }
        try save()
    }

    /// Removes a member; returns the secrets they could read, which must now be rotated (they
    /// may have copied them).
    public mutating func removeMember(_ name: String) throws(InputErrors) -> [String] {
        guard members.member(named: name) != nil else { throw unknownMember(name) }
        guard members.members.count > 1 else {
            throw InputErrors(.inputError("invalid-member", "'\(name)' is the last member", at: nil, hint: "no one could read the secrets any more"))
        }
        members.remove(named: name)
        var exposed: [String] = []
        for (secret, var entry) in content.secrets where entry.readers.contains(name) {
            if entry.removedReaders.isEmpty { entry.valueAtRemoval = SecretsContent.digest(entry.value) }
            if !entry.removedReaders.contains(name) { entry.removedReaders.append(name) }
            entry.readers.removeAll { $0 == name }
            content.secrets[secret] = entry
            exposed.append(secret)
        }
        try save()
        return exposed.sorted()
    }

    func unknownMember(_ name: String) -> InputErrors {
        let names = members.members.map(\.name)
        return InputErrors(
            .inputError(
                "unknown-member", "'\(name)' is not a member", at: nil,
                hint: Suggestions.didYouMean(name, in: names) ?? "members: \(names.joined(separator: ", "))"))
    }

    // MARK: Secrets

    /// The names of the secrets, sorted.
    public var names: [String] { content.secrets.keys.sorted() }

    /// The members removed while they could read `name`, if it is not yet rotated.
    public func removedReaders(of name: String) -> [String] { content.secrets[name]?.removedReaders ?? [] }

    /// Sets (or replaces) the secret `name`.
    public mutating func set(_ name: String, to value: Data) throws(InputErrors) {
        guard SecretNames.isSecretName(name) else {
            throw InputErrors(.inputError("invalid-secret-name", "'\(name)' is not a secret name", at: nil, hint: SecretNames.secretNameHint))
        }
        var entry = content.secrets[name] ?? .init(value: value, readers: [])
        entry.value = value
        entry.readers = members.members.map(\.name)
        content.secrets[name] = entry
        try save()
    }

    /// The value of `name`.
    public func value(of name: String) throws(InputErrors) -> Data {
        guard let entry = content.secrets[name] else { throw unknownSecret(name) }
        return entry.value
    }

    /// Removes the secret `name`.
    public mutating func remove(_ name: String) throws(InputErrors) {
        guard content.secrets.removeValue(forKey: name) != nil else { throw unknownSecret(name) }
        try save()
    }

    /// Records that the secrets `names` were rotated after a member's removal: each must have a
    /// new value (set with ``set(_:to:)``) since.
    public mutating func recordRotation(of names: [String]) throws(InputErrors) {
        var problems: [Diagnostic] = []
        for name in names {
            guard let entry = content.secrets[name] else {
                problems += unknownSecret(name).diagnostics
                continue
            }
            guard !entry.removedReaders.isEmpty else {
                problems.append(
                    .inputError(
                        "nothing-to-rotate", "'\(name)' has no rotation pending", at: nil, hint: "'strata secrets list' marks the secrets to rotate"))
                continue
            }
            guard entry.valueAtRemoval != SecretsContent.digest(entry.value) else {
                problems.append(
                    .inputError(
                        "not-rotated", "'\(name)' still has the value \(entry.removedReaders.joined(separator: ", ")) could read", at: nil,
                        hint: "rotate it where it is issued, then 'strata secrets set \(name)' with the new value"))
                continue
            }
            content.secrets[name]!.removedReaders = []
            content.secrets[name]!.valueAtRemoval = nil
        }
        guard problems.isEmpty else { throw InputErrors(problems) }
        try save()
    }

    func unknownSecret(_ name: String) -> InputErrors {
        InputErrors(
            .inputError(
                "unknown-secret", "there is no secret '\(name)'", at: nil,
                hint: Suggestions.didYouMean(name, in: names) ?? "'strata secrets list' names them"))
    }
}
