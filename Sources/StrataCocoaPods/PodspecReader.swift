import Foundation
import StrataDiagnostics

/// Reads a Ruby `.podspec` without running Ruby: CocoaPods' DSL as specs are written —
/// `Pod::Spec.new do |s| … end`, attribute assignments (`s.name = 'X'`, `s.ios.source_files = …`),
/// `s.dependency 'X', '~> 1.0'`, `s.subspec 'Core' do |ss| … end` (nested), `s.test_spec` and
/// `s.app_spec` blocks, `default_subspecs`, `static_framework`, `module_name`, local constants
/// (`version = '1.0'`), and what a migration to SwiftPM needs: `source` (its tag may be
/// `s.version.to_s`, `"v#{s.version}"`, `'v' + s.version.to_s`), platforms and deployment targets,
/// Swift versions, public headers, resources and resource bundles, vendored frameworks, system
/// frameworks and libraries. Other attributes (summary, license, settings…) are skipped whatever
/// their value. Anything else — a condition, a loop,
/// a method of its own, an interpolated or computed value where the graph needs a literal — is an
/// `unreadable-podspec` error at that line: Strata does not guess.
struct PodspecReader {
    private let tokens: [RubyToken]
    private var position = 0
    private let path: String
    /// Local variables assigned a literal (`version = '1.2.0'`).
    private var locals: [String: [String]] = [:]
    /// The root block's variable (`s`) and the name and version read so far, which
    /// `s.version.to_s` and `"#{s.version}"` stand for.
    private var rootVariable = ""
    private var known: [String: String] = [:]

    /// The attributes CocoaPods knows that do not shape the graph: their values are skipped.
    static let skipped: Set<String> = [
        "summary", "description", "homepage", "license", "licence", "author", "authors", "source", "social_media_url", "documentation_url",
        "screenshot", "screenshots", "changelog", "readme", "deprecated", "deprecated_in_favor_of", "cocoapods_version", "swift_version",
        "swift_versions", "platform", "platforms", "deployment_target", "weak_frameworks", "weak_framework",
        "compiler_flags", "pod_target_xcconfig", "user_target_xcconfig", "xcconfig", "prefix_header_contents",
        "prefix_header_file", "requires_arc", "private_header_files", "project_header_files", "header_dir",
        "header_mappings_dir", "module_map", "preserve_paths",
        "preserve_path", "vendored_libraries", "vendored_library", "prepare_command",
        "script_phase", "script_phases", "info_plist", "scheme", "requires_app_host", "app_host_name", "test_type", "on_demand_resources",
        "preferred_dependency", "exclude_source_files",
    ]
    static let platforms: Set<String> = ["ios", "osx", "macos", "tvos", "watchos", "visionos"]
    /// The attributes read (beside the skipped ones): what a misspelt attribute is compared with.
    static let read: Set<String> = [
        "name", "version", "module_name", "static_framework", "source_files", "exclude_files", "default_subspecs", "dependency", "subspec",
        "test_spec", "app_spec", "public_header_files", "resources", "resource", "resource_bundles", "resource_bundle",
        "vendored_frameworks", "vendored_framework", "frameworks", "framework", "libraries", "library",
    ]

    /// CocoaPods' name of a platform: `macos` is `osx`.
    static func platformName(_ name: String) -> String { name == "macos" ? "osx" : name }

    private init(tokens: [RubyToken], path: String) {
        self.tokens = tokens
        self.path = path
    }

    /// The podspec in `text`, read from `path`.
    static func read(_ text: String, path: String) throws(InputErrors) -> Podspec {
        var reader = PodspecReader(tokens: try RubyLexer.tokenize(text, path: path), path: path)
        return try reader.readFile()
    }

    // MARK: Tokens

    private var current: RubyToken? { position < tokens.count ? tokens[position] : nil }

    private func location(_ token: RubyToken?) -> SourceLocation {
        guard let token else {
            let last = tokens.last
            return SourceLocation(path: path, line: last?.line ?? 1, column: last?.column ?? 1)
        }
        return SourceLocation(path: path, line: token.line, column: token.column)
    }

