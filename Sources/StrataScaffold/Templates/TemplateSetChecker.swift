import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataLexer
public import StrataManifest

/// Checks that the templates one module gets fit together. Templates of one set use each
/// other's types (the built-in service tests call `Default{{module}}`, which the built-in
/// implementation declares), so a workspace that overrides one kind of template but not another
/// can make `strata new` write code that does not compile. This finds that before anything is
/// written, and `strata check` finds it in a workspace's `templates/` folder.
///
/// How: the templates of each layer are rendered for a sample module with every kind of target;
/// every identifier that contains the sample's name (a type made for the module) must be declared
/// by one of the rendered files, or be the name of one of its targets (which are imported).
public enum TemplateSetChecker {
    /// The sample module's name: distinctive, so that only names made from `{{module}}` contain it.
    static let sample = "StrataSampleModule"

    /// The problems of the templates of `layers` (all of the workspace's when nil) in the
    /// workspace at `root`; none if it has no `templates/` folder.
    /// `builtInSetsToo` checks sets made only of strata's templates as well (the tests do).
    public static func problems(root: String, manifest: Manifest, layers: [String]? = nil, builtInSetsToo: Bool = false) -> [Diagnostic] {
        let library = TemplateLibrary(workspaceRoot: root)
        guard library.hasWorkspaceTemplates || builtInSetsToo else { return [] }
        var problems: [Diagnostic] = []
        var seen: Set<String> = []
        for layer in layers ?? manifest.layers.map(\.name.value) {
            for problem in self.problems(library: library, layer: layer, manifest: manifest, builtInSetsToo: builtInSetsToo) {
                let key = "\(problem.location?.path ?? ""):\(problem.location?.line ?? 0):\(problem.message)"
                if seen.insert(key).inserted { problems.append(problem) }
            }
        }
        return problems
    }

    /// One rendered template: its origin, its text and what it declares and uses.
    private struct Rendered {
        var role: TemplateRole
        var template: TemplateFile
        var declared: Set<String>
        /// Identifiers containing the sample's name, with the first offset each is used at.
        var used: [(name: String, line: Int)]
    }

    /// The problems of one layer's set, rendered as the workspace renders it: with the runtime's
    /// parts too when strata.yml declares Strata's runtime (and always for the built-in sets).
    private static func problems(library: TemplateLibrary, layer: String, manifest: Manifest, builtInSetsToo: Bool) -> [Diagnostic] {
        var problems = self.problems(library: library, layer: layer, manifest: manifest, builtInSetsToo: builtInSetsToo, runtime: false)
        if builtInSetsToo || Scaffolder.runtimePackage(in: manifest) != nil {
            problems += self.problems(library: library, layer: layer, manifest: manifest, builtInSetsToo: builtInSetsToo, runtime: true)
        }
        return problems
    }

    private static func problems(library: TemplateLibrary, layer: String, manifest: Manifest, builtInSetsToo: Bool, runtime: Bool) -> [Diagnostic] {
        let naming = manifest.naming
        var context: [String: Any] = [
            "workspace": manifest.name?.value ?? "Workspace", "module": sample, "layer": layer,
            "protocol": Scaffolder.protocolName(sample), "dependencies": [String](), "packages": [String](), "imports": [String](),
            "interface": naming.interface.name(for: sample), "mocks": naming.mocks.name(for: sample),
            "tests": naming.tests.name(for: sample), "host": naming.host.name(for: sample), "dependencyMocks": [String](),
        ]
        if runtime {
            context["runtime"] = true
            context["route"] = sample.lowercased()
        }
        let targets: Set<String> = [
            sample, naming.interface.name(for: sample), naming.mocks.name(for: sample), naming.tests.name(for: sample),
            naming.host.name(for: sample),
        ]
        var rendered: [Rendered] = []
        var problems: [Diagnostic] = []
        for role in TemplateRole.allCases {
            do throws(InputErrors) {
                for template in try library.templates(for: role, layer: layer) {
                    let output = try TemplateRenderer.render(template, context: context)
                    rendered.append(analyse(output.contents, role: role, template: template))
                }
            } catch {
                problems += error.diagnostics
            }
        }
        // A set made only of built-in templates is consistent: the tests prove it (builtInSetsToo).
        guard problems.isEmpty, builtInSetsToo || rendered.contains(where: { !$0.template.isBuiltIn }) else { return problems }

        let declared = rendered.reduce(into: targets) { $0.formUnion($1.declared) }
        for file in rendered {
            for use in file.used where !declared.contains(use.name) {
                problems.append(problem(use, in: file, layer: layer, library: library))
            }
        }
        return problems
    }

