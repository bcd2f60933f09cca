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