    private func unreadable(_ message: String, at token: RubyToken?, hint: String? = nil) -> InputErrors {
        InputErrors([
            .inputError(
                "unreadable-podspec", message, at: location(token),
                hint: hint
                    ?? "Strata reads podspecs written in CocoaPods' plain DSL; write a literal here, or list the JSON CocoaPods makes of the spec ('pod ipc spec X.podspec > X.podspec.json') instead"
            )
        ])
    }

    private mutating func skipNewlines() {
        while current?.kind == .newline { position += 1 }
    }

    private func isPunctuation(_ text: String, _ token: RubyToken? = nil) -> Bool {
        (token ?? current)?.kind == .punctuation(text)
    }

    private func isIdentifier(_ text: String) -> Bool {
        current?.kind == .identifier(text)
    }

    private mutating func expectPunctuation(_ text: String, _ what: String) throws(InputErrors) {
        guard isPunctuation(text) else { throw unreadable("expected '\(text)' \(what)", at: current) }
        position += 1
    }

    // MARK: The file

    private mutating func readFile() throws(InputErrors) -> Podspec {
        skipNewlines()
        // Local constants before the spec.
        while case .identifier(let name) = current?.kind, name != "Pod", position + 1 < tokens.count, isPunctuation("=", tokens[position + 1]) {
            try readLocal()
            skipNewlines()
        }
        let start = current
        guard case .constant("Pod") = current?.kind else {
            throw unreadable("expected the spec, 'Pod::Spec.new do |s| … end'", at: current)
        }
        position += 1
        try expectPunctuation("::", "in 'Pod::Spec'")
        guard case .constant("Spec") = current?.kind else { throw unreadable("expected 'Pod::Spec.new'", at: current) }
        position += 1
        try expectPunctuation(".", "in 'Pod::Spec.new'")
        guard isIdentifier("new") else { throw unreadable("expected 'Pod::Spec.new'", at: current) }
        position += 1
        if isPunctuation("(") {
            position += 1
            try expectPunctuation(")", "after 'Pod::Spec.new('")
        }
        var spec = Podspec(
            path: path, name: "", version: "", location: location(start), root: PodspecPart(name: "", location: location(start)))
        let opener = current
        let variable = try blockOpening()
        rootVariable = variable
        var root = spec.root
        try readBody(of: &root, variable: variable, opener: opener, spec: &spec, isRoot: true)
        skipNewlines()
        if let extra = current { throw unreadable("unexpected code after the spec", at: extra) }
        guard !spec.name.isEmpty else {
            throw InputErrors([
                .inputError("invalid-podspec", "the podspec has no 'name'", at: spec.location, hint: "add 's.name = \"PodName\"'")
            ])
        }
        root.name = spec.name
        spec.root = root
        spec.subspecs = spec.subspecs.map { renamed($0, in: spec.name) }
        spec.testSpecs = spec.testSpecs.map { renamed($0, in: spec.name) }
        spec.appSpecs = spec.appSpecs.map { renamed($0, in: spec.name) }
        return spec
    }

    /// Parts are named before the root's name is known: `/Core` becomes `Pod/Core`.
    private func renamed(_ part: PodspecPart, in name: String) -> PodspecPart {
        var part = part
        part.name = name + part.name
        return part
    }

    /// `version = '1.0'`: a local constant the spec may use.
    private mutating func readLocal() throws(InputErrors) {
        guard case .identifier(let name) = current?.kind else { return }
        position += 2
        locals[name] = try literalStrings(for: name)
        guard current?.kind == .newline || current == nil else { throw unreadable("expected the end of the line", at: current) }
    }

    /// `do |s|` or `{ |s|`: the block's variable.
    private mutating func blockOpening() throws(InputErrors) -> String {
        guard isIdentifier("do") || isPunctuation("{") else { throw unreadable("expected a block ('do |s|')", at: current) }
        position += 1
        try expectPunctuation("|", "before the block's variable")
        guard case .identifier(let variable) = current?.kind else { throw unreadable("expected the block's variable", at: current) }
        position += 1
        try expectPunctuation("|", "after the block's variable")
        return variable
    }

