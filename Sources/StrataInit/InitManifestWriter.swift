import Foundation

/// Writes the strata.yml `strata init` proposes: adopt mode, the proposed layers with a comment
/// on each saying why its modules are there, the inferred naming and the discovered build files.
public enum InitManifestWriter {
    /// Lines wider than this put a layer's patterns on lines of their own.
    static let width = 100

    public static func manifest(_ plan: InitPlan) -> String {
        let proposal = plan.proposal
        var lines = [
            "# strata.yml proposed by 'strata init' from the workspace's own graph: \(plan.moduleCount) modules in \(proposal.layers.count) layers, top to bottom.",
            "# Each layer says why its modules are there. Rename, merge or split layers as you see fit: a module",
            "# belongs to the first layer from the top with a pattern matching its name, and a module that no",
            "# pattern matches is reported (unmapped-target), so a new module needs a layer too.",
            "# Apps (executables) sit above every layer. docs/MANIFEST.md describes every key.",
            "layers:",
        ]
        let patterns = proposal.patterns()
        for (layer, layerPatterns) in zip(proposal.layers, patterns) {
            lines += reasonLines(layer).map { "  # " + $0 }
            lines.append("  - name: \(plain(layer.name))")
            if layer.allowsSameLayerLinks { lines.append("    same-layer: allowed") }
            let items = layerPatterns.map(quoted)
            let single = "    patterns: [\(items.joined(separator: ", "))]"
            if single.count <= width {
                lines.append(single)
            } else {
                lines.append("    patterns: [")
                var line = "      "
                for (index, item) in items.enumerated() {
                    let piece = item + (index == items.count - 1 ? "" : ",")
                    if line.count + piece.count + 1 > width && line.trimmingCharacters(in: .whitespaces).count > 0 {
                        lines.append(line)
                        line = "      "
                    }
                    line += (line.hasSuffix(" ") ? "" : " ") + piece
                }
                lines.append(line)
                lines.append("    ]")
            }
        }
        if !proposal.givenUp.isEmpty {
            lines.append("# Shared names and folders not made layers, because the graph contradicts them:")
            for reason in proposal.givenUp { lines.append("#   \(reason)") }
        }
        if !proposal.cycles.isEmpty {
            lines.append("# These modules depend on each other in a cycle, so each group shares a layer; 'strata check'")
            lines.append("# reports the cycles (no-cycles) until they are broken:")
            for cycle in proposal.cycles { lines.append("#   \(cycle.joined(separator: ", "))") }
        }
        lines += namingComment(plan.naming)
        lines += namingLines(plan.naming)
        lines.append("# Where the targets are declared; every path is relative to this file.")
        for (file, reason) in plan.discovery.leftOut { lines.append("# Left out: \(file), which \(reason).") }
        lines += adoptLines(plan.discovery, hosts: plan.naming.hosts)
        if !plan.discovery.outsideWorkspace.isEmpty { lines.append("# Folders outside this one that the workspace's packages use by path.") }
        lines += outsideLines(plan.discovery)
        return lines.joined(separator: "\n") + "\n"
    }

