import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataProcess
import StrataSecrets
import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SecretsCommand {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Edit a secret in your editor ($VISUAL, $EDITOR, else vi); a new name starts empty.",
            discussion: """
                The value is decrypted to a file in a folder only you can open (in memory where the \
                system has one), which is overwritten with zeros and removed when the editor ends, and \
                also on Ctrl-C, SIGTERM or SIGHUP. One final line feed is dropped (editors add one). \
                Values that are not UTF-8 text are set with 'strata secrets set --from-file'.

                Examples:
                  Edit a secret in your editor:
                    strata secrets edit apiKey
                """)

        @OptionGroup var location: SecretsCommand.Location
        @Argument(help: "The secret's name.") var name: String

        func run() async throws {
            guard SecretNames.isSecretName(name) else {
                throw InputErrors(.inputError("invalid-secret-name", "'\(name)' is not a secret name", at: nil, hint: SecretNames.secretNameHint))
            }
            // Held while the editor is open: a change made meanwhile would be lost when this one is written.
            let lock = try location.lockForChange()
            defer { withExtendedLifetime(lock) {} }
            var vault = try location.open()
            let before = vault.names.contains(name) ? try vault.value(of: name) : Data()
            guard String(data: before, encoding: .utf8) != nil else {
                throw InputErrors(
                    .inputError(
                        "not-editable", "'\(name)' is not text, so an editor would change its bytes", at: nil,
                        hint: "replace it with 'strata secrets set \(name) --from-file FILE'"))
            }
            let after = try await Self.edited(before, name: name)
            guard after != before else {
                Terminal.standardOutput("\(name) unchanged\n")
                return
            }
            try vault.set(name, to: after)
            Terminal.standardOutput("set \(name) (\(after.count) byte\(after.count == 1 ? "" : "s"))\n")
        }

        /// `value` after the user edited it: unchanged if they saved nothing, with one final line
        /// feed dropped if they changed it.
        static func edited(_ value: Data, name: String) async throws(InputErrors) -> Data {
            let folder: PrivateFolder
            let file: String
            do {
                folder = try PrivateFolder.create(prefix: "strata-secrets")
                file = try folder.write(Array(value), named: name + ".txt")
            } catch {
                throw InputErrors(.inputError("write-failed", error.description, at: nil, hint: nil))
            }
            let editor = Mutex<pid_t>(0)
            let cleanup = SignalCleanup.add {
                let running = editor.withLock { $0 }
                if running > 0 { kill(running, SIGTERM) }
                folder.shred()
            }
            defer {
                folder.shred()
                SignalCleanup.remove(cleanup)
            }
            try await runEditor(on: file) { pid in editor.withLock { $0 = pid } }
            guard let saved = FileManager.default.contents(atPath: file) else {
                throw InputErrors(
                    .inputError("editor-failed", "the editor removed \(file)", at: nil, hint: "nothing was changed; save the file in place"))
            }
            if saved == value { return value }
            return saved.last == UInt8(ascii: "\n") ? saved.dropLast() : saved
        }

        /// The user's editor command: `$VISUAL`, then `$EDITOR`, then `vi`.
        static var editorCommand: String {
            let environment = ProcessInfo.processInfo.environment
            for variable in ["VISUAL", "EDITOR"] {
                if let command = environment[variable], !command.trimmingCharacters(in: .whitespaces).isEmpty { return command }
            }
            return "vi"
        }

        /// Runs the editor on `file` on this terminal, as git does: through `sh`, so that the
        /// command may have arguments (`code --wait`), which `exec`s it, so that the process id
        /// `started` is told is the editor's own (what an interruption stops).
        static func runEditor(on file: String, started: @escaping @Sendable (pid_t) -> Void) async throws(InputErrors) {
            let command = editorCommand
            let status: TerminationStatus
            do {
                status = try await Subprocess.run(
                    .path("/bin/sh"), arguments: ["-c", "exec " + command + " \"$@\"", command, file],
                    input: .fileDescriptor(.standardInput, closeAfterSpawningProcess: false),
                    output: .fileDescriptor(.standardOutput, closeAfterSpawningProcess: false),
                    error: .fileDescriptor(.standardError, closeAfterSpawningProcess: false)
                ) { execution in
                    started(execution.processIdentifier.value)
                }.terminationStatus
            } catch {
                throw InputErrors(.inputError("editor-failed", "cannot run the editor '\(command)': \(error)", at: nil, hint: "set EDITOR"))
            }
            guard case .exited(0) = status else {
                throw InputErrors(
                    .inputError(
                        "editor-failed", "the editor '\(command)' failed (\(status)), so nothing was changed", at: nil,
                        hint: "set VISUAL or EDITOR to an editor that waits until the file is closed (such as 'code --wait')"))
            }
        }
    }
}
