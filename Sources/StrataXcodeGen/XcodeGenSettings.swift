import Foundation
import StrataManifest
import StrataProjectFormat

/// The build settings XcodeGen gives a target in one build configuration, for what shapes the
/// graph (linkage, the product's and module's names, merging): the target's `settings:`, then
/// the project's, each as `configs:` for the configuration over `base:` (or a plain mapping),
/// then the presets of the configuration's type for the optimisation levels. Setting groups
/// (`groups:`) and `.xcconfig` files are not read.
struct XcodeGenSettings {
    /// The configuration asked for (`--configuration`), as the project spells it if it lists it.
    let configuration: String
    /// Whether XcodeGen's release presets apply to it (`-O`), not the debug ones (`-Onone`).
    let isRelease: Bool
    /// The project's configurations: a `configs:` key spelled as one's name applies to it alone.
    let configurations: [String]
    /// The project's own `settings:`.
    let project: SpecNode?

    /// The project spec's configurations (XcodeGen's default: Debug and Release) and settings.
    init(projectSpec spec: SpecNode, configuration: String) {
        let declared = spec["configs"]?.entries?.map { ($0.key, $0.value.string?.lowercased()) } ?? [("Debug", "debug"), ("Release", "release")]
        configurations = declared.map(\.0)
        let match = declared.first { $0.0.lowercased() == configuration.lowercased() }
        self.configuration = match?.0 ?? configuration
        isRelease = match?.1 == "release"
        project = spec["settings"]
    }

    /// Setting `key` of a target with `settings`, `$(TARGET_NAME)` replaced by `name`.
    func value(_ key: String, target settings: SpecNode?, named name: String) -> String? {
        let node = [settings, project].lazy.compactMap { $0.flatMap { self.value(key, in: $0) } }.first
        if let text = node.flatMap(Self.text) {
            return text.replacingOccurrences(of: "$(TARGET_NAME)", with: name).replacingOccurrences(of: "${TARGET_NAME}", with: name)
        }
        return preset(key)
    }

    /// The setting in one `settings:` node: its configuration's `configs:` entry over its base.
    private func value(_ key: String, in settings: SpecNode) -> SpecNode? {
        let isStructured = settings["configs"] != nil || settings["groups"] != nil || settings["base"] != nil
        guard isStructured else { return settings[key] }
        let configured = settings["configs"]?.entries?.last { applies($0.key) }?.value[key]
        return configured ?? settings["base"]?[key]
    }

    /// Whether a `configs:` key applies to the configuration, as XcodeGen decides: it applies to
    /// every configuration whose name contains it, case aside (`staging` to `Staging Debug` and
    /// `Staging Release`, `release` to `Release` and `Staging Release`), except that a key spelled
    /// exactly as one configuration's name (`Release`) applies to that one alone.
    private func applies(_ key: String) -> Bool {
        guard configuration.lowercased().contains(key.lowercased()) else { return false }
        return !configurations.contains(key) || key == configuration
    }

    /// XcodeGen's presets for the configuration's type, for the settings that tell an optimised build.
    private func preset(_ key: String) -> String? {
        switch key {
        case "SWIFT_OPTIMIZATION_LEVEL": isRelease ? "-O" : "-Onone"
        case "GCC_OPTIMIZATION_LEVEL": isRelease ? nil : "0"
        default: nil
        }
    }

    /// A scalar's value as XcodeGen writes it: YAML's booleans as `YES` and `NO`.
    private static func text(_ node: SpecNode) -> String? {
        guard let text = node.string else { return nil }
        if let bool = node.bool, ["true", "false", "yes", "no", "on", "off", "y", "n"].contains(text.lowercased()) { return bool ? "YES" : "NO" }
        return text
    }
}
