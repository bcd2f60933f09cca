/// Every diagnostic id Strata reports that is not a rule's: input errors, warnings about the
/// input, and problems with source files, each with a one-line summary. Rules describe
/// themselves (`RuleRegistry`); together the two are every id a report can hold, which SARIF
/// output declares up front and docs/RULES.md lists. A test finds every id used in the sources
/// and fails if one is missing here.
public enum DiagnosticCatalog {
    /// An id and what it means.
    public struct Entry: Sendable, Hashable {
        public var id: String
        public var summary: String
        /// The severity it is reported with.
        public var severity: Severity
    }

    private static func error(_ id: String, _ summary: String) -> Entry { Entry(id: id, summary: summary, severity: .error) }
    private static func warning(_ id: String, _ summary: String) -> Entry { Entry(id: id, summary: summary, severity: .warning) }
    private static func note(_ id: String, _ summary: String) -> Entry { Entry(id: id, summary: summary, severity: .note) }

    /// The entries, input errors first, in docs/RULES.md's order.
    public static let all: [Entry] = [
        // strata.yml
        error("yaml-syntax", "strata.yml, an XcodeGen spec or a .podspec.json is not well-formed YAML"),
        error("invalid-yaml", "strata.yml cannot be read for an edit by strata new"),
        error("empty-manifest", "strata.yml is empty or only comments"),
        error("invalid-encoding", "strata.yml is not UTF-8"),
        error("unreadable-file", "a file Strata must read cannot be read"),
        error("yaml-too-large", "a YAML file larger, deeper or expanding to more than Strata reads"),
        error("unknown-key", "a key Strata does not know"),
        error("wrong-type", "a value of the wrong type"),
        error("invalid-value", "a value outside its choices"),
        error("missing-key", "a required key is missing"),
        error("invalid-name", "a module or app name that is not a Swift identifier"),
        error("duplicate-key", "a key given twice in one mapping"),
        error("duplicate-module", "a module declared twice"),
        error("duplicate-app", "an app declared twice"),
        error("duplicate-layer", "a layer declared twice"),
        error("duplicate-target", "two declarations produce one target name"),
        error("unknown-layer", "a layer name that is not in 'layers'"),
        error("unknown-dependency", "a dependency that names no target"),
        error("invalid-dependency", "a dependency on a test target or an app"),
        error("unknown-package", "a package/Product whose package is not declared"),
        error("unknown-product", "strata add dependency: a package/Product whose local package has no such product"),
        error("unknown-module", "a module name that does not exist"),
        error("unknown-target", "a constraint, or `strata check --target`, names a target that does not exist"),
        error("unknown-rule", "'rules:' names a rule that does not exist"),
        error("conflicting-sections", "generate-mode sections together with 'adopt'"),
        error("path-outside-workspace", "a path in strata.yml leads outside the workspace folder"),
        // Finding the workspace and its packages
        error("missing-workspace", "the path given does not exist"),
        error("missing-manifest", "the folder holds no strata.yml"),
        error("missing-package", "adopt mode finds no Package.swift where it was told to look"),
        error("package-evaluation", "a Package.swift cannot be evaluated, or did not finish within its time limit"),
        error("package-identity", "two packages would have one identity"),
        error("missing-xcodegen-spec", "an 'adopt.xcodegen' pattern finds no spec"),
        error("invalid-xcodegen-spec", "an XcodeGen spec that XcodeGen would refuse"),
        error("invalid-xcode-project", "a project.pbxproj that is damaged or not the text form Xcode writes"),
        error("invalid-xcode-workspace", "an .xcworkspace's contents.xcworkspacedata that is damaged"),
        error("missing-xcode-project", "an 'adopt.xcode' pattern finds no project, or a project references one that is not there"),
        error("xcode-project-cycle", "Xcode projects that reference each other in a circle"),
        error("include-cycle", "XcodeGen specs that include each other"),
        error("missing-file", "a file a spec, an include or 'adopt' names does not exist"),
        error("missing-podspec", "an 'adopt.podspecs' pattern or a Podfile ':path' finds no podspec"),
        error("invalid-podspec", "a podspec without a name, or a .podspec.json of the wrong shape"),
        error("unreadable-podspec", "a podspec or Podfile that only Ruby could evaluate"),
        error("invalid-limit", "a STRATA_TIMEOUT_* variable is not a number of seconds"),
        // Baselines
        error("unreadable-baseline", "the --baseline file cannot be read"),
        error("malformed-baseline", "the --baseline file is not a Strata baseline"),
        // Writing: generate, new, outputs
        error("adopt-mode", "the command needs a generate-mode workspace"),
        error("generated-file-edited", "a generated file was edited by hand (use --force)"),
        error("not-generated", "a file to write exists and was not written by Strata (use --force)"),
        error("write-failed", "a file or folder could not be written"),
        error("move-blocked", "strata generate --move-sources finds files where a target's sources are to go"),
        error("unwritable-output", "the output file cannot be written"),
        error("unknown-shell", "strata completions: a shell other than bash, zsh or fish"),
        error("strata-yml-exists", "strata init: the folder has a strata.yml already (use --force to replace it)"),
        error("nothing-to-adopt", "strata init: the folder holds no Package.swift, Xcode project, XcodeGen spec, podspec or Podfile"),
        error("invalid-proposal", "strata init: the proposed strata.yml does not load (Strata's mistake; nothing is written)"),
        error("output-not-empty", "strata bench generate: --out holds something other than an earlier benchmark"),
        error("output-not-a-folder", "strata bench generate: --out is a file"),
        error("not-a-benchmark", "strata bench run: the folder holds no readable bench.json"),
        error("unknown-app", "strata bench run: --only names an app the benchmark does not have"),
        error("unreadable-results", "strata bench report, run --resume: the file is not the JSON results of a run"),
        error("resume-mismatch", "strata bench run --resume: the interrupted run measured with other options"),
        error("workspace-locked", "another strata run is changing the workspace"),
        error("interrupted-change", "a change a killed strata run left half-made cannot be finished"),
        error("target-folder-exists", "strata new: a new target's folder already exists"),
        error("cannot-edit-manifest", "strata new, add, mv, rm: strata.yml is written in a form strata cannot edit as text"),
        error(
            "unsupported-migration", "strata migrate: something the packages say that generate mode cannot (a requirement, a name, XcodeGen specs)"),
        error("generate-mode", "strata migrate: the workspace is in generate mode already"),
        error("not-semver", "a pod version a package registry cannot take: not major.minor.patch"),
        error("unsupported-requirement", "a pod's version requirements that no one SwiftPM range says"),
        error("missing-home", "strata migrate spec-repo: a pod the spec repo depends on but does not hold, with no package in pods.yml"),
        error("unsupported-source", "strata migrate spec-repo: a pod version whose source is not a git tag, branch or commit"),
        error(
            "cannot-edit-package", "a Package.swift target strata cannot edit as text (made by helper code), or a package it does not depend on yet"),
        error("module-in-use", "strata rm module: something outside the module depends on it"),
        error("already-a-dependency", "strata add dependency: the module lists it already"),
        error("self-dependency", "strata add dependency: a module on one of its own targets"),
        error("unchanged", "strata mv module: the module is in that layer already"),
        error("invalid-template", "a template is not valid, or renders outside its target's folder"),
        // strata publish
        error("missing-scope", "strata publish, distribution: registry: the module's layer has no scope under registry.scopes"),
        error("mixed-package", "strata publish: the module's package holds modules of several layers"),
        error("missing-version", "strata publish: no --version and no <Module>/<version> tag on HEAD"),
        error("missing-token", "strata publish: no registry token (STRATA_REGISTRY_TOKEN or --token-file)"),
        error("archive-failed", "strata publish: 'swift package archive-source' failed"),
        error("missing-argument", "strata publish: neither modules nor --all"),
        error(
            "unpublishable-dependency",
            "strata publish, distribution: registry: the package depends on a folder, which a registry package cannot reach"),
        error("unpublished-dependency", "strata publish: a module depends on a module the registry has no release of"),
        error("dependency-cycle", "strata publish, the spec repo import: what to publish depends on itself in a cycle"),
        // strata release, strata versions
        error("no-registry-modules", "strata release: no module is distributed through the registry"),
        error("uncommitted-changes", "strata release: the work tree has uncommitted changes to tracked files"),
        error("detached-head", "strata release: HEAD is on no branch, so the release commit would be lost"),
        error("stale-generated-files", "strata release: the committed build files are not what strata.yml makes"),
        error("version-mismatch", "strata release: strata.versions.yml and the <Module>/<version> tags disagree"),
        error("unreleased-dependency", "strata release: a module to release uses a module that has never been released"),
        error("api-comparison-failed", "strata release: swift package diagnose-api-breaking-changes could not compare a module"),
        error("check-failed", "strata release: swift build or swift test of a module's package failed, so nothing was released"),
        error("release-in-progress", "strata release: a release stopped after its commit; finish it with --continue"),
        error("no-release-in-progress", "strata release --continue: there is no release to finish"),
        error("tag-exists", "strata release: a release tag exists already on another commit"),
        error("version-taken", "strata release: the registry already has a version the train would release, published from elsewhere"),
        error("release-differs", "strata release --continue: the registry holds the train's version with other content"),
        error("damaged-release-state", "strata release: the state file of the release in progress cannot be read"),
        error("unfinished-release", "strata release: the last release is tagged but not all in the registry, and no state file says so"),
        error("registry-archive-unreadable", "strata release: the registry's source archive of a release cannot be read to compare it"),
        // strata secrets
        error("secrets-exist", "strata secrets init: the workspace has secrets already"),
        error("no-secrets", "strata secrets: the workspace has no secrets (no .strata/secrets/recipients)"),
        error("invalid-recipients", "strata secrets: a line of .strata/secrets/recipients is not a member name and an age public key"),
        error("invalid-member", "strata secrets: a member name or key that cannot be added or removed"),
        error("unknown-member", "strata secrets: a name that is not a member"),
        error("not-a-member", "strata secrets: your identity cannot decrypt the secrets"),
        error("invalid-secrets-file", "strata secrets: .strata/secrets/secrets.age cannot be decrypted or read"),
        error("invalid-secret-name", "strata secrets: a secret name that is not a Swift identifier"),
        error("unknown-secret", "strata secrets: a name that is not a secret"),
        error("nothing-to-rotate", "strata secrets rotate: the secret has no rotation pending"),
        error("not-rotated", "strata secrets rotate: the secret still has the value a removed member could read"),
        error("no-identity", "strata secrets: no identity file (or STRATA_SECRETS_KEY) to decrypt with"),
        error("invalid-identity", "strata secrets: the identity is not an age identity"),
        error("identity-in-workspace", "strata secrets keygen: the identity would be written inside the workspace"),
        error("not-editable", "strata secrets edit: the secret is not text, so an editor would change its bytes"),
        error("editor-failed", "strata secrets edit: the editor could not be run, failed, or removed the file"),
        error("export-tracked", "strata secrets export: git tracks the file the secrets would be written to"),
        error("export-not-ignored", "strata secrets export: git does not ignore the file the secrets would be written to"),
        error("export-would-overwrite", "strata secrets export: the file exists and 'strata secrets export' did not write it"),
        // git (strata affected)
        error("not-a-repository", "the workspace is not in a git work tree"),
        error("unknown-revision", "a revision git does not know"),
        error("shallow-clone", "the history needed is not in a shallow clone"),
        error("no-merge-base", "the revisions have no common ancestor"),
        error("git-unavailable", "git cannot be run"),
        error("git-timeout", "a git command did not finish within its time limit"),
        error("git-output", "git printed something Strata cannot read"),
        error("git-failed", "a git command failed"),
        error("unreachable-repository", "git cannot clone a repository a podspec's source names"),
        error("conflicting-options", "options that cannot be used together"),
        error("affected-failed", "the affected set could not be worked out"),
        // Warnings about the input
        warning("duplicate-dependency", "a dependency listed twice"),
        warning("interrupted-change-finished", "a change a killed strata run left half-made was finished"),
        warning("stale-baseline-entry", "a baseline entry that no longer matches a finding"),
        warning("missing-sources", "a target has no Swift sources"),
        warning("unreleased-module", "a module distributed through the registry has no release yet, so packages get it from its folder"),
        warning("stale-generated-file", "a file no longer generated was edited by hand, so it was kept"),
        warning("host-dependent-manifest", "a manifest's graph depends on the machine that compiles it, which is not the one asked for"),
        warning("secrets-tracking-unknown", "git could not say whether it tracks a file 'strata secrets export' wrote"),
        warning("xcodegen-version", "an XcodeGen spec needs a newer XcodeGen than the spec format Strata reads"),
        warning("overridden-key", "an XcodeGen spec writes a key twice in one mapping; XcodeGen takes the last value"),
        warning("resolve-failed", "'swift package resolve', which 'strata check --resolve' ran, failed, so those dependencies' modules stay unknown"),
        warning("missing-path-package", "a '.package(path:)' folder has no Package.swift, so the modules of its products are unknown"),
        warning("unknown-modules", "the modules a package product or binary target provides cannot be known, so imports of them are not checked"),
        warning("unreadable-xcconfig", "an .xcconfig file an Xcode project's configuration names or includes cannot be read, or includes itself"),
        warning(
            "unknown-platform-filter", "an Xcode dependency or build file has a platform filter Strata does not know; it is taken to apply everywhere"
        ),
        note("unknown-xcode-object", "objects of a kind Strata does not know in a project.pbxproj, skipped"),
        note(
            "skipped-xcode-target",
            "an Xcode target that builds no module (aggregate, legacy, an unknown product type), or CocoaPods' own Pods.xcodeproj, left out"),
        // Source files
        error("unreadable-source", "a source folder or file cannot be read (a warning with --skip-unreadable)"),
        warning("broken-symlink", "a symbolic link to a Swift file leads nowhere"),
        warning("empty-source", "a Swift file is empty"),
        warning("large-source", "a Swift file is too large to scan"),
        warning("binary-source", "a Swift file holds binary data"),
        warning("invalid-utf8-source", "a Swift file is not UTF-8"),
        warning("symlink-loop", "a symbolic link loop among a target's sources"),
        warning("symlink-outside-workspace", "a symbolic link among a target's sources leads outside the workspace"),
        warning("unterminated-construct", "a comment, string or bracket that does not end"),
    ]

    /// The entry for `id`, if it is in the catalog.
    public static func entry(_ id: String) -> Entry? {
        index[id]
    }

    private static let index = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
}