    private func isBlockEnd() -> Bool { isIdentifier("end") || isPunctuation("}") }

    /// `… if s.respond_to?(:visionos)` / `… unless …`: the statement is read as applying, and
    /// its condition skipped to the end of the line. The conditions podspecs write there ask
    /// which CocoaPods runs them; what they guard is what a current CocoaPods reads.
    private mutating func skipStatementModifier() {
        guard isIdentifier("if") || isIdentifier("unless") else { return }
        while let token = current, token.kind != .newline { position += 1 }
    }

    /// The statements of a spec's block, into `part`; subspecs and test and app specs go to `spec`.
    private mutating func readBody(
        of part: inout PodspecPart, variable: String, opener: RubyToken?, spec: inout Podspec, isRoot: Bool
    ) throws(InputErrors) {
        while true {
            skipNewlines()
            guard let token = current else {
                throw unreadable("the block opened here is not closed with 'end'", at: opener, hint: "close it with 'end' (or '}' for '{ |s|')")
            }
            if isBlockEnd() {
                position += 1
                return
            }
            guard case .identifier(let name) = token.kind else {
                throw unreadable("Strata cannot read this statement statically (only the spec's attributes, subspecs and local constants)", at: token)
            }
            if name != variable {
                if position + 1 < tokens.count, isPunctuation("=", tokens[position + 1]) {
                    try readLocal()
                    continue
                }
                throw unreadable(
                    "Strata cannot read '\(name)' statically (only the spec's attributes, subspecs and local constants)", at: token)
            }
            position += 1
            try expectPunctuation(".", "after '\(variable)'")
            guard case .identifier(var attribute) = current?.kind else { throw unreadable("expected an attribute", at: current) }
            let attributeToken = current
            position += 1
            var platform: String?
            if Self.platforms.contains(attribute), isPunctuation(".") {
                platform = attribute == "macos" ? "osx" : attribute
                position += 1
                guard case .identifier(let inner) = current?.kind else { throw unreadable("expected an attribute", at: current) }
                attribute = inner
                position += 1
            }
            try readStatement(attribute, at: attributeToken, platform: platform, into: &part, spec: &spec, isRoot: isRoot)
            skipStatementModifier()
            guard current?.kind == .newline || isBlockEnd() else {
                throw unreadable("Strata cannot read the rest of this statement statically", at: current)
            }
        }
    }

