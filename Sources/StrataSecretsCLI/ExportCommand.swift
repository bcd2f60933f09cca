import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataFileSystem
import StrataGit
import StrataSecrets
import StrataSources

extension SecretsCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the secrets into a Swift file as obfuscated values, for the app to read as Secrets.name.",
            discussion: """
                Each value is masked with a fresh random key per export, split so that neither the value \
                nor its key is a string in the source or the built app. That is obfuscation, not \
                encryption (docs/SECRETS.md). The file must be one git ignores: export refuses a path \
                git tracks or does not ignore, and 'strata check' reports an exported file git tracks.

                Examples:
                  Write the secrets the Network module reads into its sources:
                    strata secrets export --swift Sources/Network/Secrets.swift --names apiKey
                """)

        @OptionGroup var location: SecretsCommand.Location
        @Option(help: "The Swift file to write, such as Sources/Secrets/Secrets.swift.") var swift: String
        @Option(help: "Only these secrets, comma-separated (default: all).") var names: String?
        @Option(
            help: ArgumentHelp(
                "The access level of Secrets: public (a module of its own), package, or internal (inside the module that reads them).",
                valueName: "level"))
        var access: String = SwiftExport.Access.public.rawValue

        func validate() throws {
            guard SwiftExport.Access(rawValue: access) != nil else {
                throw ValidationError("--access must be one of: \(SwiftExport.Access.allCases.map(\.rawValue).joined(separator: ", "))")
            }
        }

        func run() async throws {
            let output = URL(fileURLWithPath: swift).standardizedFileURL.path
            try await Self.checkIgnored(output)
            try Self.checkReplaceable(output)
            let vault = try location.open()
            let secrets = try selected(from: vault)
            do throws(AtomicFileWriter.WriteError) {
                try AtomicFileWriter.write(
                    Data(SwiftExport.source(for: secrets, access: SwiftExport.Access(rawValue: access) ?? .public).utf8), to: output,
                    creatingFolder: true)
            } catch {
                throw InputErrors(.inputError("write-failed", error.description, at: nil, hint: nil))
            }
            Terminal.standardOutput("exported \(secrets.count) secret\(secrets.count == 1 ? "" : "s") to \(swift)\n")
        }

        /// The secrets `--names` picks, or all of them.
        func selected(from vault: SecretsVault) throws(InputErrors) -> [SwiftExport.Secret] {
            var wanted = vault.names
            if let names {
                wanted = names.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            var secrets: [SwiftExport.Secret] = []
            var problems: [Diagnostic] = []
            for name in Array(Swift.Set(wanted)).sorted() {
                do {
                    secrets.append(SwiftExport.Secret(name: name, value: try vault.value(of: name)))
                } catch {
                    problems += error.diagnostics
                }
            }
            guard problems.isEmpty else { throw InputErrors(problems) }
            return secrets
        }

        /// Refuses a path git tracks, or does not ignore, or cannot tell about.
        static func checkIgnored(_ output: String) async throws(InputErrors) {
            let hint = "add it to .gitignore ('\((output as NSString).lastPathComponent)' on a line of its own ignores it in every folder)"
            let repository: GitRepository
            do {
                repository = try await GitRepository.open(at: nearestFolder(of: output))
            } catch {
                guard error.id == "not-a-repository" else { throw InputErrors(error.diagnostic) }
                throw InputErrors(
                    .inputError(
                        "export-not-ignored", "\(output) is not in a git work tree, so nothing makes sure it stays out of a repository", at: nil,
                        hint: "export into the workspace's repository, to a path its .gitignore ignores"))
            }
            let tracked: Bool
            do { tracked = try await repository.isTracked(output) } catch { throw InputErrors(error.diagnostic) }
            if tracked {
                throw InputErrors(
                    .inputError(
                        "export-tracked", "git tracks \(output), so the exported secrets would be committed", at: nil,
                        hint: "'git rm --cached \(output)', then " + hint))
            }
            let ignored: Bool
            do { ignored = try await repository.isIgnored(output) } catch { throw InputErrors(error.diagnostic) }
            if !ignored {
                throw InputErrors(.inputError("export-not-ignored", "git does not ignore \(output)", at: nil, hint: hint))
            }
        }

        /// Refuses to replace a file that `strata secrets export` did not write.
        static func checkReplaceable(_ output: String) throws(InputErrors) {
            guard let existing = FileManager.default.contents(atPath: output) else { return }
            guard ExportedSecretsFile.isExported(Array(existing)) else {
                throw InputErrors(
                    .inputError(
                        "export-would-overwrite", "\(output) exists and was not written by 'strata secrets export'", at: nil,
                        hint: "export to another path, or remove the file if it is not needed"))
            }
        }

        /// The folder of `path`, or its nearest ancestor that exists (export creates the rest).
        static func nearestFolder(of path: String) -> String {
            var folder = (path as NSString).deletingLastPathComponent
            var isFolder: ObjCBool = false
            while folder.count > 1, !(FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue) {
                folder = (folder as NSString).deletingLastPathComponent
            }
            return folder
        }
    }
}
