import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataGenerate
import StrataManifest
import StrataProjectFormat
import StrataSwiftPM
public import StrataWorkspace

/// Changes to Package.swift files, worked out before anything is written (adopt mode).
public struct PackageEdit: Sendable {
    /// The workspace folder.
    public var root: String
    /// Each file changed: its path, its text before and after.
    public var files: [(path: String, old: String, new: String)]
    /// Fixes that could not be made, as notes.
    public var findings: [Diagnostic]
    public var summary: String

    /// The changes as unified diffs, paths shown by `display`.
    public func diff(display: (String) -> String) -> String {
        files.map { UnifiedDiff.diff(old: $0.old, new: $0.new, oldPath: "a/\(display($0.path))", newPath: "b/\(display($0.path))") }.joined()
    }

    /// Writes every file in one transaction.
    public func apply() throws(InputErrors) {
        var transaction = FileTransaction(workspace: root)
        for file in files { transaction.stage(Data(file.new.utf8), at: file.path) }
        do throws(FileTransaction.CommitError) {
            try transaction.commit()
        } catch {
            throw InputErrors(.writeFailed(error))
        }
    }
}

/// Adopt mode's dependency edits: a target's `dependencies:` in the Package.swift that declares
/// it, through `PackageManifestEditor` (`strata add dependency`, `strata rm dependency` and
/// `strata check --fix` when the modules are in Package.swift files).
public enum PackageDependencyEditor {
    /// One edit making `fixes`; a fix a Package.swift cannot take is left out, as a note.
    public static func edit(_ fixes: [DependencyFix], in workspace: Workspace) -> PackageEdit {
        var texts: [String: (old: String, new: String)] = [:]
        var order: [String] = []
        var notes: [Diagnostic] = []
        var made = 0
        for fix in fixes {
            do throws(InputErrors) {
                guard let target = workspace.index[fix.target], let path = workspace.targets[target].location?.path else {
                    throw InputErrors(.inputError("unknown-dependency", "there is no target '\(fix.target)'", at: nil))
                }
                if texts[path] == nil {
                    let text = try InputFile.text(path)
                    texts[path] = (text, text)
                    order.append(path)
                }
                let current = texts[path]!.new
                let changed: String
                switch fix.kind {
                case .add:
                    let reference = try self.reference(to: fix.dependency, from: target, in: workspace)
                    changed = try PackageManifestEditor.adding(reference, toTarget: fix.target, in: current, path: path)
                case .remove:
                    let name = fix.dependency.split(separator: "/").last.map(String.init) ?? fix.dependency
                    changed = try PackageManifestEditor.removing(name, fromTarget: fix.target, in: current, path: path)
                }
                texts[path]!.new = changed
                made += 1
            } catch {
                notes += fix.notFixed(error.diagnostics)
            }
        }
        let files = order.compactMap { path in texts[path].flatMap { $0.old == $0.new ? nil : (path, $0.old, $0.new) } }
        return PackageEdit(
            root: workspace.root, files: files, findings: notes, summary: "made \(made) of \(fixes.count) fix\(fixes.count == 1 ? "" : "es")")
    }

    /// How `target`'s Package.swift names `dependency`: a target of its own package by name, one
    /// of another workspace package or an external product as `.product(name:package:)`.
    static func reference(
        to dependency: String, from target: TargetID, in workspace: Workspace
    ) throws(InputErrors) -> PackageManifestEditor.Reference {
        let manifest = workspace.targets[target].location?.path
        if let slash = dependency.firstIndex(of: "/") {
            return .product(name: String(dependency[dependency.index(after: slash)...]), package: String(dependency[..<slash]))
        }
        guard let index = workspace.index[dependency], let path = workspace.targets[index].location?.path else {
            throw InputErrors(.inputError("unknown-dependency", "there is no target '\(dependency)'", at: nil))
        }
        if path == manifest { return .target(dependency) }
        // Another package of the workspace: its manifest must already depend on that package.
        let folder = (path as NSString).deletingLastPathComponent
        let linked =
            workspace.dependencies.indices.contains { source in
                workspace.targets[source].location?.path == manifest
                    && workspace.dependencies[source].contains { workspace.targets[$0.target].location?.path == path }
            } || declaresPackage(at: folder, in: manifest)
        guard linked else {
            throw InputErrors(
                .inputError(
                    "cannot-edit-package",
                    "'\(dependency)' is in package '\((folder as NSString).lastPathComponent)', which this Package.swift does not depend on",
                    at: manifest.map { .file($0) }, hint: "add '.package(path: …)' for it first"))
        }
        return .product(name: dependency, package: PackageDependency.identity(for: folder))
    }

    /// True if the Package.swift at `manifest` names the package in `folder` by path.
    static func declaresPackage(at folder: String, in manifest: String?) -> Bool {
        guard let manifest, let data = FileContents.bytes(atPath: manifest) else { return false }
        let relative = PathResolution.relative(folder, from: (manifest as NSString).deletingLastPathComponent)
        let text = String(decoding: data, as: UTF8.self)
        return text.contains(".package(path: \"\(relative)\")") || text.contains(".package(path: \"\(relative)/\")")
    }
}
