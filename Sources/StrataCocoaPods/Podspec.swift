package import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat

/// What Strata needs of a pod: its name and version, the module it builds, how it links, and
/// for the pod and each subspec, test spec and app spec, its source patterns and dependencies.
/// Read from a Ruby `.podspec` (``PodspecReader``) or a `.podspec.json` (``PodspecJSONReader``).
package struct Podspec: Sendable, Equatable {
    /// The file it was read from.
    package var path: String
    package var name: String
    package var version: String
    package var location: SourceLocation
    /// `module_name`, when it differs from the name.
    package var moduleName: String?
    /// `static_framework = true`: a static framework even under `use_frameworks!`.
    package var staticFramework = false
    /// The root spec's own attributes.
    package var root: PodspecPart
    /// Every subspec, nested ones included, named `Pod/Sub/Nested`.
    package var subspecs: [PodspecPart] = []
    /// `default_subspecs`: the subspecs a plain `pod 'Name'` brings; nil for all of them.
    package var defaultSubspecs: [String]?
    /// `test_spec`s and `app_spec`s, named `Pod/Tests`.
    package var testSpecs: [PodspecPart] = []
    package var appSpecs: [PodspecPart] = []
    /// Where the version is written: a version that is not SemVer is an error there.
    package var versionLocation: SourceLocation?
    /// `source`: where this version's sources are.
    package var source: PodSource?
    /// The platforms the pod supports, by CocoaPods' name (`ios`, `osx`…), each with its
    /// deployment target (nil when the spec names the platform without one): `platform`,
    /// `platforms` and `ios.deployment_target`. A `deployment_target` without a platform is
    /// kept under `all`.
    package var deploymentTargets: [String: String?] = [:]
    /// `swift_version` / `swift_versions`.
    package var swiftVersions: [String] = []

    /// The module `import` reaches it by: `module_name`, else the name with what is not an
    /// identifier made `_` (CocoaPods' rule).
    package var module: String { moduleName ?? SwiftIdentifier.moduleName(ofTarget: name) }
}

/// The attributes of a spec or one of its subspecs.
package struct PodspecPart: Sendable, Equatable {
    /// `Pod`, `Pod/Sub`, `Pod/Tests`.
    package var name: String
    package var location: SourceLocation
    /// `source_files` and `exclude_files` globs, relative to the podspec's folder (CocoaPods'
    /// patterns: `*`, `**`, `{a,b}`), for every platform and per platform (`ios.source_files`).
    package var sourceFiles: [String] = []
    package var excludeFiles: [String] = []
    package var dependencies: [PodDependency] = []
    /// `public_header_files`, `resources`, `vendored_frameworks`, `frameworks`, `libraries`:
    /// globs or names, each with the platform it is for (nil: every platform).
    package var publicHeaderFiles: [PodValue] = []
    package var resources: [PodValue] = []
    package var vendoredFrameworks: [PodValue] = []
    package var frameworks: [PodValue] = []
    package var libraries: [PodValue] = []
    /// `resource_bundles`: each bundle's name and globs, in the order written.
    package var resourceBundles: [PodResourceBundle] = []
}

/// One value of a list attribute, with the platform it is written for (`ios.frameworks`).
package struct PodValue: Sendable, Equatable, CustomStringConvertible {
    package var value: String
    /// CocoaPods' platform name; nil for every platform.
    package var platform: String?

    package var description: String { value + (platform.map { "@" + $0 } ?? "") }
}

/// `resource_bundles = { 'Name' => ['Assets/*.xcassets'] }`.
package struct PodResourceBundle: Sendable, Equatable {
    package var name: String
    package var patterns: [String]
    package var platform: String?
}

/// `source = { :git => '…', :tag => '1.0.0' }` (or `:commit`, `:branch`; `:http` for an archive;
/// `:path` for a local folder), the version already put into the tag.
package struct PodSource: Sendable, Equatable {
    package var git: String?
    package var tag: String?
    package var commit: String?
    package var branch: String?
    package var http: String?
    package var path: String?
    package var location: SourceLocation
}

/// `dependency 'Name/Sub', '~> 1.0'`.
package struct PodDependency: Sendable, Equatable {
    /// The pod, with a subspec path when one is named (`Firebase/Analytics`).
    package var name: String
    package var requirements: [String]
    /// `ios.dependency`: only for that platform (CocoaPods' name: ios, osx, tvos, watchos, visionos).
    package var platform: String?
    package var location: SourceLocation

    package init(name: String, requirements: [String], platform: String? = nil, location: SourceLocation) {
        self.name = name
        self.requirements = requirements
        self.platform = platform
        self.location = location
    }

    /// The pod's name without the subspec.
    package var pod: String { String(name.split(separator: "/").first ?? Substring(name)) }
}

extension Podspec {
    /// The podspec at `path`: a `.podspec.json` read as JSON, any other as Ruby.
    static func read(at path: String, files: any WorkspaceFiles) throws(InputErrors) -> Podspec {
        let bytes: [UInt8]
        switch files.read(path) {
        case .success(let read): bytes = read
        case .failure(.missing): throw InputErrors([.inputError("missing-file", "cannot read '\(path)'", at: .file(path))])
        case .failure(let failure): throw InputErrors(InputFile.problem(path, failure))
        }
        let text = try ManifestLoader.decodeUTF8(bytes, path: path)
        return path.hasSuffix(".json") ? try PodspecJSONReader.read(text, path: path) : try PodspecReader.read(text, path: path)
    }
}