    /// The declarations and the uses of module-made names in one rendered file.
    private static func analyse(_ text: String, role: TemplateRole, template: TemplateFile) -> Rendered {
        let source = SourceText(bytes: Array(text.utf8))
        let tokens = Lexer.tokenize(source).tokens
        let declaring: Set<String> = ["struct", "class", "enum", "protocol", "actor", "typealias", "func", "let", "var", "case"]
        var declared: Set<String> = []
        var used: [(name: String, line: Int)] = []
        var usedNames: Set<String> = []
        for (index, token) in tokens.enumerated() {
            if token.kind == .string, token.hasInterpolation {
                // Names used inside `\(…)` count too: `print("\(Default{{module}}().status())")`.
                let line = source.lineAndColumn(of: token.range.lowerBound).line
                for name in interpolatedNames(source.text(of: token)) where name.contains(sample) && usedNames.insert(name).inserted {
                    used.append((name, line))
                }
                continue
            }
            guard token.kind == .identifier else { continue }
            let name = source.text(of: token).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            if index > 0, tokens[index - 1].kind == .identifier, declaring.contains(source.text(of: tokens[index - 1])) {
                declared.insert(name)
                continue
            }
            if name.contains(sample), usedNames.insert(name).inserted {
                used.append((name, source.lineAndColumn(of: token.range.lowerBound).line))
            }
        }
        return Rendered(role: role, template: template, declared: declared, used: used)
    }

    /// The identifiers inside the interpolations of a string literal's text.
    private static func interpolatedNames(_ literal: String) -> [String] {
        var names: [String] = []
        for part in literal.components(separatedBy: "\\(").dropFirst() {
            var current = ""
            for character in part {
                if character.isLetter || character.isNumber || character == "_" {
                    current.append(character)
                } else {
                    if !current.isEmpty { names.append(current) }
                    current = ""
                }
            }
            if !current.isEmpty { names.append(current) }
        }
        return names
    }

    /// The error for `use`, placed where the user can fix it: at the workspace template that
    /// uses the name, or, when a built-in template uses it, at the workspace's override of the
    /// kind of template that used to declare it.
    private static func problem(_ use: (name: String, line: Int), in file: Rendered, layer: String, library: TemplateLibrary) -> Diagnostic {
        let written = use.name.replacingOccurrences(of: sample, with: "{{module}}")
        if !file.template.isBuiltIn {
            return .inputError(
                "invalid-template",
                "template '\(file.template.origin)' uses '\(written)', which no template a module in layer '\(layer)' gets declares",
                at: location(of: written, in: file.template),
                hint: "declare it in one of the layer's templates, or use a name they declare")
        }
        let overrides = TemplateRole.allCases.compactMap { role -> TemplateFile? in
            guard let first = try? library.templates(for: role, layer: layer).first, !first.isBuiltIn else { return nil }
            return first
        }
        let root = (library.folder as NSString).deletingLastPathComponent
        let folders = overrides.map { "'\(PathResolution.relative(($0.origin as NSString).deletingLastPathComponent, from: root))/'" }
        let builtIn = String(file.template.origin.dropFirst(TemplateLibrary.builtInPrefix.count))
        return .inputError(
            "invalid-template",
            "strata's built-in '\(builtIn)' template uses '\(written)', which the workspace's templates for layer '\(layer)' no longer declare",
            at: overrides.first.map { SourceLocation.file($0.origin) },
            hint:
                "the workspace overrides \(folders.joined(separator: ", ")); override '\(file.role.rawValue)' there too (templates/layers/\(layer)/\(file.role.rawValue)/), or declare '\(written)'"
        )
    }

    /// Where `text` first appears in a template file, else the file itself.
    private static func location(of text: String, in template: TemplateFile) -> SourceLocation {
        for (index, line) in template.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) {
                return SourceLocation(path: template.origin, line: index + 1, column: line.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return .file(template.origin)
    }
}
