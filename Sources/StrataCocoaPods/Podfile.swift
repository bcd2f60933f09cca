package import StrataDiagnostics

/// What Strata needs of a Podfile: its targets (apps, and the test targets nested in them) with
/// the pods each uses, and how pods are linked (`use_frameworks!`).
package struct Podfile: Sendable, Equatable {
    package var path: String
    package var targets: [PodfileTarget] = []
    /// `use_frameworks!`: pods become frameworks, dynamic unless `:linkage => :static`.
    package var usesFrameworks = false
    package var staticLinkage = false
}

/// A `target 'Name' do … end` of a Podfile.
package struct PodfileTarget: Sendable, Equatable {
    package var name: String
    package var location: SourceLocation
    /// Nested in another target (with `inherit! :search_paths`, a test target of its app).
    package var isNested: Bool
    /// `inherit! :search_paths`: it sees its parent's pods but does not link them.
    package var inheritsSearchPathsOnly: Bool
    /// Its own pods (methods it calls included).
    package var pods: [PodfilePod]
    /// The pods of the targets and abstract targets around it, outermost first.
    package var inherited: [PodfilePod] = []
}

/// `pod 'Name/Sub', '~> 1.0', :path => 'Modules/Name'`.
package struct PodfilePod: Sendable, Equatable {
    package var name: String
    package var requirements: [String]
    /// `:path =>`: a development pod in the workspace, relative to the Podfile's folder.
    package var path: String?
    package var location: SourceLocation

    package var pod: String { String(name.split(separator: "/").first ?? Substring(name)) }
}

/// Reads a Podfile statically: `target` and `abstract_target` blocks (nested), `pod` lines
/// with their requirements and `:path`, `inherit!`, `use_frameworks!` (with `:linkage`), methods
/// of pod lines (`def shared_pods … end`) called by name, local variables (`ios_target =
/// '15.0'`); settings that do not shape the graph (`platform`, `source`, `project`,
/// `workspace`, `install!`, `inhibit_all_warnings!`, `post_install` and other hooks) are
/// skipped. A pod's requirement or `:path` may be a variable holding a literal string; a
/// requirement computed otherwise (a method's result, `YAML.load_file(…)`) is left out, as it
/// cannot be known without Ruby, and the pod is read without it. Anything else is an
/// `unreadable-podspec` error.
struct PodfileReader {
    private let tokens: [RubyToken]
    private var position = 0
    private let path: String
    /// `def name … end`: where each method's body starts.
    private var methods: [String: Int] = [:]
    /// Local variables assigned a literal string (`version = '1.2'`), by name.
    private var literals: [String: String] = [:]
    /// Local variables assigned anything else (`target = Gem::Version.new('15.0')`).
    private var computed: Set<String> = []
    private var result: Podfile

    private init(tokens: [RubyToken], path: String) {
        self.tokens = tokens
        self.path = path
        result = Podfile(path: path)
    }

    static func read(_ text: String, path: String) throws(InputErrors) -> Podfile {
        var reader = PodfileReader(tokens: try RubyLexer.tokenize(text, path: path), path: path)
        // Pods outside every target apply to all of them (CocoaPods' implicit abstract target).
        let top = try reader.readBlock(insideTarget: false, untilEnd: false)
        for index in top.targets { reader.result.targets[index].inherited.insert(contentsOf: top.pods, at: 0) }
        return reader.result
    }

    private static let skippedCalls: Set<String> = [
        "platform", "source", "project", "xcodeproj", "workspace", "install!", "inhibit_all_warnings!", "use_modular_headers!",
        "ensure_bundler!", "plugin", "supports_swift_versions", "generate_bridge_support!", "set_arc_compatibility_flag!",
        "link_with", "exclusive", "use_native_modules!", "require", "require_relative",
    ]
    private static let hooks: Set<String> = ["post_install", "pre_install", "post_integrate", "pre_integrate"]

    private var current: RubyToken? { position < tokens.count ? tokens[position] : nil }

    private func location(_ token: RubyToken?) -> SourceLocation {
        let token = token ?? tokens.last
        return SourceLocation(path: path, line: token?.line ?? 1, column: token?.column ?? 1)
    }

    private func unreadable(_ message: String, at token: RubyToken?) -> InputErrors {
        InputErrors([
            .inputError(
                "unreadable-podspec", message, at: location(token),
                hint: "Strata reads Podfiles written in CocoaPods' plain DSL (targets, pods, use_frameworks!, methods of pod lines)")
        ])
    }