    private mutating func readStatement(
        _ attribute: String, at token: RubyToken?, platform: String?, into part: inout PodspecPart, spec: inout Podspec, isRoot: Bool
    ) throws(InputErrors) {
        let assigns = isPunctuation("=")
        if assigns { position += 1 }
        if try readMigrationAttribute(attribute, at: token, platform: platform, into: &part, spec: &spec, isRoot: isRoot) { return }
        switch attribute {
        case "name" where isRoot:
            spec.name = try single(for: "name")
            known["name"] = spec.name
        case "version" where isRoot:
            spec.versionLocation = location(current)
            spec.version = try single(for: "version")
            known["version"] = spec.version
        case "module_name" where isRoot:
            spec.moduleName = try single(for: "module_name")
        case "static_framework" where isRoot:
            spec.staticFramework = try boolean(for: "static_framework")
        case "source_files", "source_file":
            part.sourceFiles += try literalStrings(for: attribute)
        case "exclude_files", "exclude_file":
            part.excludeFiles += try literalStrings(for: attribute)
        case "default_subspecs" where isRoot, "default_subspec" where isRoot:
            spec.defaultSubspecs = try literalStrings(for: attribute).filter { $0 != ":none" }
        case "dependency":
            let values = try literalStrings(for: "dependency")
            guard let name = values.first else { throw unreadable("'dependency' needs the pod's name", at: token) }
            part.dependencies.append(
                PodDependency(name: name, requirements: Array(values.dropFirst()), platform: platform, location: location(token)))
        case "subspec", "test_spec", "app_spec":
            guard platform == nil else { throw unreadable("'\(attribute)' cannot be platform-specific", at: token) }
            var name = attribute == "subspec" ? "" : (attribute == "test_spec" ? "Tests" : "App")
            if case .string(let given) = current?.kind {
                name = given
                position += 1
            } else if attribute == "subspec" {
                throw unreadable("'subspec' needs a literal name", at: current)
            }
            var nested = PodspecPart(name: part.name + "/" + name, location: location(token))
            // Listed before the specs nested in it.
            let slot = attribute == "subspec" ? spec.subspecs.count : attribute == "test_spec" ? spec.testSpecs.count : spec.appSpecs.count
            let opener = current
            let variable = try blockOpening()
            try readBody(of: &nested, variable: variable, opener: opener, spec: &spec, isRoot: false)
            switch attribute {
            case "subspec": spec.subspecs.insert(nested, at: slot)
            case "test_spec": spec.testSpecs.insert(nested, at: slot)
            default: spec.appSpecs.insert(nested, at: slot)
            }
        case _ where Self.skipped.contains(attribute):
            // Whatever the value is: skipped to the end of the statement.
            position = tokens.endOfStatement(from: position)
        case "name", "version", "module_name", "static_framework", "default_subspecs", "default_subspec":
            throw unreadable("'\(attribute)' can only be set on the root spec", at: token, hint: "move it to the root spec's block")
        default:
            let known = Self.skipped.union(Self.read)
            throw unreadable(
                "'\(attribute)' is not a podspec attribute Strata knows", at: token,
                hint: Suggestions.didYouMean(attribute, in: known) ?? "check the attribute's name in CocoaPods' podspec reference")
        }
    }

    /// What a migration to SwiftPM needs and the graph does not: where the sources are, the
    /// platforms, Swift versions, headers, resources and what is linked. False for any other
    /// attribute.
    private mutating func readMigrationAttribute(
        _ attribute: String, at token: RubyToken?, platform: String?, into part: inout PodspecPart, spec: inout Podspec, isRoot: Bool
    ) throws(InputErrors) -> Bool {
        switch attribute {
        case "source" where isRoot:
            spec.source = try source(at: token)
        case "platform" where isRoot:
            guard case .symbol(let name) = current?.kind else { throw unreadable("'platform' must name a platform, ':ios'", at: current) }
            position += 1
            var target: String?
            if isPunctuation(",") {
                position += 1
                target = try stringExpression(for: "platform")
            }
            spec.deploymentTargets[Self.platformName(name)] = target
        case "platforms" where isRoot:
            for entry in try hashEntries(for: "platforms") { spec.deploymentTargets[Self.platformName(entry.key)] = entry.values.first }
        case "deployment_target" where isRoot:
            spec.deploymentTargets[platform ?? "all"] = try stringExpression(for: "deployment_target")
        case "swift_version" where isRoot, "swift_versions" where isRoot:
            spec.swiftVersions += try literalStrings(for: attribute)
        case "public_header_files", "public_header_file":
            part.publicHeaderFiles += try values(for: attribute, platform: platform)
        case "resources", "resource":
            part.resources += try values(for: attribute, platform: platform)
        case "vendored_frameworks", "vendored_framework":
            part.vendoredFrameworks += try values(for: attribute, platform: platform)
        case "frameworks", "framework":
            part.frameworks += try values(for: attribute, platform: platform)
        case "libraries", "library":
            part.libraries += try values(for: attribute, platform: platform)
        case "resource_bundles", "resource_bundle":
            part.resourceBundles += try hashEntries(for: attribute).map { PodResourceBundle(name: $0.key, patterns: $0.values, platform: platform) }
        default:
            return false
        }
        return true
    }

    // MARK: Values

