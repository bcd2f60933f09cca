import Foundation
public import StrataDiagnostics
import StrataFileSystem

/// `strata bench run` as one call: checks what is asked against the benchmark's index, keeps
/// the figures of an interrupted run when resuming, measures the rest on this machine (keeping
/// the figures after each app, for a later resume), and describes the machine.
public struct BenchSession: Sendable {
    /// The folder `strata bench generate` wrote, absolute.
    public var root: String
    public var options: BenchRun.Options
    /// Keep the apps an interrupted run with the same options measured.
    public var resume: Bool

    public init(root: String, options: BenchRun.Options, resume: Bool) {
        self.root = root
        self.options = options
        self.resume = resume
    }

    /// What was measured, and how many apps' figures an earlier run gave.
    public struct Outcome: Sendable {
        public var results: BenchResults
        public var kept: Int
    }

    /// Where the figures of the apps measured so far are kept.
    public var measuredPath: String { root + "/" + BenchRun.measuredName }

    /// Measures the benchmark. Throws `InputErrors` for bad input (an unreadable index, an app
    /// `--only` does not know, figures to resume from other options) and `BenchError` when an app
    /// does not build or run. `nothingToResume` is told the path of the figures a resumed run
    /// looked for and did not find (every app is measured then).
    public func measure(
        nothingToResume: (String) -> Void = { _ in }, progress: @escaping @Sendable (BenchRun.Progress) -> Void
    ) async throws -> Outcome {
        let index = try BenchGenerator.index(of: root)
        if let only = options.only, let unknown = only.first(where: { name in !index.apps.contains { $0.folder == name } }) {
            throw InputErrors(
                .inputError(
                    "unknown-app", "'\(unknown)' is not an app of this benchmark", at: .file(root + "/" + BenchGenerator.indexName),
                    hint: "its apps: " + index.apps.map(\.folder).joined(separator: ", ")))
        }
        let measured = try resume ? earlierFigures(index: index, nothingToResume: nothingToResume) : []
        if !resume { try? FileManager.default.removeItem(atPath: measuredPath) }
        let machine = LocalBenchMachine(root: root)
        var soFar = BenchResults(matrix: index.matrix, options: options, apps: measured)
        let measuredPath = measuredPath
        var results = try await BenchRun(index: index, options: options, machine: machine).run(measured: measured) {
            (app: BenchAppResult) throws(BenchError) in
            // After each app, its figures are kept: a run cut short resumes from them.
            soFar.apps.append(app)
            do {
                try AtomicFileWriter.write(Data(BenchReport.json(soFar).utf8), to: measuredPath)
            } catch {
                throw BenchError("cannot keep the figures so far in \(measuredPath): \(error)")
            }
        } progress: {
            progress($0)
        }
        results.machine = await MachineDescription.current(toolchain: machine.toolchainVersion())
        results.date = ISO8601DateFormatter().string(from: Date())
        return Outcome(results: results, kept: measured.count)
    }

    /// The apps an interrupted run measured, from its figures so far, if they were measured with
    /// these options (which apps were asked for may differ); none if there are none.
    func earlierFigures(index: BenchGenerator.Index, nothingToResume: (String) -> Void) throws(InputErrors) -> [BenchAppResult] {
        guard FileManager.default.fileExists(atPath: measuredPath) else {
            nothingToResume(measuredPath)
            return []
        }
        let earlier = try BenchResults.read(
            at: measuredPath, describedAs: "the figures of the earlier run", hint: "run again without --resume to measure every app")
        var asked = options
        var before = earlier.options
        asked.only = nil
        before.only = nil
        guard asked == before, earlier.matrix == index.matrix else {
            throw InputErrors(
                .inputError(
                    "resume-mismatch", "the earlier run measured with other options (\(Self.describe(earlier.options)))", at: .file(measuredPath),
                    hint: "resume with the same --repetitions, --launches and --configuration, or run again without --resume"))
        }
        return earlier.apps
    }

    static func describe(_ options: BenchRun.Options) -> String {
        "--repetitions \(options.repetitions) --launches \(options.launches) --configuration "
            + options.configurations.map(\.rawValue).joined(separator: ",")
    }
}

extension BenchResults {
    /// The JSON results of a run in `path`; an `unreadable-results` error if they cannot be
    /// read, saying what was being read and what to do.
    public static func read(at path: String, describedAs what: String, hint: String) throws(InputErrors) -> BenchResults {
        do {
            return try JSONDecoder().decode(BenchResults.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw InputErrors(.inputError("unreadable-results", "cannot read \(what): \(error)", at: .file(path), hint: hint))
        }
    }
}

/// This machine in a line, for the results: the system, the processor and its cores, the toolchain.
public enum MachineDescription {
    public static func current(toolchain: String?) -> String {
        var system = utsname()
        uname(&system)
        func field<T>(_ value: T) -> String {
            withUnsafeBytes(of: value) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        }
        let cpu = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.split(separator: "\n")
            .first { $0.hasPrefix("model name") }.map {
                $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        return "\(field(system.sysname)) \(field(system.release)) \(field(system.machine)), \(cpu ?? "unknown processor"), \(cores) cores, "
            + (toolchain ?? "unknown Swift toolchain")
    }
}
