import Foundation
import StrataFileSystem
import StrataProcess
import StrataToolchain
import StrataWorkspace
import Subprocess
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The apps of a benchmark folder, built with SwiftPM and run on this machine.
public struct LocalBenchMachine: BenchMachine {
    /// The benchmark folder (holding bench.json and a folder per app).
    public var root: String
    /// The `swift` that builds the apps (the tests give a script that records what it was given).
    var swift: Executable

    public init(root: String) {
        self.init(root: root, swift: SwiftToolchain.swift)
    }

    init(root: String, swift: Executable) {
        self.root = root
        self.swift = swift
    }

    /// The folder, inside the benchmark's, that SwiftPM's temporary files go to while it runs: it
    /// leaves a `TemporaryDirectory.*` folder behind in the system's temporary folder for every
    /// command (a run of the whole matrix made thousands); this one is removed after each.
    public static let scratchName = ".swiftpm-tmp"

    /// The variable that makes an app report when its `main` started (on standard error, as
    /// `main-started <CLOCK_MONOTONIC nanoseconds>`).
    public static let clockVariable = "STRATA_BENCH_CLOCK"

    public func clean(_ app: String) async throws(BenchError) {
        let build = root + "/" + app + "/.build"
        guard FileManager.default.fileExists(atPath: build) else { return }
        do {
            try FileManager.default.removeItem(atPath: build)
        } catch {
            throw BenchError("cannot remove \(build) for a clean build: \(error.localizedDescription)")
        }
    }

    public func prepare(_ app: String) async throws(BenchError) {
        _ = try await swiftCommand(["package", "resolve"], app: app)
    }

    public func build(_ app: String, _ configuration: BenchConfiguration) async throws(BenchError) -> Duration {
        try await swiftCommand(["build", "-c", configuration.rawValue, "--product", BenchApp.appName], app: app)
    }

    /// Runs `swift arguments…` in the app's folder; returns how long it took.
    private func swiftCommand(_ arguments: [String], app: String) async throws(BenchError) -> Duration {
        let command = "swift " + arguments.joined(separator: " ")
        let scratch = root + "/" + Self.scratchName
        do {
            try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        } catch {
            throw BenchError("cannot create \(scratch) for SwiftPM's temporary files: \(error.localizedDescription)")
        }
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let clock = ContinuousClock()
        let started = clock.now
        let result: ChildProcess.Outcome<String, String>
        do {
            result = try await ChildProcess.run(
                swift, arguments: arguments, environment: .inherit.updating(["TMPDIR": scratch]), workingDirectory: FilePath(root + "/" + app),
                input: .none, output: .string(limit: 1 << 24), error: .string(limit: 1 << 24), limit: .swiftBuild)
        } catch {
            throw BenchError("cannot run \(command) for \(app): \(error)")
        }
        let took = clock.now - started
        guard result.succeeded else {
            let output = (result.standardOutput + "\n" + result.standardError).split(separator: "\n").suffix(15).joined(separator: "\n")
            throw BenchError(
                result.timedOut
                    ? "\(command) in \(app) did not finish \(ProcessLimit.within(result.limit))"
                    : "\(command) in \(app) failed (exit \(result.status)):\n\(output)")
        }
        return took
    }

