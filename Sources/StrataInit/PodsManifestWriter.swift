import StrataManifest

/// Writes the generate-mode strata.yml of a `PodsPlan`: modules in block style (a pod's module
/// has a path and often excludes and resources), apps and packages one line each.
struct PodsManifestWriter {
    let manifest: Manifest
    let old: String
    let plan: PodsPlan
    /// The packages layout for the release train, when strata.yml names a registry.
    var release: PodsReleasePlan?

    func text() -> String {
        var lines = [
            "# strata.yml in generate mode, migrated by 'strata migrate' from the pods: \(plan.modules.count) module\(plan.modules.count == 1 ? "" : "s").",
            "# 'strata generate' writes the Package.swift from it; the podspecs and the Podfile are no longer read.",
        ]
        lines += MigratedManifest.carriedOver(["name"], from: old)
        lines += MigratedManifest.layers(of: manifest) + MigratedManifest.naming(manifest.naming)
        if !plan.packages.isEmpty {
            lines.append("packages:")
            lines += plan.packages.map { "  \(ManifestEditor.scalar($0.key)): { \($0.fields.joined(separator: ", ")) }" }
        }
        var generate: [String] = release == nil ? [] : ["layout: packages", "distribution: registry"]
        if !plan.platforms.isEmpty {
            generate.append("platforms: { \(plan.platforms.map { "\($0.name): \(quoted($0.version))" }.joined(separator: ", ")) }")
        }
        if !generate.isEmpty { lines.append("generate: { \(generate.joined(separator: ", ")) }") }
        lines += MigratedManifest.carriedOver(MigratedManifest.keptSections, from: old)
        lines.append("modules:")
        for module in plan.modules { lines += entry(of: module) }
        if !plan.apps.isEmpty {
            lines.append("apps:")
            lines += plan.apps.map(entry)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func entry(of module: PodsPlan.ModulePlan) -> [String] {
        var lines = ["  \(ManifestEditor.scalar(module.module)):", "    layer: \(ManifestEditor.scalar(module.layer))"]
        if module.module != module.pod { lines.append("    # pod '\(module.pod)'") }
        if let folder = release?.packageFolders[module.module] { lines.append("    package-folder: \(quoted(folder))") }
        lines += fields(of: module.target).map { "    " + $0 }
        if let interface = module.interface { lines.append("    interface: { \(fields(of: interface).joined(separator: ", ")) }") }
        if let mocks = module.mocks { lines.append("    mocks: { \(fields(of: mocks).joined(separator: ", ")) }") }
        if let tests = module.tests {
            lines.append("    tests: { \(fields(of: tests).joined(separator: ", ")) }")
        } else {
            lines.append("    tests: false")
        }
        return lines
    }

    private func fields(of target: PodsPlan.TargetPlan) -> [String] {
        var fields = ["path: \(quoted(target.path))"]
        if !target.exclude.isEmpty { fields.append("exclude: \(paths(target.exclude))") }
        if !target.resources.isEmpty { fields.append("resources: \(paths(target.resources))") }
        if !target.dependencies.isEmpty { fields.append("dependencies: \(MigratedManifest.list(target.dependencies))") }
        if !target.products.isEmpty { fields.append("packages: \(MigratedManifest.list(target.products))") }
        if !target.frameworks.isEmpty { fields.append("frameworks: \(linked(target.frameworks))") }
        if !target.libraries.isEmpty { fields.append("libraries: \(linked(target.libraries))") }
        if let mode = target.swiftLanguageMode { fields.append("swift-language-mode: \(quoted(mode))") }
        if !target.binaries.isEmpty { fields.append("binaries: \(paths(target.binaries))") }
        return fields
    }

    private func entry(of app: PodsPlan.AppPlan) -> String {
        var fields: [String] = []
        if !app.dependencies.isEmpty { fields.append("dependencies: \(MigratedManifest.list(app.dependencies))") }
        if !app.products.isEmpty { fields.append("packages: \(MigratedManifest.list(app.products))") }
        if app.isHost { fields.append("host: true") }
        if let path = app.path { fields.append("path: \(quoted(path))") }
        return "  \(ManifestEditor.scalar(app.name)): { \(fields.joined(separator: ", ")) }"
    }

    private func linked(_ values: [PlatformScoped]) -> String {
        var seen: Set<PlatformScoped> = []
        let entries = values.filter { seen.insert($0).inserted }.map { value in
            value.platforms.isEmpty
                ? ManifestEditor.scalar(value.name.value)
                : "{ name: \(ManifestEditor.scalar(value.name.value)), platforms: [\(value.platforms.map(\.value).joined(separator: ", "))] }"
        }
        return "[" + entries.joined(separator: ", ") + "]"
    }

    private func paths(_ paths: [String]) -> String { "[" + paths.map(quoted).joined(separator: ", ") + "]" }

    private func quoted(_ text: String) -> String { MigratedManifest.quoted(text) }
}
