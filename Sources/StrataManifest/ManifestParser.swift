import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataPackageIdentity
import Yams

/// Turns the YAML tree of a strata.yml into a `Manifest`, checking shapes, types and the
/// references that can be checked inside the file (layers). References to targets are
/// resolved later, when the workspace is built.
struct ManifestParser {
    var reader: YAMLReader
    /// The rule ids `rules:` may name, when the caller knows them.
    let knownRules: [String]?

    init(path: String, knownRules: [String]? = nil) {
        reader = YAMLReader(path: path)
        self.knownRules = knownRules
    }

    mutating func parse(_ root: Node) -> Manifest? {
        guard let pairs = reader.mapping(root, "the manifest", hint: "the file must be a mapping with keys such as 'layers:' and 'modules:'") else {
            return nil
        }
        reader.checkKeys(pairs, allowed: ManifestKeys.root, in: "the manifest")
        let section = Dictionary(pairs.map { ($0.key.value, $0) }, uniquingKeysWith: { first, _ in first })

        var manifest = Manifest(
            path: reader.path, name: nil, layers: [], naming: .default, packages: [], modules: [], apps: [],
            owners: [], rules: [], adopt: nil
        )
        var layoutGiven = false
        if let generate = section["generate"] {
            manifest.generate = parseGenerate(generate.value, key: generate.key)
            layoutGiven = generate.value.mapping?.keys.contains { $0.string == "layout" } ?? false
            // A workspace distributed through the registry has a package per module unless it says otherwise.
            if !layoutGiven, manifest.generate.distribution?.value == .registry { manifest.generate.layout = .packages }
        }
        manifest.name = section["name"].flatMap { reader.string($0.value, "'name'") }
        if let layers = section["layers"] {
            manifest.layers = parseLayers(layers.value)
        } else {
            reader.report(
                "missing-key", "the manifest has no 'layers'", at: .file(reader.path),
                hint: "list the layers from top to bottom, e.g. 'layers: [domain, service, core, shared]'")
        }
        if let naming = section["naming"] { manifest.naming = parseNaming(naming.value) }
        if let outside = section["outside-workspace"] {
            manifest.outsideWorkspace = reader.strings(outside.value, "'outside-workspace'") ?? []
        }
        if let adopt = section["adopt"] { manifest.adopt = parseAdopt(adopt.value, key: adopt.key) }

        let layerNames = manifest.layers.map(\.name.value)
        if manifest.adopt == nil {
            if let packages = section["packages"] { manifest.packages = parsePackages(packages.value) }
            if let modules = section["modules"] { manifest.modules = parseModules(modules.value, layers: layerNames) }
            if let apps = section["apps"] { manifest.apps = parseApps(apps.value) }
            if section["modules"] == nil {
                reader.report(
                    "missing-key", "the manifest has neither 'modules' nor 'adopt'", at: .file(reader.path),
                    hint: "list the modules under 'modules:' (generate mode), or add 'adopt: {}' to read existing Package.swift files")
            }
            for layer in manifest.layers {
                if let pattern = layer.patterns.first {
                    reader.report(
                        "invalid-value", "layer '\(layer.name.value)' has 'patterns', which only apply in adopt mode",
                        at: pattern.location,
                        hint:
                            "to check existing Package.swift files, add 'adopt: {}' (patterns map their targets to layers); in generate mode each module names its layer instead"
                    )
                }
            }
        } else {
            for key in ["modules", "apps", "packages", "generate"] {
                if let entry = section[key] {
                    reader.report(
                        "conflicting-sections", "'\(key)' cannot be used together with 'adopt'", at: entry.key.location,
                        hint: "in adopt mode modules and packages come from Package.swift; remove '\(key)' or 'adopt'")
                }
            }
        }
        if let owners = section["owners"] { manifest.owners = parseOwners(owners.value) }
        if let rules = section["rules"] { manifest.rules = parseRules(rules.value) }
        if let optional = section["optional-imports"] {
            manifest.optionalImports = reader.strings(optional.value, "'optional-imports'") ?? []
        }
        if let affected = section["affected"] { manifest.affected = parseAffected(affected.value) }
        if let registry = section["registry"] { manifest.registry = parseRegistry(registry.value, key: registry.key, layers: layerNames) }
        if let constraints = section["constraints"] { manifest.constraints = parseConstraints(constraints.value) }
        checkDistribution(manifest, layoutGiven: layoutGiven)
        return manifest
    }

