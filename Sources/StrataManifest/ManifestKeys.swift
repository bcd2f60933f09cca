/// The keys strata.yml accepts in each section — declared once, used by the loader to report
/// unknown keys (with "did you mean"), and checked against `schema/strata.schema.json` in tests.
public enum ManifestKeys {
    public static let root = [
        "name", "layers", "naming", "packages", "modules", "apps", "owners", "rules", "adopt", "generate", "outside-workspace", "optional-imports",
        "affected", "registry", "constraints",
    ]
    public static let layer = ["name", "patterns", "description", "same-layer"]
    public static let naming = ["interface", "mocks", "tests", "app", "host"]
    public static let package = ["url", "path", "id", "from", "exact", "branch", "revision", "up-to-next-minor-from", "range"]
    public static let module =
        ["layer", "interface", "mocks", "tests", "linkage", "dependencies", "packages", "path", "package-folder", "host-app", "distribution"]
        + TargetBuild.keys
    public static let companionTarget = ["dependencies", "packages", "path"] + TargetBuild.keys
    public static let platformScoped = ["name", "platforms"]
    public static let app = ["dependencies", "packages", "host", "path"]
    public static let adopt = ["packages", "exclude", "hosts", "xcode", "xcodegen", "podspecs", "podfile", "spec-repos"]
    public static let generate = ["layout", "tools-version", "platforms", "umbrella", "codeowners", "xcodegen", "distribution"]
    public static let affected = ["ignore", "always"]
    public static let registry = ["url", "scopes"]
    public static let constraint = ["from", "never", "max-depth", "reason"]
    public static let xcodegen = ["platform", "deployment-target", "bundle-id-prefix", "check-phase"]
}
