import StrataManifest
import StrataWorkspace

/// The umbrella target's `main.swift`: it imports every module the umbrella depends on, so that
/// building it compiles and links the whole framework.
enum UmbrellaGenerator {
    static func files(for workspace: Workspace) -> [GeneratedFile] {
        guard let name = workspace.manifest.generate.umbrella?.value,
            let index = workspace.targets.firstIndex(where: { $0.name == name && $0.role == .app })
        else { return [] }
        let modules = workspace.dependencies[index].map { workspace.targets[$0.target].name }.sorted()
        var lines =
            SwiftSource.formatterDirectives + [
                "// The umbrella of \(workspace.name): it depends on every module that no other module links, and those",
                "// link the rest, so building it compiles and links the whole framework, each library once.",
            ]
        lines += modules.map { "import \($0)" }
        lines += ["", "print(\(SwiftSource.literal("\(workspace.name): \(workspace.modules.count) modules built and linked")))"]
        return [GeneratedFile(path: "Sources/\(name)/main.swift", comment: .slashes, lines: lines)]
    }
}