    /// Skips a `do … end` block (a hook's body), nested blocks and all.
    private mutating func skipBlock() {
        var depth = 0
        while let token = current {
            position += 1
            switch token.kind {
            case .identifier("do"), .identifier("if"), .identifier("unless"), .identifier("case"), .identifier("def"), .identifier("begin"),
                .identifier("while"):
                depth += 1
            case .identifier("end"):
                depth -= 1
                if depth == 0 { return }
            default:
                break
            }
        }
    }

    /// A string argument.
    private mutating func string(_ what: String) throws(InputErrors) -> String {
        guard case .string(let text) = current?.kind else { throw unreadable("\(what) must be a literal string", at: current) }
        position += 1
        return text
    }

    /// A name given as a string or a symbol (`target 'App'`, `target :App`, `target :'My App'`):
    /// CocoaPods takes either.
    private mutating func stringOrSymbol(_ what: String) throws(InputErrors) -> String {
        guard case .symbol(let symbol) = current?.kind else { return try string(what) }
        position += 1
        return symbol
    }

    /// Reads a block's statements: the pods declared at its level (methods' included) and every
    /// target declared in it, nested ones included. A target's nested targets inherit its pods,
    /// and an abstract target's targets inherit its pods, whatever the order they are written in.
    private mutating func readBlock(
        insideTarget: Bool, target openTarget: Int? = nil, untilEnd: Bool
    ) throws(InputErrors) -> (pods: [PodfilePod], targets: [Int]) {
        var pods: [PodfilePod] = []
        var targets: [Int] = []
        while let token = current {
            if token.kind == .newline {
                position += 1
                continue
            }
            guard case .identifier(let name) = token.kind else { throw unreadable("Strata cannot read this statement statically", at: token) }
            if name == "end" {
                guard untilEnd else { throw unreadable("'end' without a block", at: token) }
                position += 1
                return (pods, targets)
            }
            position += 1
            if current?.kind == .punctuation("=") {
                readAssignment(to: name)
                continue
            }
            switch name {
            case "target", "abstract_target":
                let targetName = try stringOrSymbol("the target's name")
                guard current?.kind == .identifier("do") else { throw unreadable("expected 'do' after the target's name", at: current) }
                position += 1
                if name == "target" {
                    let index = result.targets.count
                    result.targets.append(
                        PodfileTarget(name: targetName, location: location(token), isNested: insideTarget, inheritsSearchPathsOnly: false, pods: []))
                    let inner = try readBlock(insideTarget: true, target: index, untilEnd: true)
                    result.targets[index].pods = inner.pods
                    for nested in inner.targets { result.targets[nested].inherited.insert(contentsOf: inner.pods, at: 0) }
                    targets += [index] + inner.targets
                } else {
                    let inner = try readBlock(insideTarget: insideTarget, target: nil, untilEnd: true)
                    for nested in inner.targets { result.targets[nested].inherited.insert(contentsOf: inner.pods, at: 0) }
                    targets += inner.targets
                }
            case "pod":
                pods.append(try readPod(at: token))
            case "inherit!":
                guard case .symbol(let mode) = current?.kind else {
                    throw unreadable("expected ':search_paths', ':complete' or ':none'", at: current)
                }
                position += 1
                if let openTarget { result.targets[openTarget].inheritsSearchPathsOnly = mode == "search_paths" || mode == "none" }
            case "use_frameworks!":
                readUseFrameworks()
            case "def":
                try skipMethodDefinition()
            case _ where methods[name] != nil:
                // A method of pod lines: its body is read where it is called.
                let resume = position
                position = methods[name]!
                let body = try readBlock(insideTarget: insideTarget, target: openTarget, untilEnd: true)
                position = resume
                pods += body.pods
                targets += body.targets
            case _ where Self.hooks.contains(name):
                skipBlock()
            case _ where Self.skippedCalls.contains(name):
                position = tokens.endOfStatement(from: position)
            default:
                throw unreadable("Strata cannot read '\(name)' in a Podfile statically", at: token)
            }
        }
        if untilEnd { throw unreadable("a block is not closed with 'end'", at: nil) }
        return (pods, targets)
    }

