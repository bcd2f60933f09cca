import Foundation
public import StrataDiagnostics
import StrataFileSystem
public import StrataProjectFormat

/// Reads `.xcconfig` files: `NAME = value` lines, `//` comments, and `#include "other.xcconfig"`
/// (`#include?` when the file may be missing) read in place, relative to the including file.
///
/// Within one file (its includes in place), `$(inherited)` in a later assignment of a name is
/// the value an earlier one gave it, as Xcode reads it; with no earlier one it is left for the
/// level below. Conditional assignments (`NAME[sdk=iphoneos*] = …`) are left out, as
/// ``BuildSettings`` says.
public struct ConfigurationFiles: Sendable {
    let files: any WorkspaceFiles

    public init(files: any WorkspaceFiles) {
        self.files = files
    }

    /// The settings the file at `path` (absolute) assigns, the files it read (for the graph
    /// cache's stamps) and what could not be read, as warnings at the line that named it.
    public func settings(at path: String, namedAt location: SourceLocation) -> (settings: [String: String], read: [String], warnings: [Diagnostic]) {
        var reading = Reading(files: files)
        reading.read(PathResolution.standardize(path), namedAt: location, isOptional: false)
        return (reading.settings, reading.read, reading.warnings)
    }

    private struct Reading {
        let files: any WorkspaceFiles
        var settings: [String: String] = [:]
        var read: [String] = []
        var warnings: [Diagnostic] = []
        /// The files being read, outermost first: one that includes itself is named, not looped.
        var including: [String] = []

        mutating func read(_ path: String, namedAt location: SourceLocation, isOptional: Bool) {
            guard !including.contains(path) else {
                warnings.append(
                    .warning(
                        ConfigurationFiles.warningID,
                        "'\(PathResolution.name(of: path))' includes itself (through \(including.count) files); read once",
                        at: location, hint: "remove the #include that closes the circle"))
                return
            }
            let bytes: [UInt8]
            switch files.read(path) {
            case .success(let contents): bytes = contents
            case .failure(let failure):
                if !isOptional {
                    warnings.append(
                        .warning(
                            ConfigurationFiles.warningID, "cannot read the configuration file '\(path)': \(failure)", at: location,
                            hint: "Xcode builds without its settings too; restore the file, or remove the reference to it"))
                }
                return
            }
            read.append(path)
            including.append(path)
            defer { including.removeLast() }
            for (index, line) in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                take(Substring(line), number: index + 1, in: path)
            }
        }

        private mutating func take(_ line: Substring, number: Int, in path: String) {
            var text = line
            if let comment = text.range(of: "//") { text = text[..<comment.lowerBound] }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let isOptional = trimmed.hasPrefix("#include?")
                guard let open = trimmed.firstIndex(of: "\""), let close = trimmed[trimmed.index(after: open)...].firstIndex(of: "\"") else { return }
                let named = String(trimmed[trimmed.index(after: open)..<close])
                // `<DEVELOPER_DIR>/…` and the like are the toolchain's files, not the workspace's.
                guard !named.hasPrefix("<") else { return }
                read(
                    PathResolution.resolve(named, in: PathResolution.parent(of: path)), namedAt: SourceLocation(path: path, line: number, column: 1),
                    isOptional: isOptional)
                return
            }
            guard let equals = trimmed.firstIndex(of: "=") else { return }
            let name = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains("[") else { return }
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value.removeLast() }
            if let earlier = settings[name] {
                value = value.replacingOccurrences(of: "$(inherited)", with: earlier).replacingOccurrences(of: "${inherited}", with: earlier)
            }
            settings[name] = value
        }
    }

    /// The id of a configuration file that cannot be read as its project names it.
    public static let warningID = "unreadable-xcconfig"
}
