import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataProcess
import StrataToolchain
import StrataWorkspace
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
                let leftOut = Set(folder.leftOut.map { PathResolution.resolve($0, in: folder.source) })
                try copy(folder.source, to: root + "/" + folder.destination, leavingOutAtAnyDepth: true, leaving: leftOut)
            }
        } catch {
            throw InputErrors(
                .inputError(
                    "archive-failed", "cannot lay out the package of '\(package.name)' to archive it: \(error.localizedDescription)", at: nil,
                    hint: nil))
        }
        return root
    }

    /// Copies the folder `source` to `destination` without `ignoredContent`: left out at its top,
    /// as SwiftPM's publish does with a package folder, or at any depth (a target's folder).
    /// What is left out is never copied, however large a `.build` folder is.
    /// `leaving`: absolute paths not copied either (a target's excluded files and folders).
    private static func copy(_ source: String, to destination: String, leavingOutAtAnyDepth: Bool, leaving: Set<String> = []) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for item in try manager.contentsOfDirectory(atPath: source) where !isIgnored(item) && !leaving.contains(source + "/" + item) {
            let from = source + "/" + item
            let to = destination + "/" + item
            // A folder (not a link to one) is walked when its insides may hold more to leave out.
            if leavingOutAtAnyDepth, try manager.attributesOfItem(atPath: from)[.type] as? FileAttributeType == .typeDirectory {
                try copy(from, to: to, leavingOutAtAnyDepth: true, leaving: leaving)
            } else {
                try manager.copyItem(atPath: from, toPath: to)
            }
        }
    }

    /// What `swift package-registry publish` leaves out of a package folder it publishes.
    static let ignoredContent: Set<String> = [".build", ".git", ".gitignore", ".swiftpm"]

    /// Whether the folder item `name` is left out: what SwiftPM's publish leaves out, and build
    /// folders kept beside `.build` (`.build-release`, a sanitizer's `--scratch-path`; ignored as
    /// `.build-*` by this repository's `.gitignore`). Archiving them made a 190 MB upload that
    /// timed out.
    static func isIgnored(_ name: String) -> Bool { ignoredContent.contains(name) || name.hasPrefix(".build-") }

    /// Copies the package in `folder` into `scratch/<name>` as `swift package-registry publish`
    /// does (everything but build products and version control) and returns the copy, so that
    /// neither a `.build` folder nor the enclosing repository ends up in the archive.
    static func stage(folder: String, as name: String, in scratch: String) throws(InputErrors) -> String {
        let root = scratch + "/" + name
        do {
            try copy(folder, to: root, leavingOutAtAnyDepth: false)
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
