import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataModel
import StrataProcess
import SystemPackage
import Subprocess

/// A package's source archive, made by the toolchain (`swift package archive-source`) as
/// SwiftPM's own `package-registry publish` makes it.
enum SourceArchive {
    /// Writes `package` into `scratch/<Name>` (its Package.swift and a copy of each target's
    /// folder in its conventional place) and returns that folder.
    static func stage(_ package: PublishedPackage, in scratch: String) throws(InputErrors) -> String {
        let root = scratch + "/" + package.name
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
            try Data(package.manifest.utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
            for folder in package.folders {
                let destination = root + "/" + folder.destination
                try manager.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try manager.copyItem(atPath: folder.source, toPath: destination)
            }
        } catch {
            throw InputErrors(
                .inputError("archive-failed", "cannot lay out the package of '\(package.name)' to archive it: \(error.localizedDescription)", at: nil, hint: nil))
        }
        return root
    }

    /// The zip `swift package archive-source` makes of the package in `folder`.
    static func make(folder: String, name: String, version: String, scratch: String) async throws(InputErrors) -> Data {
        let output = scratch + "/\(name)-\(version).zip"
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
            let result = try await ChildProcess.run(
                SwiftToolchain.swift, arguments: ["package", "--package-path", folder, "archive-source", "--output", output], input: .none,
                output: .string(limit: 1 << 20), error: .string(limit: 1 << 20), limit: .manifest)
            guard result.succeeded, let data = FileManager.default.contents(atPath: output) else {
                throw InputErrors(
                    .inputError(
                        "archive-failed",
                        "'swift package archive-source' failed in \(folder): \(result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))",
                        at: .file(folder + "/Package.swift"), hint: nil))
            }
            return data
        } catch let error as InputErrors {
            throw error
        } catch {
            throw InputErrors(
                .inputError("archive-failed", "cannot run 'swift package archive-source': \(error)", at: nil, hint: "Strata needs the Swift toolchain on the PATH"))
        }
    }
}
