import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataLexer
import StrataManifest
import StrataProjectFormat
import StrataSources

/// Reads a Package.swift without running the compiler.
///
/// It understands the common declarative form — imports, `let` constants, `var`s nothing can
/// change, static constants of extensions (`extension Target.Dependency { static let x = … }`),
/// and `let package = Package(name:products:dependencies:targets:…)` built from literals, the
/// PackageDescription factory methods, array `+` and references to those constants. Arguments
/// that do not shape the graph (platforms, settings, resources, plugins) are parsed but not
/// evaluated. `#if` is decided for the host the manifest is compiled on (see `ManifestConditions`).
/// Whenever something that shapes the graph is outside that form — a loop, an undecidable `#if`,
/// string interpolation, a call to a user function, a later mutation of `package` — it throws
/// `UncertainManifest` with the reason, and the caller falls back to `swift package dump-package`.
struct StaticPackageReader {
    let path: String
    let source: SourceText
    /// Line starts, found once: every target's location is looked up (12,000 in a large root package).
    private let lines: LineIndex
    private var constants: [String: SwiftExpression] = [:]
    /// `static let`s (and one-expression `static var`s) of extensions, by member name, with the type they extend.
    private var staticMembers: [String: (type: String, value: SwiftExpression)] = [:]
    private var evaluating: Set<String> = []

    /// True if the manifest's text holds `-module-alias` anywhere: only then are `swiftSettings`
    /// evaluated (strictly), since an unsafe flag is the one setting that changes import names.
    /// Found once, not for each target (it was quadratic in a large root package).
    private let mentionsModuleAlias: Bool

    /// The machine the manifest is taken to be compiled on, for its `#if`s; nil: any `#if` makes the reader unsure.
    let host: Platform?
    /// The host-dependent conditions met while reading.
    private(set) var hostConditions: [ManifestConditions.HostCondition] = []

    init(path: String, bytes: [UInt8], host: Platform? = ManifestConditions.thisHost) {
        self.path = path
        self.source = SourceText(bytes: bytes)
        self.lines = LineIndex(source)
        self.host = host
        let needle = Array("-module-alias".utf8)
        mentionsModuleAlias =
            bytes.count >= needle.count
            && (0...(bytes.count - needle.count)).contains { start in
                bytes[start] == needle[0] && needle.indices.allSatisfy { bytes[start + $0] == needle[$0] }
            }
    }

