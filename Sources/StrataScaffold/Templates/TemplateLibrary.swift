import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataManifest

/// One template file: where its output goes inside the target's folder (itself a template,
/// `.mustache` dropped) and its text.
public struct TemplateFile: Sendable, Hashable {
    /// The output path inside the target's source folder, before rendering, e.g. `{{module}}Coordinator.swift`.
    public var path: String
    /// The template text.
    public var text: String
    /// Where it comes from: a file of the workspace's `templates/` folder, or `built-in:<key>`.
    public var origin: String

    /// True for the templates compiled into strata.
    public var isBuiltIn: Bool { origin.hasPrefix(TemplateLibrary.builtInPrefix) }
}

/// The kinds of target a template folder can be for.
public enum TemplateRole: String, Sendable, CaseIterable {
    case implementation, interface, mocks, tests, host
}

/// Finds the templates for each target `strata new` creates. A workspace overrides the
/// built-in templates folder by folder with its own `templates/` folder:
///
/// 1. `templates/layers/<layer>/<role>/` — the workspace's templates for modules of that layer;
/// 2. the built-in `layers/<layer>/<role>/` (strata has `domain` and `service`);
/// 3. `templates/module/<role>/` — the workspace's templates for any module;
/// 4. the built-in `module/<role>/`.
///
/// Apps use `templates/app/`, else the built-in `app/`. The first folder that exists is used
/// whole; an empty folder means the target gets no files.
public struct TemplateLibrary: Sendable {
    static let builtInPrefix = "built-in:"
    /// The workspace's `templates/` folder (it need not exist).
    public let folder: String

    public init(workspaceRoot: String) {
        folder = workspaceRoot + "/templates"
    }

    /// Whether the workspace has a `templates/` folder of its own.
    public var hasWorkspaceTemplates: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// The templates for `role` of a module in `layer`.
    public func templates(for role: TemplateRole, layer: String) throws(InputErrors) -> [TemplateFile] {
        try first(["layers/\(layer)/\(role.rawValue)", "module/\(role.rawValue)"])
    }

    /// The templates for an app.
    public func appTemplates() throws(InputErrors) -> [TemplateFile] {
        try first(["app"])
    }

    /// The files of the first of `folders` that the workspace or strata has, workspace first.
    private func first(_ folders: [String]) throws(InputErrors) -> [TemplateFile] {
        for relative in folders {
            var isFolder: ObjCBool = false
            let path = folder + "/" + relative
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    throw InputErrors(
                        .inputError(
                            "invalid-template", "'\(path)' must be a folder of template files", at: .file(path),
                            hint: "put the role's templates inside it, e.g. '\(relative)/main.swift.mustache'"))
                }
                return try workspaceFiles(in: path)
            }
            let prefix = relative + "/"
            let builtIn = BuiltInTemplates.files.filter { $0.key.hasPrefix(prefix) }
            if !builtIn.isEmpty {
                return builtIn.map { key, text in
                    TemplateFile(path: Self.outputPath(String(key.dropFirst(prefix.count))), text: text, origin: Self.builtInPrefix + key)
                }.sorted { $0.path < $1.path }
            }
        }
        return []
    }

    /// A template's path with `.mustache` dropped.
    static func outputPath(_ path: String) -> String {
        path.hasSuffix(".mustache") ? String(path.dropLast(".mustache".count)) : path
    }

    /// Every file under `root` (hidden ones aside), sorted by path.
    private func workspaceFiles(in root: String) throws(InputErrors) -> [TemplateFile] {
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [TemplateFile] = []
        var problems: [Diagnostic] = []
        while let relative = enumerator.nextObject() as? String {
            let path = root + "/" + relative
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let data: Data
            switch FileContents.read(path) {
            case .success(let bytes): data = Data(bytes)
            case .failure(let failure):
                problems.append(InputFile.problem(path, failure, what: "template"))
                continue
            }
            guard let text = String(data: data, encoding: .utf8) else {
                problems.append(
                    .inputError("invalid-template", "template '\(path)' is not UTF-8 text", at: .file(path), hint: "save it as UTF-8"))
                continue
            }
            files.append(TemplateFile(path: Self.outputPath(relative), text: text, origin: path))
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        return files.sorted { $0.path < $1.path }
    }
}
