import Foundation
import PackagePlugin

/// `swift package strata <command> [arguments…]`: runs the `strata` executable, built by SwiftPM
/// from this package, in the folder of the package it is invoked on, with the arguments as given.
///
/// ```
/// swift package --allow-writing-to-package-directory strata check
/// swift package --allow-writing-to-package-directory strata affected --base origin/main
/// ```
///
/// Its standard output and error are strata's. SwiftPM turns any failure of a plugin into exit
/// status 1, so strata's own status (1 for violations, 2 for bad input) is printed on failure.
@main
struct StrataPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let strata = try context.tool(named: "strata")
        let process = Process()
        process.executableURL = strata.url
        process.arguments = arguments.isEmpty ? ["check"] : arguments
        process.currentDirectoryURL = context.package.directoryURL
        // Caches that live outside the workspace go to the plugin's own folder, which the sandbox
        // lets it write on macOS; the workspace's .build/strata is covered by the permission.
        var environment = ProcessInfo.processInfo.environment
        if environment["STRATA_CACHE_DIR"] == nil {
            environment["STRATA_CACHE_DIR"] = context.pluginWorkDirectoryURL.appendingPathComponent("cache").path
        }
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let status = process.terminationReason == .exit ? "exit status \(process.terminationStatus)" : "signal \(process.terminationStatus)"
            Diagnostics.error("strata \(process.arguments?.first ?? "") ended with \(status)")
            throw StrataFailed(status: process.terminationStatus)
        }
    }
}

/// strata ended with a failure status; strata printed why.
struct StrataFailed: Error, CustomStringConvertible {
    let status: Int32
    var description: String { "strata failed (status \(status))" }
}
