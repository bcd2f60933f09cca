import StrataDiagnostics
import StrataManifest

/// What Strata needs of a pod: its name and version, the module it builds, how it links, and
/// for the pod and each subspec, test spec and app spec, its source patterns and dependencies.
/// Read from a Ruby `.podspec` (``PodspecReader``) or a `.podspec.json` (``PodspecJSONReader``).
struct Podspec: Sendable, Equatable {
    /// The file it was read from.
    var path: String
    var name: String
    var version: String
    package var location: SourceLocation
    /// `module_name`, when it differs from the name.
    var moduleName: String?
    /// `static_framework = true`: a static framework even under `use_frameworks!`.
    var staticFramework = false
    /// The root spec's own attributes.
    var root: PodspecPart
    /// Every subspec, nested ones included, named `Pod/Sub/Nested`.
    var subspecs: [PodspecPart] = []
    /// `default_subspecs`: the subspecs a plain `pod 'Name'` brings; nil for all of them.
    var defaultSubspecs: [String]?
    /// `test_spec`s and `app_spec`s, named `Pod/Tests`.
    var testSpecs: [PodspecPart] = []
    var appSpecs: [PodspecPart] = []
    /// Where the version is written: a version that is not SemVer is an error there.
    package var versionLocation: SourceLocation?
    /// `source`: where this version's sources are.
    var source: PodSource?
    /// The platforms the pod supports, by CocoaPods' name (`ios`, `osx`…), each with its
    /// deployment target (nil when the spec names the platform without one): `platform`,
    /// `platforms` and `ios.deployment_target`. A `deployment_target` without a platform is
    /// kept under `all`.
    var deploymentTargets: [String: String?] = [:]
    /// `swift_version` / `swift_versions`.
    var swiftVersions: [String] = []

    /// The module `import` reaches it by: `module_name`, else the name with what is not an
    /// identifier made `_` (CocoaPods' rule).
    var module: String { moduleName ?? SwiftIdentifier.moduleName(ofTarget: name) }
}

/// The attributes of a spec or one of its subspecs.
struct PodspecPart: Sendable, Equatable {
    /// `Pod`, `Pod/Sub`, `Pod/Tests`.
    var name: String
    package var location: SourceLocation
    /// `source_files` and `exclude_files` globs, relative to the podspec's folder (CocoaPods'
    /// patterns: `*`, `**`, `{a,b}`), for every platform and per platform (`ios.source_files`).
    var sourceFiles: [String] = []
    var excludeFiles: [String] = []
    var dependencies: [PodDependency] = []
    /// `public_header_files`, `resources`, `vendored_frameworks`, `frameworks`, `libraries`:
    /// globs or names, each with the platform it is for (nil: every platform).
    var publicHeaderFiles: [PodValue] = []
    var resources: [PodValue] = []
    var vendoredFrameworks: [PodValue] = []
    var frameworks: [PodValue] = []
    var libraries: [PodValue] = []
    /// `resource_bundles`: each bundle's name and globs, in the order written.
    var resourceBundles: [PodResourceBundle] = []
}

/// One value of a list attribute, with the platform it is written for (`ios.frameworks`).
struct PodValue: Sendable, Equatable, CustomStringConvertible {
    var value: String
    /// CocoaPods' platform name; nil for every platform.
    var platform: String?

    var description: String { value + (platform.map { "@" + $0 } ?? "") }
}

/// `resource_bundles = { 'Name' => ['Assets/*.xcassets'] }`.
struct PodResourceBundle: Sendable, Equatable {
    var name: String
    var patterns: [String]
    var platform: String?
}

/// `source = { :git => '…', :tag => '1.0.0' }` (or `:commit`, `:branch`; `:http` for an archive;
/// `:path` for a local folder), the version already put into the tag.
struct PodSource: Sendable, Equatable {
    var git: String?
    var tag: String?
    var commit: String?
    var branch: String?
    var http: String?
    var path: String?
    package var location: SourceLocation
}

/// `dependency 'Name/Sub', '~> 1.0'`.
struct PodDependency: Sendable, Equatable {
    /// The pod, with a subspec path when one is named (`Firebase/Analytics`).
    var name: String
    var requirements: [String]
    /// `ios.dependency`: only for that platform (CocoaPods' name: ios, osx, tvos, watchos, visionos).
    var platform: String?
    package var location: SourceLocation

    /// The pod's name without the subspec.
    var pod: String { String(name.split(separator: "/").first ?? Substring(name)) }
}
