import Foundation
import StrataPublish

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The registry, measured from outside as clients use it (the release `strata-registry` binary
/// on loopback):
///
/// 1. resolving a consumer of 30 packages from the registry versus the same 30 from local git
///    repositories, side by side, each with SwiftPM's caches empty (`swift package resolve
///    --cache-path` a fresh folder), alternating, medians of `runs`;
/// 2. requests per second and p99 latency for release metadata and archive download, with wrk.
enum RegistryBenchmark {
    static func run(packages: Int, runs: Int) async throws {
        let root = FileManager.default.currentDirectoryPath
        let binary = root + "/.build/release/strata-registry"
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            print("registry: build it first: swift build -c release --product strata-registry")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-registry-bench-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let scope = "bench"

        // The server, a write token, anonymous reads.
        let token = try shell(binary, ["token", "create", "--data", folder + "/data", "--name", "bench", "--scope", scope, "--write"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try shell(binary, ["scope", "anonymous-read", scope, "--data", folder + "/data"])
        let (server, port) = try startServer(binary, ["serve", "--data", folder + "/data", "--port", "0"])
        defer { server.terminate(); server.waitUntilExit() }
        let url = "http://127.0.0.1:\(port)"

        // 30 packages, each in a git repository tagged 1.0.0 and published to the registry.
        let names = (0..<packages).map { String(format: "Package%02d", $0) }
        for name in names {
            let package = folder + "/repositories/\(name)"
            try write(package + "/Package.swift", manifest(name: name))
            try write(package + "/Sources/\(name)/\(name).swift", "public enum \(name) { public static let value = \"\(name)\" }\n")
            _ = try shell("/usr/bin/git", ["init", "--quiet", "--initial-branch=main"], in: package)
            _ = try shell("/usr/bin/git", ["add", "--all"], in: package)
            _ = try shell(
                "/usr/bin/git", ["-c", "user.email=bench@strata.invalid", "-c", "user.name=Bench", "commit", "--quiet", "-m", name], in: package)
            _ = try shell("/usr/bin/git", ["tag", "1.0.0"], in: package)
            let archive = folder + "/\(name).zip"
            _ = try shell("/usr/bin/env", ["swift", "package", "--package-path", package, "archive-source", "--output", archive])
            let status = try await publish(
                archive: Data(contentsOf: URL(fileURLWithPath: archive)), to: "\(url)/\(scope)/\(name)/1.0.0", token: token)
            guard status == 201 else { fatalError("publishing \(name): HTTP \(status)") }
        }

        // Two consumers of the same 30 packages.
        let registryConsumer = folder + "/consumer-registry"
        let gitConsumer = folder + "/consumer-git"
        try write(
            registryConsumer + "/Package.swift",
            consumer(
                names.map { ".package(id: \"\(scope).\($0)\", from: \"1.0.0\")" },
                products: names.map { ".product(name: \"\($0)\", package: \"\(scope).\($0)\")" }))
        try write(
            gitConsumer + "/Package.swift",
            consumer(
                names.map { ".package(url: \"file://\(folder)/repositories/\($0)\", from: \"1.0.0\")" },
                products: names.map { ".product(name: \"\($0)\", package: \"\($0)\")" }))
        for consumer in [registryConsumer, gitConsumer] { try write(consumer + "/Sources/Consumer/main.swift", "print(1)\n") }
        _ = try shell("/usr/bin/env", ["swift", "package-registry", "set", url, "--allow-insecure-http"], in: registryConsumer)

        func resolve(_ consumer: String) throws -> Duration {
            let cache = folder + "/cache-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: cache) }
            try? FileManager.default.removeItem(atPath: consumer + "/.build")
            try? FileManager.default.removeItem(atPath: consumer + "/Package.resolved")
            let start = ContinuousClock.now
            _ = try shell(
                "/usr/bin/env", ["swift", "package", "--cache-path", cache, "--security-path", cache + "/security", "resolve"], in: consumer)
            return ContinuousClock.now - start
        }
        _ = try resolve(registryConsumer)  // warm the server and the file system
        var fromRegistry: [Duration] = []
        var fromGit: [Duration] = []
        for _ in 0..<runs {
            fromRegistry.append(try resolve(registryConsumer))
            fromGit.append(try resolve(gitConsumer))
        }
        let registryMedian = fromRegistry.sorted()[runs / 2]
        let gitMedian = fromGit.sorted()[runs / 2]

        print("## strata-registry (release build, on loopback)")
        print("")
        print("Resolving a consumer of \(packages) packages with SwiftPM's caches empty, medians of \(runs) alternating runs:")
        print("")
        print("| consumer of \(packages) packages | `swift package resolve` |")
        print("|---|---:|")
        print("| from local git repositories (`file://…`, tag 1.0.0) | \(gitMedian.formatted) |")
        print("| from strata-registry (`.package(id:from:)`) | **\(registryMedian.formatted)** |")
        print("")
        print(String(format: "The registry resolves %.1f× faster.", gitMedian.milliseconds / registryMedian.milliseconds))
        print("")

        // Load: wrk on loopback, 2 threads, 16 connections, 10 s each.
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/wrk") else {
            print("wrk is not installed (apt-get install wrk); the load measurements are left out")
            return
        }
        print("| endpoint (wrk -t2 -c16 -d10s) | requests/s | p50 | p99 |")
        print("|---|---:|---:|---:|")
        for (label, path, accept) in [
            ("release metadata `GET /bench/Package00/1.0.0`", "/\(scope)/Package00/1.0.0", "application/vnd.swift.registry.v1+json"),
            ("archive download `GET /bench/Package00/1.0.0.zip`", "/\(scope)/Package00/1.0.0.zip", "application/vnd.swift.registry.v1+zip"),
        ] {
            let report = try shell("/usr/bin/wrk", ["-t2", "-c16", "-d10s", "--latency", "-H", "Accept: \(accept)", url + path])
            print("| \(label) | \(field(report, "Requests/sec:")) | \(field(report, "50%")) | \(field(report, "99%")) |")
        }
        print("")
    }

    /// The value after `label` on wrk's line that starts with it.
    static func field(_ report: String, _ label: String) -> String {
        report.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix(label) }
            .map { String($0.dropFirst(label.count)).trimmingCharacters(in: .whitespaces) } ?? "?"
    }

    static func manifest(name: String) -> String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(name: "\(name)", products: [.library(name: "\(name)", targets: ["\(name)"])], targets: [.target(name: "\(name)")])

        """
    }

    static func consumer(_ dependencies: [String], products: [String]) -> String {
        """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Consumer",
            dependencies: [\(dependencies.joined(separator: ",\n        "))],
            targets: [.executableTarget(name: "Consumer", dependencies: [\(products.joined(separator: ", "))])]
        )

        """
    }

    static func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A server started in the background, and the port it printed that it listens on.
    static func startServer(_ binary: String, _ arguments: [String]) throws -> (Process, Int) {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: binary)
        server.arguments = arguments
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        var line = ""
        while !line.contains("\n") { line += String(decoding: output.fileHandleForReading.availableData, as: UTF8.self) }
        return (server, Int(line.split(separator: ":").last!.trimmingCharacters(in: .whitespacesAndNewlines))!)
    }

    @discardableResult
    static func shell(_ executable: String, _ arguments: [String], in directory: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw CocoaError(.executableLoad, userInfo: ["command": "\(executable) \(arguments)"]) }
        return String(decoding: data, as: UTF8.self)
    }

    static func publish(archive: Data, to url: String, token: String) async throws -> Int {
        let body = MultipartBody.release(archive: archive, metadata: nil)
        var request = URLRequest(url: URL(string: url)!)
        request.httpMethod = "PUT"
        request.httpBody = body.finished
        request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (_, response) = try await URLSession.shared.data(for: request)
        return (response as! HTTPURLResponse).statusCode
    }
}