    /// The comment above a layer.
    static func reasonLines(_ layer: LayerProposal.Layer) -> [String] {
        let count = layer.modules.count == 1 ? "1 module" : "\(layer.modules.count) modules"
        var lines: [String]
        switch layer.basis {
        case .affix(let words, let isPrefix):
            let spelled = words.map { "'\($0)'" }.joined(separator: " or ")
            let placed = layer.modules.count - layer.placedByDependencies.count
            lines = [
                "\(layer.name): \(placed == 1 ? "1 module whose name" : "\(placed) modules whose names") \(isPrefix ? "start" : "end")\(placed == 1 ? "s" : "") with \(spelled)."
            ]
        case .folder(let folder):
            let placed = layer.modules.count - layer.placedByDependencies.count
            lines = ["\(layer.name): \(placed) module\(placed == 1 ? "" : "s") in \(folder)/."]
        case .dependencies(let level):
            lines = [
                "\(layer.name): \(count) that share\(layer.modules.count == 1 ? "s" : "") no name or folder with a layer; \(layer.modules.count == 1 ? "its" : "their") dependencies put \(layer.modules.count == 1 ? "it" : "them") here"
                    + (level == 0
                        ? " (\(layer.modules.count == 1 ? "it uses" : "they use") no other module)."
                        : " (\(level) dependenc\(level == 1 ? "y" : "ies") deep).")
            ]
        case .merged(let names):
            lines = ["\(layer.name): \(count), merged from \(names.joined(separator: ", "))."]
        }
        if layer.allowsSameLayerLinks {
            lines.append("Its modules link each other's implementations, so links inside it are not checked (same-layer: allowed).")
        }
        if !layer.placedByDependencies.isEmpty {
            lines.append("Placed here by their dependencies (no shared name or folder): \(layer.placedByDependencies.joined(separator: ", ")).")
        }
        return lines.flatMap { wrap($0, width: width - 4) }
    }

    static func namingComment(_ naming: NamingInference) -> [String] {
        var seen: [String] = []
        for template in [naming.interface] + naming.mocks + naming.tests {
            if let count = naming.evidence[template] { seen.append("\(template) (\(count))") }
        }
        guard !seen.isEmpty else { return ["# Companion targets: none found; these are Strata's defaults."] }
        return wrap(
            "Companion targets as the workspace names them, with how many modules have one: \(seen.joined(separator: ", ")).", width: width - 2
        )
        .map { "# " + $0 }
    }

    static func namingLines(_ naming: NamingInference) -> [String] {
        [
            "naming:",
            "  interface: \(quoted(naming.interface))",
            "  mocks: [\(naming.mocks.map(quoted).joined(separator: ", "))]",
            "  tests: [\(naming.tests.map(quoted).joined(separator: ", "))]",
        ]
    }

    static func adoptLines(_ discovery: WorkspaceDiscovery, hosts: [String]) -> [String] {
        var lines = ["adopt:"]
        if !discovery.packages.isEmpty { lines.append("  packages: [\(discovery.packages.map(quoted).joined(separator: ", "))]") }
        if !discovery.xcode.isEmpty { lines.append("  xcode: [\(discovery.xcode.map(quoted).joined(separator: ", "))]") }
        if !discovery.xcodegen.isEmpty { lines.append("  xcodegen: [\(discovery.xcodegen.map(quoted).joined(separator: ", "))]") }
        if !discovery.podspecs.isEmpty { lines.append("  podspecs: [\(discovery.podspecs.map(quoted).joined(separator: ", "))]") }
        if let podfile = discovery.podfile { lines.append("  podfile: \(quoted(podfile))") }
        if !discovery.specRepos.isEmpty { lines.append("  spec-repos: [\(discovery.specRepos.map(quoted).joined(separator: ", "))]") }
        if !hosts.isEmpty { lines.append("  hosts: [\(hosts.map(quoted).joined(separator: ", "))]  # test and demo apps, which may link mocks") }
        if lines.count == 1 { lines[0] = "adopt: {}" }
        return lines
    }

    /// A layer name as it is when YAML reads it as that string, else quoted.
    static func plain(_ text: String) -> String {
        let special: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null"]
        let isPlain =
            text.first?.isLetter == true && text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            && !special.contains(text.lowercased())
        return isPlain ? text : quoted(text)
    }

    static func outsideLines(_ discovery: WorkspaceDiscovery) -> [String] {
        discovery.outsideWorkspace.isEmpty ? [] : ["outside-workspace: [\(discovery.outsideWorkspace.map(quoted).joined(separator: ", "))]"]
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + word.count + 1 > width {
                lines.append(line)
                line = "  "
            }
            line += (line.isEmpty || line == "  " ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