    /// A module other packages get from the registry needs a package of its own (the `packages`
    /// layout) and a registry scope for its layer.
    private mutating func checkDistribution(_ manifest: Manifest, layoutGiven: Bool) {
        var missingScopes = Set<String>()
        for module in manifest.modules where manifest.distribution(of: module) == .registry {
            let written = module.distribution ?? manifest.generate.distribution
            let location = written?.location ?? module.name.location
            if manifest.generate.layout != .packages {
                reader.report(
                    "invalid-value", "module '\(module.name.value)' is distributed through the registry, which needs a package per module",
                    at: location,
                    hint: layoutGiven
                        ? "set 'generate.layout: packages'"
                        : "set 'generate.distribution: registry' (which implies 'layout: packages'), or 'layout: packages'")
                return
            }
            let layer = module.layer.value
            guard manifest.registry?.scope(ofLayer: layer) == nil, missingScopes.insert(layer).inserted else { continue }
            reader.report(
                "missing-scope", "module '\(module.name.value)' is distributed through the registry, but its layer '\(layer)' has no registry scope",
                at: manifest.registry?.location ?? location,
                hint: manifest.registry == nil
                    ? "add 'registry: { url: https://…, scopes: { \(layer): <scope> } }'" : "add '\(layer): <scope>' under 'registry.scopes'")
        }
    }

    // MARK: - Layers and naming

    private mutating func parseLayers(_ node: Node) -> [LayerDeclaration] {
        guard case .sequence(let sequence) = node else {
            _ = reader.strings(node, "'layers'")
            return []
        }
        if sequence.isEmpty {
            reader.report("invalid-value", "'layers' is empty", at: node, hint: "list at least one layer")
        }
        var layers: [LayerDeclaration] = []
        var seen: [String: SourceLocation] = [:]
        for element in sequence {
            let layer: LayerDeclaration?
            if case .mapping = element {
                layer = parseLayerMapping(element)
            } else if let name = reader.string(element, "a layer name") {
                layer = LayerDeclaration(name: name, patterns: [], description: nil)
            } else {
                layer = nil
            }
            guard let layer else { continue }
            if let first = seen[layer.name.value] {
                reader.report(
                    "duplicate-layer", "layer '\(layer.name.value)' is listed twice", at: layer.name.location,
                    hint: "each layer appears once, in order from top to bottom",
                    notes: [DiagnosticNote("first listed here", at: first)])
                continue
            }
            seen[layer.name.value] = layer.name.location
            layers.append(layer)
        }
        return layers
    }