    /// The first line of `swift --version` (`Swift version 6.3.1 (swift-6.3.1-RELEASE)`), for the
    /// results' machine line; nil if it cannot be told.
    public func toolchainVersion() async -> String? {
        let result = try? await ChildProcess.run(
            swift, arguments: ["--version"], workingDirectory: nil, input: .none, output: .string(limit: 1 << 16),
            error: .string(limit: 1 << 16), limit: .manifest)
        guard let result, result.succeeded else { return nil }
        let line = result.standardOutput.split(separator: "\n").first { $0.contains("version") }
        return line.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    public func read(_ app: String, _ file: String) throws(BenchError) -> String {
        guard let data = FileManager.default.contents(atPath: root + "/" + app + "/" + file) else {
            throw BenchError("cannot read \(app)/\(file): generate the apps again")
        }
        return String(decoding: data, as: UTF8.self)
    }

    public func write(_ app: String, _ file: String, _ text: String) throws(BenchError) {
        do {
            try AtomicFileWriter.write(Data(text.utf8), to: root + "/" + app + "/" + file)
        } catch {
            throw BenchError(error.description)
        }
    }

    public func size(_ app: String, _ configuration: BenchConfiguration) throws(BenchError) -> BenchSize {
        let products = root + "/" + app + "/.build/" + configuration.rawValue
        let executable = Self.fileSize(products + "/" + BenchApp.appName)
        guard let executable else { throw BenchError("\(app) has no built \(BenchApp.appName) in \(products)") }
        // SwiftPM puts the app's dynamic library products beside the executable.
        let libraries = ((try? FileManager.default.contentsOfDirectory(atPath: products)) ?? []).filter {
            $0.hasPrefix("lib") && $0.hasSuffix(Self.sharedLibrarySuffix)
        }
        return BenchSize(
            executable: executable, libraries: libraries.compactMap { Self.fileSize(products + "/" + $0) }.reduce(0, +), libraryCount: libraries.count
        )
    }

    #if canImport(Darwin)
    static let sharedLibrarySuffix = ".dylib"
    #else
    static let sharedLibrarySuffix = ".so"
    #endif

    static func fileSize(_ path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Int(info.st_size)
    }

    public func launch(_ app: String, _ configuration: BenchConfiguration) async throws(BenchError) -> BenchLaunch {
        let executable = root + "/" + app + "/.build/" + configuration.rawValue + "/" + BenchApp.appName
        let result: Result<BenchLaunch, BenchError> = await withCheckedContinuation { continuation in
            // Blocking (spawn, wait4): on a thread of its own, not one of the few async tasks share.
            Thread {
                continuation.resume(returning: Result { () throws(BenchError) in try Launcher.run(executable) })
            }.start()
        }
        return try result.get()
    }
}

/// Starts an app and waits for it with `posix_spawn` and `wait4`: swift-subprocess reports no
/// resource usage (peak memory is `wait4`'s `ru_maxrss`), and its asynchronous pipes would add to
/// the few milliseconds being measured. The clock is `CLOCK_MONOTONIC`, the one the app reads
/// when its `main` starts.
enum Launcher {
    static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func run(_ executable: String) throws(BenchError) -> BenchLaunch {
        guard FileManager.default.isExecutableFile(atPath: executable) else { throw BenchError("\(executable) is not built") }
        // Output and errors go to files: read after the exit, they cost the run nothing.
        let outputPath = NSTemporaryDirectory() + "strata-bench-\(getpid())-\(UInt32.random(in: 0 ... .max)).out"
        let errorPath = outputPath + ".err"
        defer {
            unlink(outputPath)
            unlink(errorPath)
        }
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var environment = ProcessInfo.processInfo.environment
        environment[LocalBenchMachine.clockVariable] = "1"
        let arguments = [executable]
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = variables.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        var started = now()
        var spawned = posix_spawn(&pid, executable, &actions, nil, &argv, &envp)
        // "Text file busy": something still holds the executable open for writing (a child that
        // inherited the linker's or a writer's descriptor, until it runs its own program). That
        // passes; try again for up to a second.
        var tries = 1
        while spawned == ETXTBSY, tries < 100 {
            usleep(10_000)
            tries += 1
            started = now()
            spawned = posix_spawn(&pid, executable, &actions, nil, &argv, &envp)
        }
        guard spawned == 0 else { throw BenchError("cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { throw BenchError("cannot wait for \(executable): \(String(cString: strerror(errno)))") }
        }
        let ended = now()
        let output = (FileManager.default.contents(atPath: outputPath).map { String(decoding: $0, as: UTF8.self) } ?? "")
        let errors = FileManager.default.contents(atPath: errorPath).map { String(decoding: $0, as: UTF8.self) } ?? ""
        // WIFEXITED / WEXITSTATUS, by hand (macros).
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw BenchError("\(executable) failed (wait status \(status)): \(errors.split(separator: "\n").suffix(5).joined(separator: "\n"))")
        }
        let mainStarted = errors.split(separator: "\n").first { $0.hasPrefix("main-started ") }.flatMap { Int64($0.dropFirst("main-started ".count)) }
        #if canImport(Darwin)
        let peakKB = Int(usage.ru_maxrss) / 1_024  // bytes on macOS
        #else
        let peakKB = Int(usage.ru_maxrss)  // kilobytes on Linux
        #endif
        return BenchLaunch(
            wallTime: .nanoseconds(ended - started), timeToMain: mainStarted.map { .nanoseconds($0 - started) },
            peakMemoryKB: peakKB, output: output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
