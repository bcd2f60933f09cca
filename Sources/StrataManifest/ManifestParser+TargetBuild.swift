import StrataDiagnostics
import Yams

extension ManifestParser {
    /// `sources`, `exclude`, `resources`, `frameworks`, `libraries` and `swift-language-mode` of a
    /// module or a companion target.
    mutating func targetBuild(_ field: [String: Node], of what: String) -> TargetBuild {
        var build = TargetBuild()
        build.sources = field["sources"].flatMap { pathsInTarget($0, "'sources' of \(what)") } ?? []
        build.exclude = field["exclude"].flatMap { pathsInTarget($0, "'exclude' of \(what)") } ?? []
        build.resources = field["resources"].flatMap { pathsInTarget($0, "'resources' of \(what)") } ?? []
        build.frameworks = field["frameworks"].flatMap { platformScoped($0, "'frameworks' of \(what)") } ?? []
        build.libraries = field["libraries"].flatMap { platformScoped($0, "'libraries' of \(what)") } ?? []
        build.binaries =
            field["binaries"].flatMap { reader.strings($0, "'binaries' of \(what)") }?.filter { binary in
                let kinds = [".xcframework", ".zip", ".artifactbundle"]
                guard kinds.contains(where: binary.value.hasSuffix) else {
                    reader.report(
                        "invalid-value", "'\(binary.value)' in 'binaries' of \(what) is not an XCFramework or artifact bundle", at: binary.location,
                        hint: "SwiftPM's binary targets are '.xcframework' folders, or '.zip' or '.artifactbundle' archives of them")
                    return false
                }
                return true
            } ?? []
        build.swiftLanguageMode = field["swift-language-mode"].flatMap { node in
            reader.string(
                node, "'swift-language-mode' of \(what)", validWhen: TargetBuild.languageModes.contains,
                problem: { "'\($0)' is not a Swift language mode, in 'swift-language-mode' of \(what)" },
                hint: "use one of: \(TargetBuild.languageModes.joined(separator: ", "))")
        }
        return build
    }

    /// Paths relative to the target's folder, which they may not leave.
    private mutating func pathsInTarget(_ node: Node, _ what: String) -> [Located<String>]? {
        guard let paths = reader.strings(node, what) else { return nil }
        return paths.filter { path in
            let leaves = path.value.hasPrefix("/") || path.value.split(separator: "/").contains("..")
            if leaves {
                reader.report(
                    "invalid-value", "'\(path.value)' in \(what) leaves the target's folder", at: path.location,
                    hint: "paths in 'sources', 'exclude' and 'resources' are relative to the target's folder ('path', or its default)")
            }
            return !leaves
        }
    }

    /// Names, each `UIKit` or `{ name: UIKit, platforms: [iOS, tvOS] }`.
    private mutating func platformScoped(_ node: Node, _ what: String) -> [PlatformScoped]? {
        guard case .sequence(let sequence) = node else {
            return reader.strings(node, what).map { $0.map { PlatformScoped(name: $0) } }
        }
        var values: [PlatformScoped] = []
        for element in sequence {
            guard case .mapping = element else {
                if let name = reader.string(element, "an entry of \(what)") { values.append(PlatformScoped(name: name)) }
                continue
            }
            guard let pairs = reader.mapping(element, "an entry of \(what)") else { continue }
            reader.checkKeys(pairs, allowed: ManifestKeys.platformScoped, in: "an entry of \(what)")
            let field = Dictionary(pairs.map { ($0.key.value, $0) }, uniquingKeysWith: { first, _ in first })
            guard let nameNode = field["name"] else {
                reader.report(
                    "missing-key", "an entry of \(what) has no 'name'", at: element, hint: "for example '{ name: UIKit, platforms: [iOS] }'")
                continue
            }
            guard let name = reader.string(nameNode.value, "'name' of an entry of \(what)") else { continue }
            let platforms = field["platforms"].flatMap { reader.strings($0.value, "'platforms' of '\(name.value)' in \(what)") } ?? []
            values.append(PlatformScoped(name: name, platforms: platforms.filter { checkPlatform($0) }))
        }
        return values
    }

    /// True for a platform SwiftPM's `.when(platforms:)` names; else reports it.
    private mutating func checkPlatform(_ platform: Located<String>) -> Bool {
        guard !PlatformScoped.knownPlatforms.contains(platform.value) else { return true }
        let sameLetters = PlatformScoped.knownPlatforms.first { $0.lowercased() == platform.value.lowercased() }
        reader.report(
            "invalid-value", "'\(platform.value)' is not a platform SwiftPM knows", at: platform.location,
            hint: sameLetters.map { "did you mean '\($0)'?" } ?? Suggestions.didYouMean(platform.value, in: PlatformScoped.knownPlatforms)
                ?? "use one of: \(PlatformScoped.knownPlatforms.joined(separator: ", "))")
        return false
    }
}
