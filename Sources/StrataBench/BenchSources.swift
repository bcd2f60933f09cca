import Mustache

/// The files of a benchmark app: its strata.yml, a Swift file per unit (in the app's target,
/// or split between an interface module and its implementation) and the app's main.swift.
/// Paths are relative to the app's folder; the Package.swift files come from `strata generate`.
extension BenchApp {
    public func sourceFiles() -> [(path: String, contents: String)] {
        var files = [(path: "strata.yml", contents: Self.render(BenchTemplates.manifest, manifestContext))]
        for index in units.indices {
            let unit = units[index]
            let digits = digits(of: unit)
            let dependencies = unit.references.enumerated().map { slot, reference in
                [
                    "slot": slot,
                    "type": cell.shape == .interfaceSeparated
                        ? "any Provider\(self.digits(of: units[reference]))<Int>" : "Provider\(self.digits(of: units[reference]))Impl",
                ] as [String: Any]
            }
            let members = (0..<members).map { member in
                [
                    "index": member, "factor": member + 2,
                    "uses": dependencies.isEmpty ? [] : [["slot": member % dependencies.count]],
                ] as [String: Any]
            }
            var context: [String: Any] = ["digits": digits, "members": members, "dependencies": dependencies]
            guard let module = unit.module else {
                context["declaresTypes"] = true
                context["implements"] = true
                files.append((implementationFile(of: unit), Self.render(BenchTemplates.unit, context)))
                continue
            }
            let used = unit.references.map { units[$0].interfaceModule ?? units[$0].module! }
            if let interface = unit.interfaceModule {
                var types = context
                types["declaresTypes"] = true
                files.append(
                    (
                        "Packages/\(modules[interface].name)/Sources/\(modules[interface].name)/Provider\(digits).swift",
                        Self.render(BenchTemplates.unit, types)
                    ))
                context["implements"] = true
                context["imports"] = imports([interface] + used, from: module)
                files.append((implementationFile(of: unit), Self.render(BenchTemplates.unit, context)))
            } else {
                context["declaresTypes"] = true
                context["implements"] = true
                context["imports"] = imports(used, from: module)
                files.append((implementationFile(of: unit), Self.render(BenchTemplates.unit, context)))
            }
        }
        files.append(("Sources/\(Self.appName)/main.swift", Self.render(BenchTemplates.main, mainContext)))
        return files
    }

    /// The file holding a unit's implementation, relative to the app's folder.
    public func implementationFile(of unit: Unit) -> String {
        let digits = digits(of: unit)
        guard let module = unit.module else { return "Sources/\(Self.appName)/Unit\(digits).swift" }
        let name = modules[module].name
        return "Packages/\(name)/Sources/\(name)/Provider\(digits)\(unit.interfaceModule == nil ? "" : "Impl").swift"
    }

    /// The names of `modules` other than `module`, once each, sorted.
    private func imports(_ used: [Int], from module: Int) -> [String] {
        Set(used.filter { $0 != module }.map { modules[$0].name }).sorted()
    }

    private var mainContext: [String: Any] {
        // Bottom-up: a unit's references are in lower tiers, so they are built before it.
        let built = units.reversed().map { unit in
            [
                "digits": digits(of: unit), "number": unit.number,
                "dependencies": unit.references.enumerated().map { ["slot": $0, "digits": digits(of: units[$1])] as [String: Any] },
            ] as [String: Any]
        }
        return ["imports": implementationModules.map(\.name), "units": built]
    }

    private var manifestContext: [String: Any] {
        let linkage = (cell.linking ?? .static).rawValue
        let implementations = implementationModules.map(\.name)
        return [
            "name": cell.description.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(),
            "summary": summary,
            "layers": layers.map { ["name": $0.name, "description": $0.description, "allowsSameLayer": $0.allowsSameLayer] as [String: Any] },
            "modules": modules.map { module in
                [
                    "name": module.name, "layer": layers[module.layer].name, "linkage": linkage,
                    "dependencies": module.dependencies.map { modules[$0].name }.joined(separator: ", "),
                ]
            },
            "app": Self.appName,
            "appDependencies": implementations.joined(separator: ", "),
            "layout": modules.isEmpty ? "single" : "packages",
        ]
    }

    /// What the app is, in a few words.
    public var summary: String {
        let code = "\(units.count) units of \(members) members each"
        guard let linking = cell.linking, cell.modules != nil else { return "the monolith, \(code) in the app's own target" }
        let interfaces = modules.count - implementationModules.count
        return "\(cell.shape.rawValue) shape, \(implementationModules.count) \(linking.rawValue) modules"
            + (interfaces > 0 ? " and \(interfaces) interface modules" : "") + ", \(code)"
    }

    /// Renders a built-in template as plain text (no HTML escaping).
    static func render(_ template: String, _ context: [String: Any]) -> String {
        // The templates are ours and tested: a parse error is a bug.
        let text = (try? MustacheTemplate(string: "{{% CONTENT_TYPE: TEXT}}\n" + template).render(context)) ?? ""
        precondition(!text.isEmpty, "a benchmark template does not parse")
        // Section tags on lines of their own leave blank lines: runs of them become one, and
        // the file ends with one line break.
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !(line.isEmpty && (lines.last?.isEmpty ?? true)) {
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }
}