    /// The `// swift-tools-version:X.Y` line SwiftPM requires first: missing, malformed, older
    /// than 4.0 or newer than the reader knows, SwiftPM decides (and reports what is wrong).
    private func checkToolsVersion() throws(UncertainManifest) -> ToolsVersion {
        let firstLine = source.bytes.prefix { $0 != UInt8(ascii: "\n") }
        let text = String(decoding: firstLine, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let marker = "swift-tools-version:"
        guard text.hasPrefix("//"), let range = text.range(of: marker, options: .caseInsensitive) else {
            throw UncertainManifest(reason: "the first line is not '// swift-tools-version:…'", offset: 0)
        }
        let written = text[range.upperBound...].trimmingCharacters(in: .whitespaces).prefix { $0 != ";" && $0 != " " }
        guard let version = ToolsVersion(written) else {
            throw UncertainManifest(reason: "the swift-tools-version '\(written)' is not a version", offset: 0)
        }
        if version < ToolsVersion(4, 0) || version > Self.newestToolsVersion {
            throw UncertainManifest(
                reason:
                    "swift-tools-version \(written) is outside the versions this reader knows (4.0 to \(Self.newestToolsVersion.major).\(Self.newestToolsVersion.minor))",
                offset: 0)
        }
        return version
    }

    /// The newest `swift-tools-version` whose PackageDescription this reader knows. A manifest
    /// asking for a newer one is left to SwiftPM, which refuses it if the toolchain is older.
    static let newestToolsVersion = ToolsVersion(6, 3, .max)

    /// Reads the manifest, or throws why it cannot be certain.
    package mutating func read() throws(UncertainManifest) -> PackageManifest {
        let toolsVersion = try checkToolsVersion()
        var parser = try SwiftExpressionParser(source: source, host: host)
        hostConditions = parser.hostConditions
        let statements = try parser.parseFile()
        var packageExpression: SwiftExpression?
        for statement in statements {
            if case .staticMember(let type, let name, let value, let at) = statement {
                // An implicit member (`.foo`) names it whatever type it extends; two helpers of one name are ambiguous.
                staticMembers[name] = staticMembers[name] == nil ? (type, value) : (type, .opaque("'\(name)' is declared by two extensions", at: at))
                continue
            }
            guard case .constant(let name, let value, let at) = statement else { continue }
            if constants[name] != nil {
                throw UncertainManifest(reason: "'\(name)' is declared twice", offset: at)
            }
            constants[name] = value
            if case .call(let callee, _, _) = value, Self.calleeName(callee) == "Package" {
                guard packageExpression == nil else {
                    throw UncertainManifest(reason: "more than one Package(…)", offset: at)
                }
                packageExpression = value
            }
        }
        guard case .call(_, let arguments, _)? = packageExpression, let packageExpression else {
            throw UncertainManifest(reason: "no 'let package = Package(…)' was found", offset: nil)
        }
        try Self.checkLabels("Package", arguments, in: .package, call: packageExpression)
        let directory = (path as NSString).deletingLastPathComponent
        var manifest = PackageManifest(path: path, name: "", products: [], dependencies: [], targets: [], toolsVersion: toolsVersion)
        var hasName = false
        for argument in arguments {
            switch argument.label {
            case "name":
                manifest.name = try string(argument.value, "the package name")
                hasName = true
            case "products":
                for element in try list(argument.value, "products") { manifest.products.append(try product(element)) }
            case "dependencies":
                for element in try list(argument.value, "dependencies") {
                    manifest.dependencies.append(try dependency(element, directory: directory))
                }
            case "targets":
                for element in try list(argument.value, "targets") { manifest.targets.append(try target(element)) }
            default:
                continue  // platforms, traits, language modes… do not shape the graph
            }
        }
        guard hasName else { throw UncertainManifest(reason: "Package(…) has no name", offset: packageExpression.offset) }
        return manifest
    }

    // MARK: - PackageDescription calls

    private mutating func product(_ expression: SwiftExpression) throws(UncertainManifest) -> Product {
        let (name, arguments) = try factoryCall(expression, "a product", .product)
        let productName = try string(try argument("name", in: arguments, of: expression), "a product name")
        let targets = try optionalArgument("targets", in: arguments).map { e throws(UncertainManifest) in try strings(e, "product targets") } ?? []
        switch name {
        case "library":
            var type = Product.LibraryType.automatic
            if let typeExpression = try optionalArgument("type", in: arguments) {
                guard case .member(_, let member, _) = try resolve(typeExpression),
                    let value = Product.LibraryType(rawValue: member)
                else {
                    throw UncertainManifest(reason: "a library type that is not '.static' or '.dynamic'", offset: typeExpression.offset)
                }
                type = value
            }
            return Product(name: productName, kind: .library(type), targets: targets)
        case "executable":
            return Product(name: productName, kind: .executable, targets: targets)
        case "plugin":
            return Product(name: productName, kind: .plugin, targets: targets)
        default:
            throw UncertainManifest(reason: "an unknown product kind '.\(name)'", offset: expression.offset)
        }
    }

    /// The requirement of `.package(url:…)`, where strata.yml can say it too (any half-open
    /// range of versions, an exact version, a branch, a revision); nil otherwise.
    private mutating func requirement(_ arguments: [SwiftExpression.Argument]) -> ExternalPackageDeclaration.Requirement? {
        let labels: [(String, (String) -> ExternalPackageDeclaration.Requirement)] = [
            ("from", { .from($0) }), ("exact", { .exact($0) }), ("branch", { .branch($0) }), ("revision", { .revision($0) }),
        ]
        for (label, make) in labels {
            if let value = try? optionalArgument(label, in: arguments), let text = try? string(value, "a version") { return make(text) }
        }
        // `"1.2.0"..<"2.0.0"`, `.upToNextMajor(from: "1.2.0")`, `.upToNextMinor(from: "1.2.0")` and
        // `.exact("1.2.0")`, unlabelled.
        for argument in arguments where argument.label == nil {
            if case .binary("..<", let lower, let upper, _) = argument.value, let from = try? string(lower, "a version"),
                let to = try? string(upper, "a version")
            {
                return .versions(from: from, below: to)
            }
            guard let (name, inner) = try? factoryCall(argument.value, "a requirement") else { continue }
            if name == "upToNextMajor", let value = try? optionalArgument("from", in: inner), let text = try? string(value, "a version") {
                return .from(text)
            }
            if name == "upToNextMinor", let value = try? optionalArgument("from", in: inner), let text = try? string(value, "a version") {
                return .upToNextMinor(text)
            }
            if ["exact", "branch", "revision"].contains(name), let value = inner.first?.value, let text = try? string(value, "a version") {
                return name == "exact" ? .exact(text) : name == "branch" ? .branch(text) : .revision(text)
            }
        }
        return nil
    }

    private mutating func dependency(_ expression: SwiftExpression, directory: String) throws(UncertainManifest) -> PackageDependency {
        let (_, arguments) = try factoryCall(expression, "a package dependency", .packageDependency)
        let givenName = try optionalArgument("name", in: arguments).map { e throws(UncertainManifest) in try string(e, "a package name") }
        let location = location(expression.offset)
        if let pathExpression = try optionalArgument("path", in: arguments) {
            let relative = try string(pathExpression, "a package path")
            let absolute = PathResolution.resolve(relative, in: directory)
            return PackageDependency(
                identity: PackageDependency.identity(for: absolute), name: givenName,
                source: .fileSystem(absolute), location: location)
        }
        if let urlExpression = try optionalArgument("url", in: arguments) {
            let url = try string(urlExpression, "a package URL")
            return PackageDependency(
                identity: PackageDependency.identity(for: url), name: givenName,
                source: .sourceControl(url), location: location, requirement: requirement(arguments))
        }
        if let idExpression = try optionalArgument("id", in: arguments) {
            let id = try string(idExpression, "a registry id")
            return PackageDependency(
                identity: id.lowercased(), name: givenName, source: .registry(id), location: location, requirement: requirement(arguments))
        }
        throw UncertainManifest(reason: "a package dependency without 'url', 'path' or 'id'", offset: expression.offset)
    }

    private static let targetKinds: [String: PackageTarget.Kind] = [
        "target": .regular, "executableTarget": .executable, "testTarget": .test, "macro": .macro,
        "plugin": .plugin, "systemLibrary": .system, "binaryTarget": .binary,
    ]

    private mutating func target(_ expression: SwiftExpression) throws(UncertainManifest) -> PackageTarget {
        let (factory, arguments) = try factoryCall(expression, "a target", .target)
        guard let kind = Self.targetKinds[factory] else {
            throw UncertainManifest(reason: "an unknown target kind '.\(factory)'", offset: expression.offset)
        }
        let nameExpression = try argument("name", in: arguments, of: expression)
        let name = try string(nameExpression, "a target name")
        let dependencies =
            try optionalArgument("dependencies", in: arguments)
            .map { e throws(UncertainManifest) in try list(e, "target dependencies") } ?? []
        var targetDependencies: [PackageTargetDependency] = []
        for element in dependencies { targetDependencies.append(try targetDependency(element)) }
        var target = PackageTarget(
            name: name,
            kind: kind,
            dependencies: targetDependencies,
            path: try optionalArgument("path", in: arguments).flatMap { e throws(UncertainManifest) in try optionalString(e, "a target path") },
            exclude: try optionalArgument("exclude", in: arguments).map { e throws(UncertainManifest) in try strings(e, "excluded paths") } ?? [],
            sources: try optionalArgument("sources", in: arguments).flatMap { e throws(UncertainManifest) in try optionalStrings(e, "target sources")
            },
            location: location(try resolvedOffset(nameExpression))
        )
        if let resources = try optionalArgument("resources", in: arguments) {
            for element in try list(resources, "resources") { target.resources.append(try resourcePath(element)) }
        }
        if let plugins = try optionalArgument("plugins", in: arguments) {
            for element in try list(plugins, "plugin usages") { target.plugins.append(try pluginUsage(element)) }
        }
        if kind == .binary, let url = try optionalArgument("url", in: arguments) {
            target.url = try string(url, "a binary target's URL")
        }
        if mentionsModuleAlias, let settings = try optionalArgument("swiftSettings", in: arguments) {
            target.moduleAliases = try moduleAliasFlags(settings)
        }
        return target
    }

    /// `-module-alias NAME=REAL` pairs among `.unsafeFlags([...])` of `swiftSettings:`.
    private mutating func moduleAliasFlags(_ settings: SwiftExpression) throws(UncertainManifest) -> [String: String] {
        var aliases: [String: String] = [:]
        for setting in try list(settings, "swift settings") {
            let (factory, arguments) = try factoryCall(setting, "a swift setting")
            // Flags under a condition (`.unsafeFlags([...], .when(platforms:))`) are left out, as in dump-package's reading.
            guard factory == "unsafeFlags", arguments.count == 1, let flags = arguments.first, flags.label == nil else { continue }
            aliases.merge(PackageTarget.moduleAliases(inFlags: try strings(flags.value, "unsafe flags"))) { _, later in later }
        }
        return aliases
    }

    /// `condition: .when(platforms: [.iOS, .macOS], traits: ["Fast"])`, or `nil`.
    private mutating func dependencyCondition(_ expression: SwiftExpression) throws(UncertainManifest) -> DependencyCondition? {
        if case .identifier("nil", _) = expression { return nil }
        let (_, arguments) = try factoryCall(expression, "a dependency condition", .condition)
        var platforms: [String] = []
        if let list = try optionalArgument("platforms", in: arguments) {
            for element in try self.list(list, "condition platforms") { platforms.append(try platformName(element)) }
        }
        let traits = try optionalArgument("traits", in: arguments).map { e throws(UncertainManifest) in try strings(e, "condition traits") } ?? []
        return DependencyCondition(platforms: platforms, traits: traits)
    }

    /// `.iOS` → `ios`, `.macCatalyst` → `maccatalyst`, `.custom("name")` → `name`: SwiftPM's platform names.
    private mutating func platformName(_ expression: SwiftExpression) throws(UncertainManifest) -> String {
        let resolved = try resolve(expression)
        if case .member(let base, let name, _) = resolved, base.map(Self.isTypeName) ?? true {
            return name.lowercased()
        }
        let (factory, arguments) = try factoryCall(resolved, "a platform")
        guard factory == "custom", let name = arguments.first else {
            throw UncertainManifest(reason: "a platform written as '.\(factory)(…)'", offset: resolved.offset)
        }
        return try string(name.value, "a custom platform name")
    }

    /// `moduleAliases: ["Utils": "FooUtils"]`.
    private mutating func moduleAliases(_ expression: SwiftExpression) throws(UncertainManifest) -> [String: String] {
        let resolved = try resolve(expression)
        if case .identifier("nil", _) = resolved { return [:] }
        guard case .dictionary(let pairs, _) = resolved else {
            throw UncertainManifest(reason: "module aliases that are not a dictionary literal", offset: resolved.offset)
        }
        var aliases: [String: String] = [:]
        for pair in pairs { aliases[try string(pair.key, "a module alias")] = try string(pair.value, "a module alias") }
        return aliases
    }

    /// The path of one `resources:` entry: `.process("Images")`, `.copy("Fixtures")`, `.embedInCode("k")`.
    private mutating func resourcePath(_ expression: SwiftExpression) throws(UncertainManifest) -> String {
        let (_, arguments) = try factoryCall(expression, "a resource", .resource)
        guard let path = arguments.first else { throw UncertainManifest(reason: "a resource without a path", offset: expression.offset) }
        return try string(path.value, "a resource path")
    }

    private mutating func targetDependency(_ expression: SwiftExpression) throws(UncertainManifest) -> PackageTargetDependency {
        let resolved = try resolve(expression)
        let location = location(expression.offset)
        if case .string = resolved {
            return PackageTargetDependency(.byName(try string(resolved, "a dependency name")), location: location)
        }
        let (factory, arguments) = try factoryCall(resolved, "a target dependency", .targetDependency)
        let name = try string(try argument("name", in: arguments, of: resolved), "a dependency name")
        var dependency: PackageTargetDependency
        switch factory {
        case "target":
            dependency = PackageTargetDependency(.target(name), location: location)
        case "byName":
            dependency = PackageTargetDependency(.byName(name), location: location)
        case "product":
            let package = try optionalArgument("package", in: arguments).flatMap { e throws(UncertainManifest) in
                try optionalString(e, "a package name")
            }
            dependency = PackageTargetDependency(.product(name, package: package), location: location)
            if let aliases = try optionalArgument("moduleAliases", in: arguments) {
                dependency.moduleAliases = try moduleAliases(aliases)
            }
        default:
            throw UncertainManifest(reason: "an unknown target dependency '.\(factory)(…)'", offset: resolved.offset)
        }
        if let condition = try optionalArgument("condition", in: arguments) {
            dependency.condition = try dependencyCondition(condition)
        }
        return dependency
    }

    /// `.plugin(name: "Generate")` or `.plugin(name: "Lint", package: "swiftlint")` in `plugins:`.
    private mutating func pluginUsage(_ expression: SwiftExpression) throws(UncertainManifest) -> PackageTarget.PluginUsage {
        let resolved = try resolve(expression)
        let (_, arguments) = try factoryCall(resolved, "a plugin usage", .pluginUsage)
        let name = try string(try argument("name", in: arguments, of: resolved), "a plugin name")
        let package = try optionalArgument("package", in: arguments).flatMap { e throws(UncertainManifest) in
            try optionalString(e, "a package name")
        }
        return PackageTarget.PluginUsage(name: name, package: package, location: location(resolved.offset))
    }

    // MARK: - Evaluation

    /// Follows references to top-level constants and flattens `+` of arrays and strings.
    private mutating func resolve(_ expression: SwiftExpression) throws(UncertainManifest) -> SwiftExpression {
        switch expression {
        case .identifier(let name, let at):
            if name == "nil" || name == "true" || name == "false" { return expression }
            guard let value = constants[name] else {
                throw UncertainManifest(reason: "a reference to '\(name)', which is not a constant of this file", offset: at)
            }
            guard !evaluating.contains(name) else {
                throw UncertainManifest(reason: "'\(name)' refers to itself", offset: at)
            }
            evaluating.insert(name)
            defer { evaluating.remove(name) }
            return try resolve(value)
        case .binary("+", let lhs, let rhs, let at):
            let left = try resolve(lhs), right = try resolve(rhs)
            switch (left, right) {
            case let (.array(a, _), .array(b, _)):
                return .array(a + b, at: at)
            case let (.string(a?, _), .string(b?, _)):
                return .string(value: a + b, at: at)
            default:
                throw UncertainManifest(reason: "'+' on values other than arrays or strings", offset: at)
            }
        case .member(let base, let name, let at) where staticMembers[name] != nil:
            let member = staticMembers[name]!
            // `.name`, or `Type.name` for the extended type (`Target.Dependency.name`, `Self.name`).
            if let base, !Self.names(base, member.type) { return expression }
            let key = "static " + name
            guard !evaluating.contains(key) else { throw UncertainManifest(reason: "'\(name)' refers to itself", offset: at) }
            evaluating.insert(key)
            defer { evaluating.remove(key) }
            return try resolve(member.value)
        case .conditional(let condition, let then, let otherwise, let at):
            // Decided as the compiler would, when the condition is a constant `true` or `false`.
            guard case .identifier(let value, _) = try resolve(condition), value == "true" || value == "false" else {
                throw UncertainManifest(reason: "a '?:' whose condition is not a constant true or false", offset: at)
            }
            return try resolve(value == "true" ? then : otherwise)
        case .binary(let op, let lhs, let rhs, let at) where op == "==" || op == "!=":
            // An environment variable compared with a string or nil, decided as SwiftPM would
            // decide it: Strata starts SwiftPM with its own environment.
            guard let left = try comparand(lhs), let right = try comparand(rhs) else {
                throw UncertainManifest(reason: "the operator '\(op)' on values other than an environment variable, a string or nil", offset: at)
            }
            return .identifier((left == right) == (op == "==") ? "true" : "false", at: at)
        case .opaque(let what, let at):
            throw UncertainManifest(reason: what, offset: at)
        case .binary(let op, _, _, let at):
            throw UncertainManifest(reason: "the operator '\(op)'", offset: at)
        default:
            return expression
        }
    }

    /// What one side of `==` or `!=` stands for: an environment variable's value (nil when it is
    /// not set), a string, or `nil`; nil (the outer one) for anything else.
    private mutating func comparand(_ expression: SwiftExpression) throws(UncertainManifest) -> String?? {
        switch try resolve(expression) {
        case .environmentVariable(let name, _): return .some(ProcessInfo.processInfo.environment[name])
        case .string(let value?, _): return .some(value)
        case .identifier("nil", _): return .some(nil)
        default: return nil
        }
    }

    private mutating func resolvedOffset(_ expression: SwiftExpression) throws(UncertainManifest) -> Int {
        try resolve(expression).offset
    }

    /// True if `expression` spells `type` (`Target.Dependency`, with or without `PackageDescription.`) or is `Self`.
    private static func names(_ expression: SwiftExpression, _ type: String) -> Bool {
        func spelled(_ e: SwiftExpression) -> String? {
            switch e {
            case .identifier(let name, _): return name
            case .member(let base?, let name, _): return spelled(base).map { $0 + "." + name }
            default: return nil
            }
        }
        guard let text = spelled(expression) else { return false }
        return text == "Self" || text == type || text == "PackageDescription." + type || "PackageDescription." + text == type
    }

    private static func calleeName(_ callee: SwiftExpression) -> String? {
        switch callee {
        case .identifier(let name, _): name
        case .member(_, let name, _): name
        default: nil
        }
    }

    /// `.name(arguments)` or `Type.name(arguments)`: the factory's name and its arguments.
    private mutating func factoryCall(_ expression: SwiftExpression, _ what: String) throws(UncertainManifest) -> (String, [SwiftExpression.Argument])
    {
        let resolved = try resolve(expression)
        guard case .call(let callee, let arguments, _) = resolved, case .member(let base, let name, _) = callee else {
            throw UncertainManifest(reason: "\(what) that is not a PackageDescription call", offset: resolved.offset)
        }
        if let base, !Self.isTypeName(base) {
            throw UncertainManifest(reason: "\(what) made by calling a method of a value", offset: resolved.offset)
        }
        return (name, arguments)
    }

    /// `factoryCall` of a call that must be one PackageDescription declares in `family`, with
    /// its labels (see `PackageDescriptionSignatures`).
    private mutating func factoryCall(
        _ expression: SwiftExpression, _ what: String, _ family: PackageDescriptionSignatures.Family
    ) throws(UncertainManifest) -> (String, [SwiftExpression.Argument]) {
        let (name, arguments) = try factoryCall(expression, what)
        try Self.checkLabels(name, arguments, in: family, call: expression)
        return (name, arguments)
    }

    /// Refuses a call whose labels no declaration of `name` takes: SwiftPM would not compile it.
    private static func checkLabels(
        _ name: String, _ arguments: [SwiftExpression.Argument], in family: PackageDescriptionSignatures.Family, call: SwiftExpression
    ) throws(UncertainManifest) {
        let labels = arguments.map(\.label)
        guard PackageDescriptionSignatures.accepts(name, in: family, labels: labels) else {
            let written = labels.map { ($0 ?? "_") + ":" }.joined()
            throw UncertainManifest(reason: "'\(name)(\(written))', which PackageDescription does not declare", offset: call.offset)
        }
    }

    /// `Target`, `Target.Dependency`, `PackageDescription.Product`: capitalised names only.
    private static func isTypeName(_ expression: SwiftExpression) -> Bool {
        switch expression {
        case .identifier(let name, _): return name.first?.isUppercase == true
        case .member(let base?, let name, _): return name.first?.isUppercase == true && isTypeName(base)
        default: return false
        }
    }

    private func argument(
        _ label: String, in arguments: [SwiftExpression.Argument], of call: SwiftExpression
    ) throws(UncertainManifest) -> SwiftExpression {
        guard let value = try optionalArgument(label, in: arguments) else {
            throw UncertainManifest(reason: "a call without '\(label):'", offset: call.offset)
        }
        return value
    }

    private func optionalArgument(_ label: String, in arguments: [SwiftExpression.Argument]) throws(UncertainManifest) -> SwiftExpression? {
        let matches = arguments.filter { $0.label == label }
        guard matches.count <= 1 else {
            throw UncertainManifest(reason: "'\(label):' given twice", offset: matches[1].value.offset)
        }
        return matches.first?.value
    }

    private mutating func string(_ expression: SwiftExpression, _ what: String) throws(UncertainManifest) -> String {
        let resolved = try resolve(expression)
        guard case .string(let value, let at) = resolved else {
            throw UncertainManifest(reason: "\(what) that is not a string literal", offset: resolved.offset)
        }
        guard let value else {
            throw UncertainManifest(reason: "\(what) built with string interpolation", offset: at)
        }
        return value
    }

    private mutating func optionalString(_ expression: SwiftExpression, _ what: String) throws(UncertainManifest) -> String? {
        if case .identifier("nil", _) = expression { return nil }
        return try string(expression, what)
    }

    private mutating func list(_ expression: SwiftExpression, _ what: String) throws(UncertainManifest) -> [SwiftExpression] {
        let resolved = try resolve(expression)
        guard case .array(let elements, _) = resolved else {
            throw UncertainManifest(reason: "\(what) that are not an array literal", offset: resolved.offset)
        }
        return elements
    }

    private mutating func strings(_ expression: SwiftExpression, _ what: String) throws(UncertainManifest) -> [String] {
        var values: [String] = []
        for element in try list(expression, what) { values.append(try string(element, what)) }
        return values
    }

    private mutating func optionalStrings(_ expression: SwiftExpression, _ what: String) throws(UncertainManifest) -> [String]? {
        if case .identifier("nil", _) = expression { return nil }
        return try strings(expression, what)
    }

    private func location(_ offset: Int) -> SourceLocation {
        let (line, column) = lines.position(of: offset)
        return SourceLocation(path: path, line: line, column: column)
    }
}
