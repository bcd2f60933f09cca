import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataWorkspace

/// `strata bench generate`: writes every app of a matrix into a folder, each a workspace of its
/// own (strata.yml, sources, and the Package.swift files `strata generate` makes of them), and
/// `bench.json`, which `strata bench run` reads.
///
/// The apps are written into a new folder beside the output and put in its place at the end, so
/// that a failed run leaves the output as it was. An output folder that holds anything but an
/// earlier benchmark is never replaced.
public struct BenchGenerator: Sendable {
    public var matrix: BenchMatrix

    /// What `bench.json` holds: the matrix, and each app's folder and summary.
    public struct Index: Codable, Sendable, Equatable {
        public struct App: Codable, Sendable, Equatable {
            public var cell: BenchMatrix.Cell
            public var folder: String
            public var summary: String
            /// Modules the app links (interface modules included); 0 for the monolith.
            public var modules: Int
            /// A file of a bottom-layer module and one of a top-layer module, relative to the
            /// app's folder: what `strata bench run` edits for its incremental builds.
            public var bottomFile: String
            public var topFile: String
        }

        public var version = 1
        public var matrix: BenchMatrix
        public var apps: [App]
        /// What every app prints when it runs.
        public var checksumLine: String?
    }

    public static let indexName = "bench.json"

    public init(matrix: BenchMatrix) {
        self.matrix = matrix
    }

    /// Writes the apps into `folder` and returns the index. `progress` is told each app as it is written.
    public func write(to folder: String, progress: (BenchApp) -> Void = { _ in }) async throws(InputErrors) -> Index {
        try Self.checkReplaceable(folder)
        let staging = Self.stagingFolder(for: folder)
        do throws(InputErrors) {
            var index = Index(matrix: matrix, apps: [])
            for app in matrix.apps {
                progress(app)
                let root = staging + "/" + app.cell.description
                for file in app.sourceFiles() { try Self.write(file.contents, to: root + "/" + file.path) }
                let workspace = try await WorkspaceLoader().load(path: root).workspace
                for file in try WorkspaceGenerator.files(for: workspace) { try Self.write(file.contents, to: root + "/" + file.path) }
                index.apps.append(
                    Index.App(
                        cell: app.cell, folder: app.cell.description, summary: app.summary, modules: app.modules.count,
                        bottomFile: app.implementationFile(of: app.units.last!), topFile: app.implementationFile(of: app.units[0])))
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            try Self.write(String(decoding: (try? encoder.encode(index)) ?? Data(), as: UTF8.self) + "\n", to: staging + "/" + Self.indexName)
            try Self.replace(folder, with: staging)
            return index
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            throw error
        }
    }

    /// Reads the index of a folder `write` wrote.
    public static func index(of folder: String) throws(InputErrors) -> Index {
        let path = folder + "/" + indexName
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputErrors(
                .inputError(
                    "not-a-benchmark", "'\(folder)' holds no \(indexName)", at: .file(path),
                    hint: "write the apps first: strata bench generate --out \(folder)"))
        }
        do {
            return try JSONDecoder().decode(Index.self, from: data)
        } catch {
            throw InputErrors(
                .inputError(
                    "not-a-benchmark", "\(indexName) cannot be read: \(error)", at: .file(path),
                    hint: "write the apps again: strata bench generate --out \(folder)"))
        }
    }

    /// An output folder may be missing, empty, or an earlier benchmark's.
    static func checkReplaceable(_ folder: String) throws(InputErrors) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return }
        guard isFolder.boolValue else {
            throw InputErrors(
                .inputError("output-not-a-folder", "'\(folder)' exists and is not a folder", at: .file(folder), hint: "choose another --out"))
        }
        let contents = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        guard contents.isEmpty || contents.contains(indexName) else {
            throw InputErrors(
                .inputError(
                    "output-not-empty", "'\(folder)' is not empty and holds no earlier benchmark (\(indexName)), so it is left alone",
                    at: .file(folder), hint: "choose an empty or new --out folder"))
        }
    }

    private static func stagingFolder(for folder: String) -> String {
        let parent = (folder as NSString).deletingLastPathComponent
        let name = (folder as NSString).lastPathComponent
        return parent + "/." + name + ".strata-" + String(UInt64.random(in: .min ... .max), radix: 16) + ".tmp"
    }

    /// Puts `staging` in `folder`'s place; an earlier benchmark there is removed once it has been moved aside.
    private static func replace(_ folder: String, with staging: String) throws(InputErrors) {
        let manager = FileManager.default
        let aside = staging + ".old"
        let existed = manager.fileExists(atPath: folder)
        do {
            if existed { try manager.moveItem(atPath: folder, toPath: aside) }
            try manager.moveItem(atPath: staging, toPath: folder)
        } catch {
            if existed && !manager.fileExists(atPath: folder) { try? manager.moveItem(atPath: aside, toPath: folder) }
            throw InputErrors(.inputError("write-failed", "cannot put the apps in '\(folder)': \(error)", at: .file(folder), hint: nil))
        }
        if existed { try? manager.removeItem(atPath: aside) }
    }

    private static func write(_ text: String, to path: String) throws(InputErrors) {
        do {
            try AtomicFileWriter.write(Data(text.utf8), to: path, creatingFolder: true)
        } catch {
            throw InputErrors(
                .inputError("write-failed", error.description, at: .file(error.path), hint: "check that the --out folder can be written"))
        }
    }
}
