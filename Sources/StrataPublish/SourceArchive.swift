import Foundation
import StrataDiagnostics
import StrataGenerate
import StrataModel
import StrataProcess
import Subprocess
import SystemPackage

#if canImport(Glibc)
import Glibc
#endif

/// A package's source archive, made by the toolchain (`swift package archive-source`) as
/// SwiftPM's own `package-registry publish` makes it.
enum SourceArchive {
    /// Writes `package` into `scratch/<name>` (its Package.swift and a copy of each target's
    /// folder in its conventional place) and returns that folder.
    static func stage(_ package: PublishedPackage, as name: String, in scratch: String) throws(InputErrors) -> String {
        let root = scratch + "/" + name
        let manager = FileManager.default
        if let missing = package.folders.first(where: { !manager.fileExists(atPath: $0.source) }) {
            throw InputErrors(
                .inputError(
                    "archive-failed",
                    "'\(package.name)' cannot be published: the folder \(missing.source) of its target \(missing.destination.split(separator: "/").last ?? "") does not exist",
                    at: nil, hint: "SwiftPM needs a folder for every target; 'strata generate' lists the missing ones"))
        }
        do {
            try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
            try Data(package.manifest.utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
            for folder in package.folders {
                let destination = root + "/" + folder.destination
                try manager.createDirectory(atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try manager.copyItem(atPath: folder.source, toPath: destination)
                try removeIgnoredContent(under: destination)
            }
        } catch {
            throw InputErrors(
                .inputError(
                    "archive-failed", "cannot lay out the package of '\(package.name)' to archive it: \(error.localizedDescription)", at: nil,
                    hint: nil))
        }
        return root
    }

    /// Removes build products and version control from a copied target folder, at any depth.
    private static func removeIgnoredContent(under folder: String) throws {
        let manager = FileManager.default
        guard let walk = manager.enumerator(atPath: folder) else { return }
        var ignored: [String] = []
        while let path = walk.nextObject() as? String {
            if ignoredContent.contains((path as NSString).lastPathComponent) {
                ignored.append(path)
                walk.skipDescendants()
            }
        }
        for path in ignored { try manager.removeItem(atPath: folder + "/" + path) }
    }

    /// What `swift package-registry publish` leaves out of a package folder it publishes.
    static let ignoredContent: Set<String> = [".build", ".git", ".gitignore", ".swiftpm"]

    /// Copies the package in `folder` into `scratch/<name>` as `swift package-registry publish`
    /// does (everything but build products and version control) and returns the copy, so that
    /// neither a `.build` folder nor the enclosing repository ends up in the archive.
    static func stage(folder: String, as name: String, in scratch: String) throws(InputErrors) -> String {
        let root = scratch + "/" + name
        let manager = FileManager.default
        do {
            try manager.createDirectory(atPath: root, withIntermediateDirectories: true)
            for item in try manager.contentsOfDirectory(atPath: folder) where !ignoredContent.contains(item) {
                try manager.copyItem(atPath: folder + "/" + item, toPath: root + "/" + item)
            }
        } catch {
            throw InputErrors(
                .inputError("archive-failed", "cannot copy the package in \(folder) to archive it: \(error.localizedDescription)", at: nil, hint: nil)
            )
        }
        return root
    }

    /// Moves a staged package to `output/<name>`: staged beside it first and renamed into place,
    /// so that the folder appears whole or not at all. Returns where it is.
    static func move(_ staged: String, into output: String, as name: String) throws(InputErrors) -> String {
        let manager = FileManager.default
        let destination = output + "/" + name
        let beside = output + "/.strata-\(UUID().uuidString)"
        do {
            try manager.createDirectory(atPath: output, withIntermediateDirectories: true)
            try manager.copyItem(atPath: staged, toPath: beside)
        } catch {
            try? manager.removeItem(atPath: beside)
            throw InputErrors(.inputError("write-failed", "cannot write \(destination): \(error.localizedDescription)", at: nil, hint: nil))
        }
        guard rename(beside, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(atPath: beside)
            throw InputErrors(.inputError("write-failed", "cannot write \(destination): \(reason)", at: nil, hint: nil))
        }
        return destination
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
                .inputError(
                    "archive-failed", "cannot run 'swift package archive-source': \(error)", at: nil,
                    hint: "Strata needs the Swift toolchain on the PATH"))
        }
    }
}