    /// One literal string (`'X'`, or a local constant).
    private mutating func single(for attribute: String) throws(InputErrors) -> String {
        let token = current
        let values = try literalStrings(for: attribute)
        guard values.count == 1 else { throw unreadable("'\(attribute)' must be one string", at: token) }
        return values[0]
    }

    private mutating func boolean(for attribute: String) throws(InputErrors) -> Bool {
        switch current?.kind {
        case .identifier("true"):
            position += 1
            return true
        case .identifier("false"):
            position += 1
            return false
        default:
            throw unreadable("'\(attribute)' must be true or false", at: current)
        }
    }

    /// Strings, lists of strings and `%w[]` words, separated by commas, or a call's
    /// parenthesised arguments: what the graph's attributes take.
    private mutating func literalStrings(for attribute: String) throws(InputErrors) -> [String] {
        var values: [String] = []
        var parenthesised = false
        if isPunctuation("(") {
            parenthesised = true
            position += 1
        }
        while true {
            guard let token = current else { break }
            switch token.kind {
            case .string(let text):
                values.append(text)
                position += 1
            case .words(let words):
                values += words
                position += 1
            case .symbol(let symbol):
                values.append(":" + symbol)
                position += 1
            case .punctuation("["):
                values += try bracketedStrings(for: attribute)
            case .identifier(let name) where locals[name] != nil:
                values += locals[name]!
                position += 1
            case .interpolated(let text):
                throw unreadable("'\(attribute)' is the interpolated string \"\(text)\", which only Ruby can evaluate", at: token)
            case .label, .punctuation("{"):
                // Options of a dependency (`:path => …`, `configurations:`), and other hashes: not the graph's.
                try skipHash()
                return values
            default:
                throw unreadable("'\(attribute)' is an expression Strata cannot read statically", at: token)
            }
            // A following `, value` continues the list; `=>` starts a hash (skipped).
            if isPunctuation(",") {
                position += 1
                if case .punctuation(let p)? = current?.kind, p == "]" || p == ")" { break }
                continue
            }
            if isPunctuation("=>") {
                try skipHash()
                return values
            }
            break
        }
        if parenthesised { try expectPunctuation(")", "after the arguments") }
        return values
    }

    /// `['a', 'b']`, from its `[` to its `]`.
    private mutating func bracketedStrings(for attribute: String) throws(InputErrors) -> [String] {
        let opening = current
        position += 1
        var values: [String] = []
        while !isPunctuation("]") {
            guard current != nil else { throw unreadable("this list is not closed", at: opening) }
            values += try literalStrings(for: attribute)
            if isPunctuation(",") { position += 1 }
        }
        position += 1
        return values
    }

    /// A list attribute's values, each for `platform`.
    private mutating func values(for attribute: String, platform: String?) throws(InputErrors) -> [PodValue] {
        try literalStrings(for: attribute).map { PodValue(value: $0, platform: platform) }
    }

    /// `{ :git => 'https://…', :tag => s.version.to_s }`: where the version's sources are.
    private mutating func source(at token: RubyToken?) throws(InputErrors) -> PodSource {
        var source = PodSource(location: location(token))
        for entry in try hashEntries(for: "source") {
            let value = entry.values.first
            switch entry.key {
            case "git": source.git = value
            case "tag": source.tag = value
            case "commit": source.commit = value
            case "branch": source.branch = value
            case "http": source.http = value
            case "path": source.path = value
            default: continue  // `:submodules => true`, `:sha256 => …`: not where the sources are
            }
        }
        return source
    }

    /// A hash's entries, braced or not (`:git => '…', tag: '…'`, `'Name' => ['a', 'b']`), each key
    /// with its string value or list of them (a symbol's name for a symbol, none for `nil`).
    private mutating func hashEntries(for attribute: String) throws(InputErrors) -> [(key: String, values: [String])] {
        let braced = isPunctuation("{")
        if braced { position += 1 }
        var entries: [(key: String, values: [String])] = []
        while !(braced && isPunctuation("}")) {
            let key: String
            switch current?.kind {
            case .symbol(let name)?, .string(let name)?:
                key = name
                position += 1
                try expectPunctuation("=>", "after the key of '\(attribute)'")
            case .label(let name)?:
                key = name
                position += 1
            default:
                throw unreadable("expected a key of '\(attribute)' (':git =>' or 'git:')", at: current)
            }
            entries.append((key, try hashValue(for: attribute + "." + key)))
            guard isPunctuation(",") else { break }
            position += 1
        }
        if braced { try expectPunctuation("}", "to close '\(attribute)'") }
        return entries
    }

