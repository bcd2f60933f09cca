import StrataCocoaPods
import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataWorkspace

/// What `strata migrate` makes of a CocoaPods workspace, before it is written as strata.yml:
/// each pod a module (with its tests), each app spec and Podfile target an app, each external
/// pod a package from `pods.yml`, and the list of what SwiftPM cannot say, for the team.
struct PodsPlan {
    /// A pod's module, or its tests target.
    struct TargetPlan {
        /// Relative to the workspace folder.
        var path: String
        var exclude: [String] = []
        var resources: [String] = []
        /// Workspace modules, and external products as `key/Product`.
        var dependencies: [String] = []
        var products: [String] = []
        var frameworks: [PlatformScoped] = []
        var libraries: [PlatformScoped] = []
        var swiftLanguageMode: String?
        /// Vendored XCFrameworks, relative to the workspace folder.
        var binaries: [String] = []
        /// The Swift files it builds, absolute: what the proof compares.
        var swiftFiles: Set<String> = []
    }

    struct ModulePlan {
        var pod: String
        var module: String
        var layer: String
        var target: TargetPlan
        /// Pods named as the module's interface or mocks (`naming`), and its first test spec.
        var interface: TargetPlan?
        var mocks: TargetPlan?
        var tests: TargetPlan?
        /// Swift files of the pod's subspecs that were left out, absolute: the adopt-mode graph
        /// reads every subspec, the migrated module only those the workspace uses.
        var leftOut: Set<String> = []
    }

    struct AppPlan {
        /// The key under `apps:` and the target's name.
        var name: String
        var dependencies: [String] = []
        var products: [String] = []
        /// Relative to the workspace folder; nil for the default.
        var path: String?
        /// A test or demo host (`adopt.hosts`), which may link mocks.
        var isHost = false
    }

    /// A package external pods come from: its key under `packages:` and its fields.
    struct PackagePlan {
        var key: String
        var fields: [String]
    }

    var modules: [ModulePlan] = []
    var apps: [AppPlan] = []
    var packages: [PackagePlan] = []
    /// `generate.platforms`: the highest deployment target any pod asks for, per platform.
    var platforms: [(name: String, version: String)] = []
    /// What SwiftPM cannot say, or what was left out and why: for the team.
    var forTheTeam: [String] = []
    /// External pods `pods.yml` gives no home.
    var withoutHome: [String] = []
    /// Adopt-mode target name → migrated name, where they differ.
    var names: [String: String] = [:]
    /// Adopt-mode targets not migrated (each said in `forTheTeam`).
    var notMigrated: Set<String> = []
    /// Binary targets the pods' graph has no node for (vendored XCFrameworks).
    var binaryTargets: Set<String> = []
    /// Adopt-mode edges not migrated: those only a left-out subspec declared.
    var edgesNotMigrated: Set<[String]> = []
}

/// SwiftPM's names for CocoaPods' platforms.
enum PodPlatform {
    /// What a pod that names no platform builds for.
    static let apple = ["iOS", "macOS", "tvOS", "watchOS", "visionOS"]

    static func swiftPM(_ cocoaPods: String) -> String? {
        switch cocoaPods {
        case "ios": "iOS"
        case "osx", "macos": "macOS"
        case "tvos": "tvOS"
        case "watchos": "watchOS"
        case "visionos": "visionOS"
        default: nil
        }
    }
}
