import ArgumentParser
import Foundation
import StrataAge
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataReport
import StrataSecrets
import StrataWorkspace

/// The `strata-secrets` executable, which `strata secrets` runs: its commands need swift-crypto,
/// which stays out of `strata` itself (and out of the README's first build).
public enum SecretsMain {
    public static func main() async -> Never {
        await CommandLineMain.run(
            SecretsCommand.self, as: CommandLineTool(name: "strata secrets"), arguments: Array(CommandLine.arguments.dropFirst()))
    }
}

/// `strata secrets`: the team's secrets, encrypted in the repository to each member's age key.
struct SecretsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "strata secrets",
        abstract: "Keep the team's secrets encrypted in the repository, readable by its members only.",
        discussion: """
            Secrets live in .strata/secrets/: 'recipients' lists the members (a name and an age \
            public key each) and 'secrets.age' holds the secrets, encrypted to every member in the \
            age format (the 'age' tool opens it too). A member's private key stays outside the \
            repository: --identity, STRATA_SECRETS_KEY (the key itself, for CI), \
            STRATA_SECRETS_IDENTITY (a file), or ~/.config/strata/identity.txt. See docs/SECRETS.md. \
            Exit status: 0, 2 bad input.

            Examples:
              Make your key, then start the team's secrets:
                strata secrets keygen
                strata secrets init --name alice
              Set a secret from a file and read it back:
                strata secrets set apiKey --from-file api-key.txt
                strata secrets get apiKey
            """,
        subcommands: [
            Init.self, Keygen.self, AddMember.self, RemoveMember.self, Set.self, Get.self, List.self, Rotate.self, Remove.self, Edit.self,
            Export.self,
        ]
    )

    /// Options every subcommand that opens the secrets takes.
    struct Location: ParsableArguments {
        @Option(name: [.customShort("w"), .customLong("workspace")], help: "The workspace folder (or its strata.yml).")
        var path: String = "."

        @Option(help: "Your identity file (default: STRATA_SECRETS_KEY, STRATA_SECRETS_IDENTITY, then ~/.config/strata/identity.txt).")
        var identity: String?

        var workspace: String {
            let url = URL(fileURLWithPath: path)
            return (path.hasSuffix(".yml") || path.hasSuffix(".yaml") ? url.deletingLastPathComponent() : url).standardizedFileURL.path
        }

        func open() throws(InputErrors) -> SecretsVault {
            try SecretsVault.open(inWorkspace: workspace, identity: SecretsIdentity.load(file: identity))
        }

        /// Opens the secrets and lets `change` change them, holding the workspace lock from before
        /// they are read until `change` returns.
        func changing<Result>(_ change: (inout SecretsVault) throws -> Result) throws -> Result {
            let lock = try lockForChange()
            defer { withExtendedLifetime(lock) {} }
            var vault = try open()
            return try change(&vault)
        }

        /// Takes the workspace lock for a change to the secrets, waiting for another run that
        /// holds it: two changes at once would each write what they read, and one would be lost.
        /// Hold it from before `open` until the change is written.
        func lockForChange() throws(InputErrors) -> WorkspaceLock {
            let root = workspace
            do throws(WorkspaceLock.Failure) {
                let lock = try WorkspaceLock.acquire(root, mode: .exclusive) {
                    Terminal.standardError("strata: waiting for another strata run to finish changing \(PathDisplay()(root))")
                }
                if let recovered = lock.recovered { Terminal.standardError([InterruptedChange.notice(recovered)]) }
                return lock
            } catch {
                throw InputErrors(InterruptedChange.problem(error))
            }
        }
    }

    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Create the workspace's secrets with you as the first member.",
            discussion: """
                Your public key comes from your identity (make one with 'strata secrets keygen') unless --recipient gives it.

                Examples:
                  Start the secrets with you as the first member:
                    strata secrets init --name alice
                """)

        @OptionGroup var location: Location
        @Option(help: "Your name as a member, such as alice.") var name: String
        @Option(help: "Your age public key (age1…), instead of reading your identity.") var recipient: String?

        func run() throws {
            let key: X25519Recipient
            if let recipient {
                do { key = try X25519Recipient(recipient) } catch {
                    throw InputErrors(.inputError("invalid-member", "--recipient is not an age public key: \(error)", at: nil, hint: nil))
                }
            } else {
                key = try SecretsIdentity.load(file: location.identity).recipient
            }
            let lock = try location.lockForChange()
            defer { withExtendedLifetime(lock) {} }
            let vault = try SecretsVault.create(inWorkspace: location.workspace, member: name, recipient: key)
            Terminal.standardOutput("created \(vault.folder) with one member, \(name)\n")
        }
    }

    struct Keygen: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "keygen",
            abstract: "Make your identity (an age private key) outside the repository, readable by you only.",
            discussion: """
                Prints the public key to give to a member, who adds you with 'strata secrets add-member'.

                Examples:
                  Make your identity in ~/.config/strata/identity.txt:
                    strata secrets keygen
                """)

        @Option(help: "Where to write it (default: ~/.config/strata/identity.txt). Never overwritten.") var output: String?
        @Option(name: [.customShort("w"), .customLong("workspace")], help: "The workspace the identity must stay out of.")
        var path: String = "."

        func run() throws {
            let destination = output ?? SecretsIdentity.defaultPath()
            let identity = try SecretsIdentity.generate(at: destination, outside: URL(fileURLWithPath: path).standardizedFileURL.path)
            Terminal.standardError("wrote your identity to \(destination) (mode 0600); keep it out of the repository")
            Terminal.standardOutput("public key: \(identity.recipient.text)\n")
        }
    }

    struct AddMember: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add-member", abstract: "Add a member, who can then read every secret (re-encrypts the secrets).",
            discussion: """
                Examples:
                  Add Bob with the public key (age1…) his keygen printed:
                    strata secrets add-member bob "$BOB_PUBLIC_KEY"
                """)

        @OptionGroup var location: Location
        @Argument(help: "The member's name.") var name: String
        @Argument(help: "The member's age public key (age1…), as 'strata secrets keygen' printed it.") var key: String

        func run() throws {
            let recipient: X25519Recipient
            do { recipient = try X25519Recipient(key) } catch {
                throw InputErrors(
                    .inputError("invalid-member", "'\(key)' is not an age public key: \(error)", at: nil, hint: "it starts with age1"))
            }
            let readable = try location.changing { vault in
                try vault.addMember(name, recipient: recipient)
                return vault.names.count
            }
            Terminal.standardOutput("added \(name), who can read \(readable) secret\(readable == 1 ? "" : "s")\n")
        }
    }

    struct RemoveMember: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove-member",
            abstract: "Remove a member (re-encrypts the secrets) and list the secrets they could read, which must be rotated.",
            discussion: """
                Examples:
                  Remove Bob; the secrets he could read are listed for rotation:
                    strata secrets remove-member bob
                """)

        @OptionGroup var location: Location
        @Argument(help: "The member's name.") var name: String

        func run() throws {
            let exposed = try location.changing { try $0.removeMember(name) }
            var text = "removed \(name)\n"
            if !exposed.isEmpty {
                text += "\(name) could read these secrets and may have copied them; rotate each where it is issued, "
                text += "'strata secrets set' the new value, then 'strata secrets rotate' it:\n"
                text += exposed.map { "  \($0)\n" }.joined()
            }
            Terminal.standardOutput(text)
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Set a secret from standard input or a file, never from the command line (which shell history keeps).",
            discussion: """
                From standard input, one final line feed is dropped (echo adds one); --from-file keeps the file's bytes exactly.

                Examples:
                  From standard input (never from the command line):
                    strata secrets set apiKey < api-key.txt
                  From a file, bytes as they are:
                    strata secrets set signingKey --from-file key.p8
                """)

        @OptionGroup var location: Location
        @Argument(help: "The secret's name, a Swift identifier such as apiKey.") var name: String
        @Option(name: .customLong("from-file"), help: "Read the value from this file.") var file: String?

        func run() throws {
            var value: Data
            if let file {
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw InputErrors(.inputError("unreadable-file", "cannot read \(file)", at: nil, hint: nil))
                }
                value = data
            } else {
                value = FileHandle.standardInput.readDataToEndOfFile()
                if value.last == UInt8(ascii: "\n") { value.removeLast() }
            }
            try location.changing { try $0.set(name, to: value) }
            Terminal.standardOutput("set \(name) (\(value.count) byte\(value.count == 1 ? "" : "s"))\n")
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "get", abstract: "Print a secret's value, exactly as set.",
            discussion: """
                Examples:
                  Print a secret:
                    strata secrets get apiKey
                """)

        @OptionGroup var location: Location
        @Argument(help: "The secret's name.") var name: String

        func run() throws {
            FileHandle.standardOutput.write(try location.open().value(of: name))
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "List the secrets' names (never their values) and the members.",
            discussion: """
                Examples:
                  The secrets' names and the members:
                    strata secrets list
                """)

        @OptionGroup var location: Location

        func run() throws {
            let vault = try location.open()
            var text = vault.names.map { name in
                let removed = vault.removedReaders(of: name)
                return removed.isEmpty ? name + "\n" : "\(name)  (to rotate: \(removed.joined(separator: ", ")) could read it)\n"
            }.joined()
            text += "members: " + vault.members.members.map(\.name).joined(separator: ", ") + "\n"
            Terminal.standardOutput(text)
        }
    }

    struct Rotate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rotate",
            abstract: "Record that secrets a removed member could read were rotated (each must have a new value since).",
            discussion: """
                Examples:
                  Record that two secrets have new values:
                    strata secrets rotate apiKey signingKey
                """)

        @OptionGroup var location: Location
        @Argument(help: "The secrets' names.") var names: [String]

        func run() throws {
            try location.changing { try $0.recordRotation(of: names) }
            Terminal.standardOutput("rotated \(names.joined(separator: ", "))\n")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a secret.",
            discussion: """
                Examples:
                  Remove a secret:
                    strata secrets remove apiKey
                """)

        @OptionGroup var location: Location
        @Argument(help: "The secret's name.") var name: String

        func run() throws {
            try location.changing { try $0.remove(name) }
            Terminal.standardOutput("removed \(name)\n")
        }
    }
}
