import Foundation

/// Paths of the repository, the fixture workspaces and the examples, for tests.
public enum Fixtures {
    /// The repository's root folder.
    public static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }  // Tests/StrataWorkspaceTestSupport/Fixtures.swift
        return url.path
    }()

    /// The `strata` executable the end-to-end tests run: `$STRATA_BINARY` if set
    /// (Scripts/check-release-build.sh points it at a release build), else the one built next to
    /// the test bundle (`.build/<triple>/debug/strata`).
    public static var strataExecutable: String {
        if let override = ProcessInfo.processInfo.environment["STRATA_BINARY"], !override.isEmpty {
            return override.hasPrefix("/") ? override : repositoryRoot + "/" + override
        }
        return builtExecutable("strata")
    }

    /// An executable of this package built next to the test bundle (`strata-registry`), whatever
    /// `$STRATA_BINARY` says: that may point at a release build of `strata` alone.
    public static func builtExecutable(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// `Tests/Fixtures`.
    public static let root = repositoryRoot + "/Tests/Fixtures"

    /// A fixture workspace folder, e.g. `path("Adopt/RootPackage")`.
    public static func path(_ name: String) -> String {
        root + "/" + name
    }

    /// `Examples/Violations`: workspaces that each break exactly one rule.
    public static let violationsRoot = repositoryRoot + "/Examples/Violations"

    /// One of them, e.g. `violation("SameLayer")`.
    public static func violation(_ name: String) -> String {
        violationsRoot + "/" + name
    }

    /// `Examples/ISS`.
    public static let iss = repositoryRoot + "/Examples/ISS"

    /// Every folder under `Tests/Fixtures/<group>` holding a strata.yml, sorted.
    public static func workspaces(in group: String) -> [String] {
        workspaces(at: root + "/" + group)
    }

    /// Every folder directly under `folder` holding a strata.yml, sorted.
    public static func workspaces(at folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.sorted().filter { FileManager.default.fileExists(atPath: "\(folder)/\($0)/strata.yml") }
    }

    /// A copy of Examples/ISS in a fresh temporary folder, without build products; `items`
    /// are the top-level files and folders copied. Removed by the caller.
    public static func copyOfISS(
        _ label: String, items: [String] = ["strata.yml", "Package.swift", "CODEOWNERS", "Sources", "Tests", "Xcode"]
    ) throws -> String {
        // ISS depends on ../../StrataRuntime by path, so the copy sits at <root>/Examples/ISS with
        // <root>/StrataRuntime linking to the repository's runtime package.
        let root = try temporaryFolder(label)
        let destination = root + "/Examples/ISS"
        try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/StrataRuntime", withDestinationPath: repositoryRoot + "/StrataRuntime")
        for item in items {
            try FileManager.default.copyItem(atPath: iss + "/" + item, toPath: destination + "/" + item)
        }
        return destination
    }

    /// Removes a copy made by ``copyOfISS(_:items:)``, with the folder around it.
    public static func removeCopy(ofISS copy: String) {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: copy).deletingLastPathComponent().deletingLastPathComponent().path)
    }

    /// A fresh temporary folder, removed by the caller.
    /// The executable `name` on the PATH, if there is one.
    public static func executableOnPath(_ name: String) -> String? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/" + name }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A copy of the fixture folder `source` in a fresh temporary folder, without the caches a
    /// check of the repository's own copy may have left; removed by the caller.
    public static func copy(of source: String, label: String) throws -> String {
        let folder = try temporaryFolder(label)
        try FileManager.default.removeItem(atPath: folder)
        try FileManager.default.copyItem(atPath: source, toPath: folder)
        try? FileManager.default.removeItem(atPath: folder + "/.build")
        return folder
    }

    public static func temporaryFolder(_ label: String = "strata-test") throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(label)-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}