    /// `name = value`, the cursor on the `=`: a literal string is remembered for the pod lines
    /// that use it, anything else only as a name (its value is not known statically).
    private mutating func readAssignment(to name: String) {
        position += 1
        if case .string(let value) = current?.kind, position + 1 >= tokens.count || tokens[position + 1].kind == .newline {
            literals[name] = value
            computed.remove(name)
        } else {
            literals[name] = nil
            computed.insert(name)
        }
        position = tokens.endOfStatement(from: position)
    }

    /// A string argument, or a variable holding one.
    private mutating func stringOrVariable(_ what: String) throws(InputErrors) -> String {
        guard case .identifier(let name) = current?.kind, let value = literals[name] else { return try string(what) }
        position += 1
        return value
    }

    /// Whether `name` is a method or a variable whose value Strata cannot know statically.
    private func isComputed(_ name: String) -> Bool { methods[name] != nil || computed.contains(name) }

    /// Skips a requirement computed by a method or held by a variable Strata cannot know (`pod
    /// 'SwiftLint', swiftlint_version`), up to the next option.
    private mutating func skipComputedRequirement() {
        while let token = current, token.kind != .newline, token.kind != .punctuation(","), token.kind != .punctuation(")") { position += 1 }
    }

    /// `use_frameworks!`, and whether its options ask for static linkage (`:linkage => :static`
    /// or `linkage: :static`).
    private mutating func readUseFrameworks() {
        result.usesFrameworks = true
        while let option = current, option.kind != .newline {
            if case .label("linkage") = option.kind, position + 1 < tokens.count, tokens[position + 1].kind == .symbol("static") {
                result.staticLinkage = true
            }
            if case .symbol("linkage") = option.kind, position + 2 < tokens.count, tokens[position + 2].kind == .symbol("static") {
                result.staticLinkage = true
            }
            position += 1
        }
    }

    /// `def name … end`: remembers where the method's body starts (it is read where it is
    /// called) and skips it.
    private mutating func skipMethodDefinition() throws(InputErrors) {
        guard case .identifier(let method) = current?.kind else { throw unreadable("expected the method's name", at: current) }
        position += 1
        methods[method] = position
        var depth = 1
        while let inner = current, depth > 0 {
            if [.identifier("do"), .identifier("if"), .identifier("def"), .identifier("unless")].contains(inner.kind) { depth += 1 }
            if inner.kind == .identifier("end") { depth -= 1 }
            position += 1
        }
    }

    /// `pod 'Name', '~> 1.0', :path => '…'` (options after the requirements).
    private mutating func readPod(at token: RubyToken) throws(InputErrors) -> PodfilePod {
        let hasParenthesis = current?.kind == .punctuation("(")
        if hasParenthesis { position += 1 }
        let name = try string("a pod's name")
        var pod = PodfilePod(name: name, requirements: [], path: nil, location: location(token))
        while current?.kind == .punctuation(",") {
            position += 1
            switch current?.kind {
            case .string(let requirement):
                pod.requirements.append(requirement)
                position += 1
            case .identifier(let name) where literals[name] != nil:
                pod.requirements.append(literals[name]!)
                position += 1
            case .identifier(let name) where isComputed(name):
                skipComputedRequirement()
            case .symbol(let key), .label(let key):
                let isLabel: Bool
                if case .label = current?.kind { isLabel = true } else { isLabel = false }
                position += 1
                if !isLabel {
                    guard current?.kind == .punctuation("=>") else { throw unreadable("expected '=>' after ':\(key)'", at: current) }
                    position += 1
                }
                if key == "path" {
                    pod.path = try stringOrVariable("':path'")
                } else {
                    // Other options (:testspecs, :configurations, :modular_headers…) are skipped.
                    var depth = 0
                    while let option = current, option.kind != .newline {
                        if case .punctuation(let p) = option.kind {
                            if ["[", "{", "("].contains(p) { depth += 1 }
                            if ["]", "}"].contains(p) { depth -= 1 }
                            if p == ")" {
                                if depth == 0 { break }
                                depth -= 1
                            }
                            if p == ",", depth == 0 { break }
                        }
                        position += 1
                    }
                }
            default:
                throw unreadable("Strata cannot read this pod's options statically", at: current)
            }
        }
        if hasParenthesis {
            guard current?.kind == .punctuation(")") else { throw unreadable("expected ')'", at: current) }
            position += 1
        }
        return pod
    }
}
