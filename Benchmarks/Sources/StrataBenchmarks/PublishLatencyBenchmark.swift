import Foundation

/// Publishing with the SwiftPM client, as a team does: `swift package-registry publish` of one
/// small package, over HTTPS on loopback, to two release `strata-registry` binaries side by side —
/// one built before the registry answered `Expect: 100-continue` (issue 46), one after —
/// alternating, medians of `runs`.
///
/// SwiftPM sends every publish with `Expect: 100-continue` and waits for `100 Continue` before the
/// body, about a second when none comes. SwiftPM sends credentials only over HTTPS, and on Linux
/// trusts exactly the system bundle, so each `swift` runs in a mount namespace of its own
/// (`unshare`) where the bundle shows the system's roots plus this run's CA, as the tests do.
enum PublishLatencyBenchmark {
    static let systemBundle = "/etc/ssl/certs/ca-certificates.crt"

    static func run(before: String, after: String, runs: Int) async throws {
        for binary in [before, after] where !FileManager.default.isExecutableFile(atPath: binary) {
            print("publish-latency: no strata-registry at \(binary); see docs/BENCHMARKS.md for how to build both")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-publish-latency-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let (bundle, certificate, key) = try makeCertificates(in: folder + "/tls")

        var servers: [(label: String, server: Process, url: String, package: String)] = []
        defer {
            for entry in servers {
                entry.server.terminate()
                entry.server.waitUntilExit()
            }
        }
        for (label, binary) in [("before", before), ("after", after)] {
            let data = folder + "/\(label)/data"
            let token = try RegistryBenchmark.shell(binary, ["token", "create", "--data", data, "--name", "bench", "--scope", "bench", "--write"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let (server, port) = try RegistryBenchmark.startServer(
                binary, ["serve", "--data", data, "--port", "0", "--tls-certificate", certificate, "--tls-key", key])
            servers.append((label, server, "https://127.0.0.1:\(port)", folder + "/\(label)/Network"))
            let package = folder + "/\(label)/Network"
            try RegistryBenchmark.write(package + "/Package.swift", RegistryBenchmark.manifest(name: "Network"))
            try RegistryBenchmark.write(package + "/Sources/Network/Network.swift", "public enum Network { public static let value = 1 }\n")
            _ = try swift(["package-registry", "set", "https://127.0.0.1:\(port)"], in: package, bundle: bundle, folder: folder + "/\(label)")
            _ = try swift(
                ["package-registry", "login", "https://127.0.0.1:\(port)", "--token", token, "--no-confirm"], in: package, bundle: bundle,
                folder: folder + "/\(label)")
        }

        var samples: [String: [Duration]] = [:]
        for run in 0...runs {
            for entry in servers {
                let start = ContinuousClock.now
                _ = try swift(
                    ["package-registry", "publish", "bench.Network", "1.0.\(run)"], in: entry.package, bundle: bundle,
                    folder: folder + "/\(entry.label)")
                // The first of each is a warm-up (SwiftPM builds its manifest cache).
                if run > 0 { samples[entry.label, default: []].append(ContinuousClock.now - start) }
            }
        }
        let median = { (label: String) in samples[label]!.sorted()[runs / 2] }
        let range = { (label: String) in "\(samples[label]!.min()!.formatted)–\(samples[label]!.max()!.formatted)" }
        print("## Publishing with the SwiftPM client (`swift package-registry publish`, HTTPS on loopback)")
        print("")
        print("One small package, \(runs) publishes to each registry, alternating:")
        print("")
        print("| strata-registry | median | range |")
        print("|---|---:|---:|")
        print("| before (`Expect: 100-continue` unanswered) | \(median("before").formatted) | \(range("before")) |")
        print("| after (answered once the headers pass) | **\(median("after").formatted)** | \(range("after")) |")
        print("")
        print(
            String(
                format: "%.0f ms saved per publish (%.1f× faster).", median("before").milliseconds - median("after").milliseconds,
                median("before").milliseconds / median("after").milliseconds))
        print("")
        try await concurrentUploads(before: before, after: after, folder: folder)
    }

    /// The audit's load: eight concurrent 16 MiB uploads with a write token (not zips, so each is
    /// read whole and refused), the server's peak RSS (`VmHWM`) before and after, each on a fresh
    /// server over plain HTTP.
    static func concurrentUploads(before: String, after: String, folder: String) async throws {
        let junk = Data((0..<(16 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 2654435761 >> 7) })
        print("| eight concurrent 16 MiB uploads | peak RSS | answers |")
        print("|---|---:|---|")
        for (label, binary) in [("before", before), ("after", after)] {
            let data = folder + "/memory-\(label)"
            let token = try RegistryBenchmark.shell(binary, ["token", "create", "--data", data, "--name", "bench", "--scope", "bench", "--write"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            let (server, port) = try RegistryBenchmark.startServer(binary, ["serve", "--data", data, "--port", "0"])
            defer {
                server.terminate()
                server.waitUntilExit()
            }
            let answers = await withTaskGroup(of: String.self) { group in
                for index in 0..<8 {
                    group.addTask {
                        do {
                            return String(
                                try await RegistryBenchmark.publish(
                                    archive: junk, to: "http://127.0.0.1:\(port)/bench/Load\(index)/1.0.0", token: token))
                        } catch {
                            return "no answer"
                        }
                    }
                }
                return await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
            }
            let status = try String(contentsOfFile: "/proc/\(server.processIdentifier)/status", encoding: .utf8)
            let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
            let summary = answers.keys.sorted().map { "\(answers[$0]!) × \($0)" }.joined(separator: ", ")
            print("| \(label) | \(label == "after" ? "**\(peak / 1024) MB**" : "\(peak / 1024) MB") | \(summary) |")
        }
        print("")
    }

    /// `swift` with SwiftPM's caches and configuration in `folder`, seeing `bundle` as the system's.
    static func swift(_ arguments: [String], in package: String, bundle: String, folder: String) throws -> String {
        let isolation = [
            "--cache-path", folder + "/swiftpm-cache", "--config-path", folder + "/swiftpm-config", "--security-path", folder + "/swiftpm-security",
            "--netrc-file", folder + "/netrc",
        ]
        if !FileManager.default.fileExists(atPath: folder + "/netrc") { FileManager.default.createFile(atPath: folder + "/netrc", contents: Data()) }
        let swift = [arguments[0]] + isolation + arguments.dropFirst()
        return try RegistryBenchmark.shell(
            "/usr/bin/unshare",
            ["--map-root-user", "--mount", "sh", "-c", #"mount --bind "$0" "$1" && shift && exec "$@""#, bundle, systemBundle, "swift"] + swift,
            in: package)
    }

    /// A CA, a certificate for 127.0.0.1 signed by it, and the system bundle plus the CA.
    static func makeCertificates(in directory: String) throws -> (bundle: String, certificate: String, key: String) {
        try RegistryBenchmark.write(
            directory + "/server.ext", "subjectAltName=IP:127.0.0.1,DNS:localhost\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n")
        for arguments in [
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Strata Bench CA"],
            ["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=127.0.0.1"],
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2",
                "-extfile", "server.ext",
            ],
        ] {
            _ = try RegistryBenchmark.shell("/usr/bin/openssl", arguments, in: directory)
        }
        let bundle = directory + "/bundle.pem"
        let system = try String(contentsOfFile: systemBundle, encoding: .utf8)
        try RegistryBenchmark.write(bundle, system + "\n" + String(contentsOfFile: directory + "/ca.pem", encoding: .utf8))
        return (bundle, directory + "/server.pem", directory + "/server.key")
    }
}
