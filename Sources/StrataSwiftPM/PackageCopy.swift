import Foundation
public import StrataDiagnostics
public import StrataProjectFormat

/// The files of a package that is not on the disk where it belongs — a revision git has but
/// has not checked out — so that its manifest can be evaluated from a copy.
///
/// `write` puts the files into an empty folder laid out as they are under `original` (for a
/// git revision: the repository's top level), so a manifest that reads its own folder, or
/// names `../Shared` by path, sees what it would see there. The copy is removed after the
/// evaluation, and every path into it that SwiftPM prints is turned back into the original's,
/// so the answer, its errors and the evaluated-manifest cache entry are the same as if the
/// manifest had been evaluated in place.
public struct PackageCopy: Sendable {
    /// The absolute folder the copy stands for.
    public var original: String
    /// Identifies the contents of the manifest's package folder in the copy (a git tree id):
    /// the evaluated-manifest cache keeps the answer of a manifest that may read files only
    /// together with it.
    public var fingerprint: String?
    /// Writes the files into the folder it is given (which does not exist yet).
    public var write: @Sendable (_ folder: String) async throws(InputErrors) -> Void

    public init(
        original: String, fingerprint: String? = nil, write: @escaping @Sendable (_ folder: String) async throws(InputErrors) -> Void
    ) {
        self.original = original
        self.fingerprint = fingerprint
        self.write = write
    }

    /// Evaluates the manifest at `path` (inside `original`), whose text is `manifest`, with
    /// `swift package dump-package` in the copy, or answers from the evaluated-manifest cache
    /// (the same text at the same path) without writing the copy at all.
    public func evaluate(manifestAt path: String, manifest: [UInt8]) async throws(InputErrors) -> PackageManifest {
        try await DumpPackageReader.read(path: path, manifest: manifest, copy: self)
    }

    /// True if the manifest's text shows it may read files, so that a fingerprint of its folder
    /// is worth asking for.
    public static func mayReadFiles(_ manifest: [UInt8]) -> Bool {
        ManifestFileAccess.mayReadFiles(manifest)
    }

    /// `text` with every path into `copy` turned into the same path under `original`, as
    /// SwiftPM prints them in JSON (with `\/` for `/`) or in messages.
    static func replacing(_ copy: String, with original: String, in text: String) -> String {
        let escaped = { (path: String) in path.replacingOccurrences(of: "/", with: "\\/") }
        return text.replacingOccurrences(of: copy, with: original).replacingOccurrences(of: escaped(copy), with: escaped(original))
    }
}