    private mutating func parseLayerMapping(_ node: Node) -> LayerDeclaration? {
        guard let pairs = reader.mapping(node, "a layer") else { return nil }
        reader.checkKeys(pairs, allowed: ManifestKeys.layer, in: "a layer")
        let fields = Dictionary(pairs.map { ($0.key.value, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let nameNode = fields["name"] else {
            reader.report("missing-key", "a layer written as a mapping needs a 'name'", at: node)
            return nil
        }
        guard let name = reader.string(nameNode, "the layer's 'name'") else { return nil }
        let patterns = fields["patterns"].flatMap { reader.strings($0, "'patterns' of layer '\(name.value)'") } ?? []
        let description = fields["description"].flatMap { reader.string($0, "'description' of layer '\(name.value)'") }?.value
        var layer = LayerDeclaration(name: name, patterns: patterns, description: description)
        if let node = fields["same-layer"], let value = reader.string(node, "'same-layer' of layer '\(name.value)'") {
            switch value.value {
            case "allowed": layer.allowsSameLayerLinks = true
            case "interfaces-only": layer.allowsSameLayerLinks = false
            default:
                reader.report(
                    "invalid-value", "'same-layer' of layer '\(name.value)' is '\(value.value)'", at: value.location,
                    hint: "write 'allowed' (modules of the layer may link each other) or 'interfaces-only' (the default)")
            }
        }
        return layer
    }

    private mutating func parseNaming(_ node: Node) -> Naming {
        var naming = Naming.default
        guard let pairs = reader.mapping(node, "'naming'") else { return naming }
        reader.checkKeys(pairs, allowed: ManifestKeys.naming, in: "'naming'")
        for (key, value) in pairs {
            let placeholder = key.value == "app" ? "app" : "module"
            guard ManifestKeys.naming.contains(key.value) else { continue }
            // `mocks` and `tests` may list several templates: the first names new targets, all recognise existing ones.
            let texts: [Located<String>]
            if key.value == "mocks" || key.value == "tests", case .sequence = value {
                texts = reader.strings(value, "'naming.\(key.value)'") ?? []
                if texts.isEmpty {
                    reader.report("invalid-value", "'naming.\(key.value)' is an empty list", at: value, hint: "give at least one template")
                }
            } else {
                texts = reader.string(value, "'naming.\(key.value)'").map { [$0] } ?? []
            }
            var templates: [NamingTemplate] = []
            for text in texts {
                guard let template = NamingTemplate(text.value, placeholder: placeholder),
                    template.name(for: "X") != "X" || key.value == "app"
                else {
                    reader.report(
                        "invalid-value", "'naming.\(key.value)' must contain '{\(placeholder)}' exactly once, plus a prefix or suffix",
                        at: text.location,
                        hint: "for example \"{\(placeholder)}\(key.value == "interface" ? "Interface" : key.value.capitalized)\"")
                    continue
                }
                templates.append(template)
            }
            guard let template = templates.first else { continue }
            switch key.value {
            case "interface": naming.interface = template
            case "mocks":
                naming.mocks = template
                naming.otherMocks = Array(templates.dropFirst())
            case "tests":
                naming.tests = template
                naming.otherTests = Array(templates.dropFirst())
            case "host": naming.host = template
            default: naming.app = template
            }
        }
        return naming
    }

    // MARK: - Packages

    private mutating func parsePackages(_ node: Node) -> [ExternalPackageDeclaration] {
        guard let pairs = reader.section(node, "'packages'") else { return [] }
        var packages: [ExternalPackageDeclaration] = []
        for (name, value) in pairs {
            let what = "package '\(name.value)'"
            guard
                let fields = reader.mapping(
                    value, what, hint: "for example '\(name.value): { url: https://github.com/owner/\(name.value), from: 1.0.0 }'")
            else { continue }
            reader.checkKeys(fields, allowed: ManifestKeys.package, in: what)
            let field = Dictionary(fields.map { ($0.key.value, $0.value) }, uniquingKeysWith: { first, _ in first })
            let url = field["url"].flatMap { reader.string($0, "'url' of \(what)") }
            let path = field["path"].flatMap { reader.string($0, "'path' of \(what)") }
            let id = field["id"].flatMap { reader.string($0, "'id' of \(what)") }
            guard let given = reader.packageRequirements(field, of: what) else { continue }
            if let id, case .failure(let problem) = PackageIdentifier.parse(id.value) {
                reader.report(
                    "invalid-value", "'id' of \(what): \(problem.detail)", at: id.location,
                    hint: "a registry identity is scope.Name, e.g. 'id: mona.LinkedList'")
                continue
            }
            let source: ExternalPackageDeclaration.Source
            switch (url, path) {
            case let (url?, nil): source = .url(url.value)
            case let (nil, path?): source = .path(path.value)
            case (.some, .some):
                reader.report("invalid-value", "\(what) has both 'url' and 'path'", at: name.location, hint: "keep one of them")
                continue
            case (nil, nil):
                guard let id else {
                    reader.report(
                        "missing-key", "\(what) needs a 'url', a 'path' or a registry 'id'", at: name.location,
                        hint: "for example '\(name.value): { url: https://github.com/owner/\(name.value), from: 1.0.0 }'")
                    continue
                }
                source = .registry(id.value)
            }
            // A registry release is a version: 'from' or 'exact'. A path takes no requirement,
            // unless it has an 'id', whose releases the requirement then selects.
            if id != nil {
                guard given.count == 1, given.allSatisfy(\.selectsVersions) else {
                    reader.report(
                        "invalid-value",
                        "\(what) has a registry 'id', which needs exactly one of 'from', 'exact', 'up-to-next-minor-from' or 'range'",
                        at: name.location, hint: "a registry release is a version, e.g. 'from: 1.2.0'")
                    continue
                }
            } else if case .path = source {
                if !given.isEmpty {
                    reader.report("invalid-value", "\(what) has a local 'path', which takes no version requirement", at: name.location)
                    continue
                }
            } else if given.count != 1 {
                reader.report(
                    "invalid-value", "\(what) needs exactly one of 'from', 'exact', 'up-to-next-minor-from', 'range', 'branch' or 'revision'",
                    at: name.location, hint: "pin it once for the whole workspace, e.g. 'from: 1.2.0'")
                continue
            }
            packages.append(ExternalPackageDeclaration(name: name, source: source, requirement: given.first ?? .none, id: id))
        }
        return packages
    }

    // MARK: - Modules and apps

    private mutating func parseModules(_ node: Node, layers: [String]) -> [ModuleDeclaration] {
        guard let pairs = reader.section(node, "'modules'") else { return [] }
        var modules: [ModuleDeclaration] = []
        for (name, value) in pairs {
            let what = "module '\(name.value)'"
            checkIdentifier(name, kind: "module")
            guard let fields = reader.mapping(value, what, hint: "for example '\(name.value): { layer: \(layers.last ?? "core") }'") else { continue }
            reader.checkKeys(fields, allowed: ManifestKeys.module, in: what)
            let field = Dictionary(fields.map { ($0.key.value, $0) }, uniquingKeysWith: { first, _ in first })
            guard let layerNode = field["layer"] else {
                reader.report(
                    "missing-key", "\(what) has no 'layer'", at: name.location,
                    hint: "add 'layer:' with one of: \(layers.joined(separator: ", "))")
                continue
            }
            guard let layer = reader.string(layerNode.value, "'layer' of \(what)") else { continue }
            if !layers.isEmpty, !layers.contains(layer.value) {
                reader.report(
                    "unknown-layer", "\(what) is in layer '\(layer.value)', which is not in 'layers'", at: layer.location,
                    hint: Suggestions.didYouMean(layer.value, in: layers) ?? "layers are: \(layers.joined(separator: ", "))")
            }
            let linkage = field["linkage"].flatMap { reader.choice($0.value, "'linkage' of \(what)", as: Linkage.self) }?.value ?? .static
            let build = targetBuild(field.mapValues(\.value), of: what)
            modules.append(
                ModuleDeclaration(
                    name: name,
                    layer: layer,
                    interface: field["interface"].flatMap { companion($0.value, key: $0.key, what: "'interface' of \(what)") },
                    mocks: field["mocks"].flatMap { companion($0.value, key: $0.key, what: "'mocks' of \(what)") },
                    tests: field["tests"].map { companion($0.value, key: $0.key, what: "'tests' of \(what)") }
                        ?? CompanionTarget(location: name.location, dependencies: [], packages: []),
                    linkage: linkage,
                    dependencies: field["dependencies"].flatMap { reader.strings($0.value, "'dependencies' of \(what)") } ?? [],
                    packages: field["packages"].flatMap { reader.strings($0.value, "'packages' of \(what)") } ?? [],
                    path: field["path"].flatMap { reader.string($0.value, "'path' of \(what)") },
                    packageFolder: field["package-folder"].flatMap { reader.string($0.value, "'package-folder' of \(what)") },
                    hostApp: field["host-app"].flatMap { entry in
                        reader.bool(entry.value, "'host-app' of \(what)").flatMap { $0 ? entry.key.location : nil }
                    },
                    distribution: field["distribution"].flatMap { reader.choice($0.value, "'distribution' of \(what)", as: Distribution.self) },
                    build: build
                ))
        }
        return modules
    }

    /// `true`/`false`, or a mapping with extra dependencies (which switches the target on).
    private mutating func companion(_ node: Node, key: Located<String>, what: String) -> CompanionTarget? {
        if case .mapping = node {
            guard let pairs = reader.mapping(node, what) else { return nil }
            reader.checkKeys(pairs, allowed: ManifestKeys.companionTarget, in: what)
            let field = Dictionary(pairs.map { ($0.key.value, $0.value) }, uniquingKeysWith: { first, _ in first })
            return CompanionTarget(
                location: key.location,
                dependencies: field["dependencies"].flatMap { reader.strings($0, "'dependencies' of \(what)") } ?? [],
                packages: field["packages"].flatMap { reader.strings($0, "'packages' of \(what)") } ?? [],
                path: field["path"].flatMap { reader.string($0, "'path' of \(what)") },
                build: targetBuild(field, of: what)
            )
        }
        guard let enabled = reader.bool(node, what) else { return nil }
        return enabled ? CompanionTarget(location: key.location, dependencies: [], packages: []) : nil
    }

    private mutating func parseApps(_ node: Node) -> [AppDeclaration] {
        guard let pairs = reader.section(node, "'apps'") else { return [] }
        var apps: [AppDeclaration] = []
        for (name, value) in pairs {
            let what = "app '\(name.value)'"
            checkIdentifier(name, kind: "app")
            guard let fields = reader.mapping(value, what, hint: "for example '\(name.value): { dependencies: [...] }'") else { continue }
            reader.checkKeys(fields, allowed: ManifestKeys.app, in: what)
            let field = Dictionary(fields.map { ($0.key.value, $0.value) }, uniquingKeysWith: { first, _ in first })
            apps.append(
                AppDeclaration(
                    name: name,
                    dependencies: field["dependencies"].flatMap { reader.strings($0, "'dependencies' of \(what)") } ?? [],
                    packages: field["packages"].flatMap { reader.strings($0, "'packages' of \(what)") } ?? [],
                    isTestHost: field["host"].flatMap { reader.bool($0, "'host' of \(what)") } ?? false,
                    path: field["path"].flatMap { reader.string($0, "'path' of \(what)") }
                ))
        }
        return apps
    }

    private mutating func checkIdentifier(_ name: Located<String>, kind: String) {
        if let problem = SwiftIdentifier.problem(with: name.value, kind: kind, at: name.location) {
            reader.report(problem.id, problem.message, at: name.location, hint: problem.hint)
        }
    }

    // MARK: - Owners, rules, adopt

    private mutating func parseOwners(_ node: Node) -> [OwnerDeclaration] {
        guard let pairs = reader.section(node, "'owners'") else { return [] }
        return pairs.compactMap { owner, value in
            reader.strings(value, "the modules of owner '\(owner.value)'").map { OwnerDeclaration(owner: owner, modules: $0) }
        }
    }

    private mutating func parseRules(_ node: Node) -> [RuleSetting] {
        guard let pairs = reader.section(node, "'rules'") else { return [] }
        return pairs.compactMap { rule, value in
            if let knownRules, !knownRules.contains(rule.value) {
                reader.report(.unknownRule(rule, known: knownRules))
            }
            return reader.choice(value, "the severity of rule '\(rule.value)'", as: RuleSeverity.self).map { RuleSetting(rule: rule, severity: $0) }
        }
    }

    private mutating func parseGenerate(_ node: Node, key: Located<String>) -> GenerateSettings {
        var settings = GenerateSettings()
        settings.location = key.location
        guard let pairs = reader.mapping(node, "'generate'", hint: "for example 'generate: { layout: packages }'") else { return settings }
        reader.checkKeys(pairs, allowed: ManifestKeys.generate, in: "'generate'")
        for (field, value) in pairs {
            switch field.value {
            case "layout":
                if let layout = reader.choice(value, "'generate.layout'", as: GenerateSettings.Layout.self) { settings.layout = layout.value }
            case "tools-version":
                let version = reader.string(
                    value, "'generate.tools-version'", validWhen: { Self.isVersion($0) && (Int($0.prefix { $0 != "." }) ?? 0) >= 5 },
                    problem: { "'\($0)' is not a Swift tools version Strata can write for" },
                    hint: "write a version such as \"6.0\" or \"5.10\" (quoted, so YAML keeps it a string)")
                if let version { settings.toolsVersion = version.value }
            case "platforms":
                guard let platforms = reader.mapping(value, "'generate.platforms'", hint: "for example 'platforms: { macOS: \"15\", iOS: \"17\" }'")
                else { continue }
                for (name, version) in platforms {
                    guard GenerateSettings.platformNames.contains(name.value) else {
                        reader.report(
                            "invalid-value", "'\(name.value)' is not a platform PackageDescription knows", at: name.location,
                            hint: Suggestions.didYouMean(name.value, in: GenerateSettings.platformNames)
                                ?? "platforms are: \(GenerateSettings.platformNames.joined(separator: ", "))")
                        continue
                    }
                    guard
                        let text = reader.string(
                            version, "the version of platform '\(name.value)'", validWhen: Self.isVersion,
                            problem: { "'\($0)' is not a version for platform '\(name.value)'" },
                            hint: "write the minimum version as digits and dots, e.g. \"15\" or \"10.15\"")
                    else { continue }
                    settings.platforms.append(GenerateSettings.Platform(name: name, version: text))
                }
            case "umbrella":
                guard let name = reader.string(value, "'generate.umbrella'") else { continue }
                checkIdentifier(name, kind: "umbrella target")
                settings.umbrella = name
            case "codeowners":
                if let enabled = reader.bool(value, "'generate.codeowners'") { settings.codeowners = enabled }
            case "xcodegen":
                settings.xcodegen = parseXcodeGen(value, key: field)
            case "distribution":
                settings.distribution = reader.choice(value, "'generate.distribution'", as: Distribution.self)
            default:
                break
            }
        }
        return settings
    }

    private mutating func parseXcodeGen(_ node: Node, key: Located<String>) -> GenerateSettings.XcodeGen? {
        let what = "'generate.xcodegen'"
        guard let pairs = reader.mapping(node, what, hint: "for example 'xcodegen: { platform: iOS, deployment-target: \"17.0\" }'") else {
            return nil
        }
        reader.checkKeys(pairs, allowed: ManifestKeys.xcodegen, in: what)
        let field = Dictionary(pairs.map { ($0.key.value, $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let platformNode = field["platform"] else {
            reader.report(
                "missing-key", "\(what) has no 'platform'", at: key.location,
                hint: "add 'platform:' with one of: \(GenerateSettings.XcodeGen.platforms.joined(separator: ", "))")
            return nil
        }
        guard let platform = reader.string(platformNode, "'platform' of \(what)") else { return nil }
        guard GenerateSettings.XcodeGen.platforms.contains(platform.value) else {
            reader.report(
                "invalid-value", "'\(platform.value)' is not a platform XcodeGen builds for", at: platform.location,
                hint: Suggestions.didYouMean(platform.value, in: GenerateSettings.XcodeGen.platforms)
                    ?? "platforms are: \(GenerateSettings.XcodeGen.platforms.joined(separator: ", "))")
            return nil
        }
        var settings = GenerateSettings.XcodeGen(platform: platform)
        if let node = field["deployment-target"] {
            settings.deploymentTarget = reader.string(
                node, "'deployment-target' of \(what)", validWhen: Self.isVersion, problem: { "'\($0)' is not a deployment target" },
                hint: "write the minimum version as digits and dots, e.g. \"17.0\"")
        }
        if let node = field["bundle-id-prefix"] {
            settings.bundleIDPrefix = reader.string(
                node, "'bundle-id-prefix' of \(what)", validWhen: Self.isBundleIDPrefix,
                problem: { "'\($0)' is not a bundle identifier prefix" },
                hint: "use letters, digits, '-' and '.', in reverse-DNS order, e.g. 'org.example.station'")
        }
        if let node = field["check-phase"], let enabled = reader.bool(node, "'check-phase' of \(what)") {
            settings.checkPhase = enabled
        }
        return settings
    }

    /// Letters, digits, `-` and `.`, neither starting nor ending with a dot: `org.example.station`.
    private static func isBundleIDPrefix(_ text: String) -> Bool {
        text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") } && !text.hasPrefix(".")
            && !text.hasSuffix(".")
    }

    /// Digits separated by single dots: `6`, `5.10`, `10.15.4`.
    private static func isVersion(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return (1...3).contains(parts.count) && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
    }

    /// The fields of `adopt:` that hold a list of paths or patterns, by key.
    private static let adoptLists: [String: any WritableKeyPath<AdoptSettings, [Located<String>]> & Sendable] = [
        "packages": \.packages, "exclude": \.exclude, "hosts": \.hosts, "xcode": \.xcode, "xcodegen": \.xcodegen,
        "podspecs": \.podspecs, "spec-repos": \.specRepos,
    ]

    private mutating func parseAdopt(_ node: Node, key: Located<String>) -> AdoptSettings {
        var settings = AdoptSettings(
            packages: [Located(".", at: key.location), Located("Packages/*", at: key.location)],
            hosts: [],
            location: key.location
        )
        if case .scalar(let scalar) = node, scalar.isNull { return settings }
        guard let pairs = reader.mapping(node, "'adopt'") else { return settings }
        reader.checkKeys(pairs, allowed: ManifestKeys.adopt, in: "'adopt'")
        for (field, value) in pairs {
            if let list = Self.adoptLists[field.value] {
                if let strings = reader.strings(value, "'adopt.\(field.value)'") { settings[keyPath: list] = strings }
            } else if field.value == "podfile", let file = reader.string(value, "'adopt.podfile'") {
                settings.podfile = file
            }
        }
        return settings
    }

    private mutating func parseAffected(_ node: Node) -> AffectedSettings {
        var settings = AffectedSettings()
        if case .scalar(let scalar) = node, scalar.isNull { return settings }
        guard let pairs = reader.mapping(node, "'affected'") else { return settings }
        reader.checkKeys(pairs, allowed: ManifestKeys.affected, in: "'affected'")
        for (field, value) in pairs {
            let key = "'affected.\(field.value)'"
            guard let patterns = reader.strings(value, key) else { continue }
            for pattern in patterns {
                if let problem = PathPattern.problem(in: pattern.value) {
                    reader.report(
                        "invalid-value", "\(key) pattern '\(pattern.value)' \(problem)", at: pattern.location,
                        hint:
                            "patterns are paths from the workspace folder: 'docs/**', '**/*.md', 'Scripts/*.sh'; one without '/' matches a file name in any folder"
                    )
                }
            }
            switch field.value {
            case "ignore": settings.ignore = patterns
            case "always": settings.always = patterns
            default: break
            }
        }
        return settings
    }

    /// `constraints:` a list of `{ from, never, reason }` and `{ max-depth, reason }` entries.
    private mutating func parseConstraints(_ node: Node) -> [Constraint] {
        if case .scalar(let scalar) = node, scalar.isNull { return [] }
        guard case .sequence(let entries) = node else {
            reader.report(
                "wrong-type", "expected a list for 'constraints', found \(YAMLReader.describe(node))", at: node,
                hint: "for example '- { from: [\"*Feature\"], never: [\"*Feature\"], reason: features never meet }'")
            return []
        }
        var constraints: [Constraint] = []
        for entry in entries { if let constraint = parseConstraint(entry) { constraints.append(constraint) } }
        return constraints
    }

    private mutating func parseConstraint(_ node: Node) -> Constraint? {
        guard let pairs = reader.mapping(node, "a constraint") else { return nil }
        reader.checkKeys(pairs, allowed: ManifestKeys.constraint, in: "a constraint")
        let fields = Dictionary(pairs.map { ($0.key.value, $0) }, uniquingKeysWith: { first, _ in first })
        let location = pairs.first?.key.location ?? reader.location(of: node)
        guard let reasonNode = fields["reason"] else {
            reader.report(
                "missing-key", "a constraint needs a 'reason', which its findings print", at: location,
                hint: "say why in a few words: 'reason: the app never links the server's dependencies'")
            return nil
        }
        guard let reason = reader.string(reasonNode.value, "a constraint's 'reason'") else { return nil }
        let from = fields["from"].flatMap { reader.strings($0.value, "a constraint's 'from'") }
        let never = fields["never"].flatMap { reader.strings($0.value, "a constraint's 'never'") }
        if let depthNode = fields["max-depth"] {
            if let other = fields["from"] ?? fields["never"] {
                reader.report(
                    "invalid-value", "a constraint is either 'max-depth' or 'from' with 'never', not both", at: other.key.location,
                    hint: "write the depth limit and the forbidden dependencies as two entries of 'constraints'")
                return nil
            }
            guard let depth = reader.string(depthNode.value, "'max-depth'") else { return nil }
            guard let limit = Int(depth.value), limit >= 2 else {
                reader.report(
                    "invalid-value", "'max-depth' is '\(depth.value)', not a number of targets of 2 or more", at: depth.location,
                    hint: "count the targets of the longest chain allowed, both ends included: 'A → B → C' is 3")
                return nil
            }
            return Constraint(depthLimit: limit, reason: reason, location: location)
        }
        guard let from, let never, !from.isEmpty, !never.isEmpty else {
            reader.report(
                "missing-key", "a constraint needs 'from' and 'never' (target names or patterns), or 'max-depth'", at: location,
                hint: "for example 'from: [\"*Feature\"], never: [\"*Feature\"]': no feature depends on another, directly or through others")
            return nil
        }
        return Constraint(from: from, never: never, reason: reason, location: location)
    }

    private mutating func parseRegistry(_ node: Node, key: Located<String>, layers: [String]) -> RegistrySettings? {
        guard let pairs = reader.mapping(node, "'registry'") else { return nil }
        reader.checkKeys(pairs, allowed: ManifestKeys.registry, in: "'registry'")
        var url: Located<String>?
        var scopes: [RegistrySettings.LayerScope] = []
        for (field, value) in pairs {
            switch field.value {
            case "url":
                guard let text = reader.string(value, "'registry.url'") else { continue }
                let lowered = text.value.lowercased()
                if !(lowered.hasPrefix("https://") || lowered.hasPrefix("http://")) || URL(string: text.value)?.host == nil {
                    reader.report(
                        "invalid-value", "'registry.url' must be an http or https URL, not '\(text.value)'", at: text.location,
                        hint: "for example url: https://registry.example.com")
                }
                url = text
            case "scopes":
                guard let entries = reader.mapping(value, "'registry.scopes'") else { continue }
                for (layer, scopeNode) in entries {
                    guard let scope = reader.string(scopeNode, "the scope of layer '\(layer.value)'") else { continue }
                    if !layers.contains(layer.value) {
                        reader.report(
                            "unknown-layer", "'registry.scopes' names '\(layer.value)', which is not a layer", at: layer.location,
                            hint: Suggestions.didYouMean(layer.value, in: layers) ?? "layers are: \(layers.joined(separator: ", "))")
                    }
                    if let problem = PackageIdentifier.scopeProblem(scope.value) {
                        reader.report(
                            "invalid-value", "'\(scope.value)' is not a registry scope: \(problem)", at: scope.location, hint: "for example iss-core")
                    }
                    scopes.append(RegistrySettings.LayerScope(layer: layer, scope: scope))
                }
            default:
                break
            }
        }
        guard let url else {
            reader.report("missing-key", "'registry' has no 'url'", at: key.location, hint: "add url: https://registry.example.com")
            return nil
        }
        return RegistrySettings(url: url, scopes: scopes, location: key.location)
    }
}
