import StrataDiagnostics
import StrataManifest

/// Reads a `.podspec.json` (what `pod ipc spec` prints and spec repos hold): the same attributes
/// as ``PodspecReader`` reads, by their JSON names — `dependencies` as `{ "Name": ["~> 1.0"] }`,
/// `subspecs`, `testspecs` and `appspecs` as lists of specs, platform-specific attributes under
/// `ios`, `osx`, `tvos`, `watchos`, `visionos`. Read through the located YAML tree, so an error
/// points at its line.
enum PodspecJSONReader {
    static func read(_ text: String, path: String) throws(InputErrors) -> Podspec {
        let root = try SpecNode.parse(text, path: path)
        guard root.entries != nil else {
            throw InputErrors([.inputError("invalid-podspec", "a podspec must be an object, found \(root.kindDescription)", at: root.location)])
        }
        guard let name = root["name"]?.string, !name.isEmpty else {
            throw InputErrors([.inputError("invalid-podspec", "the podspec has no \"name\"", at: root.location, hint: "add \"name\": \"PodName\"")])
        }
        var reading = Reading()
        var spec = Podspec(
            path: path, name: name, version: root["version"]?.string ?? "", location: root.location, root: reading.part(root, named: name))
        spec.moduleName = root["module_name"]?.string
        spec.staticFramework = root["static_framework"]?.bool ?? false
        spec.versionLocation = root["version"]?.location
        spec.source = reading.source(root["source"])
        for entry in root["platforms"]?.entries ?? [] { spec.deploymentTargets[PodspecReader.platformName(entry.key)] = entry.value.string }
        spec.swiftVersions = reading.strings(root["swift_versions"] ?? root["swift_version"], "swift_versions")
        if let defaults = root["default_subspecs"] ?? root["default_subspec"] { spec.defaultSubspecs = reading.strings(defaults, "default_subspecs") }
        reading.collect(root, under: name, into: &spec)
        if !reading.problems.isEmpty { throw InputErrors(reading.problems) }
        return spec
    }

    /// The reading of one file: what it found wrong so far.
    private struct Reading {
        var problems: [Diagnostic] = []

        mutating func report(_ message: String, at node: SpecNode, hint: String? = nil) {
            problems.append(.inputError("invalid-podspec", message, at: node.location, hint: hint))
        }

        /// A string or a list of strings.
        mutating func strings(_ node: SpecNode?, _ key: String) -> [String] {
            guard let node else { return [] }
            if case .scalar(let scalar) = node, !scalar.isPlain { return [scalar.text] }
            guard let items = node.items else {
                report("\"\(key)\" must be a string or a list of strings, found \(node.kindDescription)", at: node)
                return []
            }
            var result: [String] = []
            for item in items {
                guard case .scalar(let scalar) = item, !scalar.isPlain else {
                    report("\"\(key)\" must be a list of strings, found \(item.kindDescription) in it", at: item)
                    continue
                }
                result.append(scalar.text)
            }
            return result
        }

        /// `"source": { "git": "…", "tag": "1.0.0" }`.
        mutating func source(_ node: SpecNode?) -> PodSource? {
            guard let node else { return nil }
            guard node.entries != nil else {
                report("\"source\" must be an object (\"git\", \"tag\"…), found \(node.kindDescription)", at: node)
                return nil
            }
            return PodSource(
                git: node["git"]?.string, tag: node["tag"]?.string, commit: node["commit"]?.string, branch: node["branch"]?.string,
                http: node["http"]?.string, path: node["path"]?.string, location: node.location)
        }

        /// A spec's own attributes, then each platform's.
        mutating func part(_ node: SpecNode, named partName: String) -> PodspecPart {
            var result = PodspecPart(name: partName, location: node.location)
            for platform in [nil] + PodspecReader.platforms.sorted().map(Optional.some) {
                guard let scope = platform.map({ node[$0] }) ?? node else { continue }
                result.sourceFiles += strings(scope["source_files"], "source_files")
                result.excludeFiles += strings(scope["exclude_files"], "exclude_files")
                let named = platform.map(PodspecReader.platformName)
                func values(_ key: String) -> [PodValue] { strings(scope[key], key).map { PodValue(value: $0, platform: named) } }
                result.publicHeaderFiles += values("public_header_files")
                result.resources += values("resources")
                result.vendoredFrameworks += values("vendored_frameworks")
                result.frameworks += values("frameworks")
                result.libraries += values("libraries")
                for bundle in scope["resource_bundles"]?.entries ?? [] {
                    result.resourceBundles.append(
                        PodResourceBundle(name: bundle.key, patterns: strings(bundle.value, "resource_bundles"), platform: named))
                }
                guard let dependencies = scope["dependencies"] else { continue }
                guard let entries = dependencies.entries else {
                    report("\"dependencies\" must be an object of pod names and requirements", at: dependencies)
                    continue
                }
                for entry in entries {
                    result.dependencies.append(
                        PodDependency(
                            name: entry.key, requirements: strings(entry.value, "dependencies"), platform: platform == "macos" ? "osx" : platform,
                            location: entry.keyLocation))
                }
            }
            return result
        }

        /// The specs listed under `subspecs`, `testspecs` and `appspecs` of a spec named `parent`,
        /// and theirs, nested ones included.
        mutating func collect(_ node: SpecNode, under parent: String, into spec: inout Podspec) {
            for key in ["subspecs", "testspecs", "appspecs"] {
                guard let list = node[key] else { continue }
                guard let items = list.items else {
                    report("\"\(key)\" must be a list of specs, found \(list.kindDescription)", at: list)
                    continue
                }
                for item in items {
                    guard let itemName = item["name"]?.string else {
                        report("a spec in \"\(key)\" has no \"name\"", at: item)
                        continue
                    }
                    let full = parent + "/" + itemName
                    switch key {
                    case "subspecs": spec.subspecs.append(part(item, named: full))
                    case "testspecs": spec.testSpecs.append(part(item, named: full))
                    default: spec.appSpecs.append(part(item, named: full))
                    }
                    collect(item, under: full, into: &spec)
                }
            }
        }
    }
}