    private mutating func hashValue(for attribute: String) throws(InputErrors) -> [String] {
        switch current?.kind {
        case .punctuation("[")?:
            // The bracketed list alone: a `,` after it separates the hash's entries.
            return try bracketedStrings(for: attribute)
        case .words(let words)?:
            position += 1
            return words
        case .symbol(let name)?:
            position += 1
            return [name]
        case .identifier("nil")?:
            position += 1
            return []
        default:
            return [try stringExpression(for: attribute)]
        }
    }

    /// A string made of terms joined with `+`: literals, `s.version.to_s` and `s.name`, local
    /// constants, and `"v#{s.version}"`.
    private mutating func stringExpression(for attribute: String) throws(InputErrors) -> String {
        var text = try stringTerm(for: attribute)
        while isPunctuation("+") {
            position += 1
            text += try stringTerm(for: attribute)
        }
        return text
    }

    private mutating func stringTerm(for attribute: String) throws(InputErrors) -> String {
        let token = current
        switch token?.kind {
        case .string(let text)?, .number(let text)?:
            position += 1
            return text
        case .identifier(let flag)? where flag == "true" || flag == "false":
            position += 1
            return flag
        case .interpolated(let text)?:
            position += 1
            return try interpolated(text, at: token, for: attribute)
        case .identifier(let name)? where name == rootVariable:
            position += 1
            try expectPunctuation(".", "after '\(name)'")
            guard case .identifier(let field)? = current?.kind, let value = known[field] else {
                throw unreadable(
                    "'\(attribute)' uses '\(name).\(current.map { "\($0.kind)" } ?? "")', which Strata cannot read here", at: token,
                    hint: "only '\(name).version' and '\(name).name', set above this line, are read")
            }
            position += 1
            if isPunctuation("."), position + 1 < tokens.count, tokens[position + 1].kind == .identifier("to_s") { position += 2 }
            return value
        case .identifier(let name)? where locals[name]?.count == 1:
            position += 1
            return locals[name]![0]
        default:
            throw unreadable("'\(attribute)' is an expression Strata cannot read statically", at: token)
        }
    }

    /// `"v#{s.version}"`: each `#{…}` must be the spec's version or name (`.to_s` or not), or a
    /// local constant.
    private func interpolated(_ text: String, at token: RubyToken?, for attribute: String) throws(InputErrors) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "#{") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else { break }
            var expression = rest[open.upperBound..<close].trimmingCharacters(in: .whitespaces)
            if expression.hasSuffix(".to_s") { expression.removeLast(".to_s".count) }
            let parts = expression.split(separator: ".").map(String.init)
            if parts.count == 2, parts[0] == rootVariable, let value = known[parts[1]] {
                result += value
            } else if parts.count == 1, let value = locals[parts[0]], value.count == 1 {
                result += value[0]
            } else {
                throw unreadable("'\(attribute)' is the interpolated string \"\(text)\", which only Ruby can evaluate", at: token)
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Skips a hash's entries (`:a => 1, b: 2` or `{ … }`) to the end of the statement or argument list.
    private mutating func skipHash() throws(InputErrors) {
        var depth = 0
        while let token = current {
            if token.kind == .newline && depth == 0 { return }
            if case .punctuation(let p) = token.kind {
                if ["(", "[", "{"].contains(p) { depth += 1 }
                if [")", "]", "}"].contains(p) {
                    if depth == 0 { return }
                    depth -= 1
                }
            }
            position += 1
        }
    }
}
