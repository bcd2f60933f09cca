import Foundation
import StrataFileSystem
import StrataManifest
import StrataSources
public import StrataWorkspace

/// A workspace's targets as one Xcode 16 project file, for the benchmark and tests of reading
/// Xcode projects at scale: a synchronized folder of sources per target, a target dependency with
/// its container proxy and a Frameworks phase entry per edge, a configuration list per target
/// (static frameworks by `MACH_O_TYPE`), and the project's `PRODUCT_NAME = $(TARGET_NAME)`.
public enum SyntheticXcodeProject {
    /// `project.pbxproj` for `workspace`'s targets, its paths relative to `folder` (where the
    /// `.xcodeproj` goes).
    public static func projectFile(for workspace: Workspace, in folder: String) -> String {
        var writer = Writer(workspace: workspace, folder: folder)
        return writer.text()
    }
}

private struct Writer {
    let workspace: Workspace
    let folder: String
    private var counter = 0

    init(workspace: Workspace, folder: String) {
        self.workspace = workspace
        self.folder = folder
    }

    /// A new 24-digit object id.
    private mutating func id() -> String {
        counter += 1
        return String(format: "%024X", counter)
    }

    mutating func text() -> String {
        var objects: [String] = []
        let projectID = id(), mainGroup = id(), projectList = id(), projectDebug = id()
        var targetIDs: [String] = [], productIDs: [String] = []
        for _ in workspace.targets {
            targetIDs.append(id())
            productIDs.append(id())
        }
        var groups: [String] = []
        for (index, target) in workspace.targets.elements.enumerated() where target.role != .external {
            let (type, file) =
                switch target.role {
                case .tests: ("bundle.unit-test", "\(target.name).xctest")
                case .app: ("application", "\(target.name).app")
                default: ("framework", "\(target.name).framework")
                }
            objects.append(
                "\(productIDs[index]) = {isa = PBXFileReference; explicitFileType = wrapper; includeInIndex = 0; path = \"\(file)\"; sourceTree = BUILT_PRODUCTS_DIR; };"
            )
            var phases: [String] = [], dependencies: [String] = [], linked: [String] = []
            for dependency in workspace.dependencies[TargetID(index)] where workspace.targets[dependency.target].role != .external {
                let other = dependency.target.index
                let proxy = id(), targetDependency = id(), buildFile = id()
                objects.append(
                    "\(proxy) = {isa = PBXContainerItemProxy; containerPortal = \(projectID); proxyType = 1; remoteGlobalIDString = \(targetIDs[other]); remoteInfo = \(workspace.targets[dependency.target].name); };"
                )
                objects.append("\(targetDependency) = {isa = PBXTargetDependency; target = \(targetIDs[other]); targetProxy = \(proxy); };")
                objects.append("\(buildFile) = {isa = PBXBuildFile; fileRef = \(productIDs[other]); };")
                dependencies.append(targetDependency)
                linked.append(buildFile)
            }
            let frameworks = id()
            objects.append(
                "\(frameworks) = {isa = PBXFrameworksBuildPhase; buildActionMask = 2147483647; files = (\(linked.map { $0 + "," }.joined())); };")
            phases.append(frameworks)
            var synchronized = ""
            if let directory = target.sources?.directory {
                let group = id()
                objects.append(
                    "\(group) = {isa = PBXFileSystemSynchronizedRootGroup; path = \"\(PathResolution.relative(directory, from: folder))\"; sourceTree = \"<group>\"; };"
                )
                groups.append(group)
                synchronized = "fileSystemSynchronizedGroups = (\(group),); "
            }
            let list = id(), debug = id()
            let machO = target.linkage.isDynamic ? "" : "MACH_O_TYPE = staticlib; "
            objects.append("\(debug) = {isa = XCBuildConfiguration; buildSettings = {\(type == "framework" ? machO : "")}; name = Debug; };")
            objects.append("\(list) = {isa = XCConfigurationList; buildConfigurations = (\(debug),); defaultConfigurationName = Debug; };")
            objects.append(
                "\(targetIDs[index]) = {isa = PBXNativeTarget; buildConfigurationList = \(list); buildPhases = (\(phases.map { $0 + "," }.joined())); dependencies = (\(dependencies.map { $0 + "," }.joined())); \(synchronized)name = \(target.name); productName = \(target.name); productReference = \(productIDs[index]); productType = \"com.apple.product-type.\(type)\"; };"
            )
        }
        let targets = workspace.targets.indices.filter { workspace.targets[$0].role != .external }.map { targetIDs[$0.index] + "," }.joined()
        objects.append("\(mainGroup) = {isa = PBXGroup; children = (\(groups.map { $0 + "," }.joined())); sourceTree = \"<group>\"; };")
        objects.append("\(projectDebug) = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_NAME = \"$(TARGET_NAME)\"; }; name = Debug; };")
        objects.append("\(projectList) = {isa = XCConfigurationList; buildConfigurations = (\(projectDebug),); defaultConfigurationName = Debug; };")
        objects.append(
            "\(projectID) = {isa = PBXProject; buildConfigurationList = \(projectList); mainGroup = \(mainGroup); projectDirPath = \"\"; targets = (\(targets)); };"
        )
        return "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 77;\n\tobjects = {\n\t\t" + objects.joined(separator: "\n\t\t")
            + "\n\t};\n\trootObject = \(projectID);\n}\n"
    }
}
