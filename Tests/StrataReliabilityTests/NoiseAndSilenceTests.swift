import Foundation
import StrataWorkspaceTestSupport
import Testing

/// Repeated warnings are summed up, `--quiet` prints errors only, a long run shows what it is
/// doing on a terminal (and nowhere else), and mistakes on the command line are explained.
@Suite struct NoiseAndSilenceTests {
    /// A generate-mode workspace of `modules` modules and no sources at all.
    static func workspaceWithoutSources(modules: Int) throws -> TemporaryWorkspace {
        let entries = (1...modules).map { "  Module\($0): { layer: core }" }.joined(separator: "\n")
        return try TemporaryWorkspace("name: Empty\nlayers: [core]\nmodules:\n\(entries)\n", label: "strata-noise")
    }

    @Test func repeatedWarningsAreSummedUpAfterTheFirstFew() async throws {
        let workspace = try Self.workspaceWithoutSources(modules: 12)
        let result = try await RunningStrata.run(["generate"], in: workspace.root)
        #expect(result.ending == .exited(0), "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.contains("warning: [missing-sources]") }
        #expect(warnings.count == 3)
        // 12 modules, each with an implementation and a tests target: 24 warnings in all.
        #expect(result.stderr.contains("strata: … and 21 more [missing-sources] warnings like these (--verbose lists them all, --quiet none)"))
        #expect(result.stderr.contains("strata: created Package.swift"), "\(result.stderr)")
    }

    /// `strata check`'s text report sums them up the same way; JSON and SARIF list every one.
    @Test func checkSumsUpRepeatedWarningsInTextOnly() async throws {
        let workspace = try TemporaryWorkspace("name: Links\nlayers: [core]\nmodules:\n  Core: { layer: core }\n", label: "strata-noise")
        try workspace.write("Sources/Core/Core.swift", "public struct Core {}\n")
        for index in 1...10 {
            try FileManager.default.createSymbolicLink(
                atPath: workspace.root + "/Sources/Core/Gone\(index).swift", withDestinationPath: workspace.root + "/nowhere\(index).swift")
        }
        let text = try await RunningStrata.run(["check"], in: workspace.root)
        #expect(text.ending == .exited(0), "\(text.stdout)")
        #expect(text.stdout.split(separator: "\n").filter { $0.contains("warning: [broken-symlink]") }.count == 3, "\(text.stdout)")
        #expect(text.stdout.contains("… and 7 more [broken-symlink] warnings like these (--verbose lists them all, --quiet none)"))
        #expect(text.stdout.contains("0 errors, 10 warnings"), "\(text.stdout)")
        let verbose = try await RunningStrata.run(["check", "--verbose"], in: workspace.root)
        #expect(verbose.stdout.split(separator: "\n").filter { $0.contains("warning: [broken-symlink]") }.count == 10)
        let json = try await RunningStrata.run(["check", "--format", "json"], in: workspace.root)
        #expect(json.stdout.components(separatedBy: "\"broken-symlink\"").count - 1 == 10)
    }

    @Test func verboseListsEveryWarningAndQuietNone() async throws {
        let workspace = try Self.workspaceWithoutSources(modules: 12)
        let verbose = try await RunningStrata.run(["generate", "--verbose"], in: workspace.root)
        #expect(verbose.stderr.split(separator: "\n").filter { $0.contains("warning: [missing-sources]") }.count == 24)
        let quiet = try await RunningStrata.run(["generate", "--quiet"], in: workspace.root)
        #expect(quiet.ending == .exited(0))
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
    }

    @Test func manyWrittenFilesAreCountedNotListed() async throws {
        let root = try Fixtures.temporaryFolder("strata-many-files")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let synthesize = try await RunningStrata.run(["synthesize", "--modules", "40", "--output", root], in: root)
        #expect(synthesize.ending == .exited(0))
        let manifest = try String(contentsOfFile: root + "/strata.yml", encoding: .utf8)
        try manifest.replacingOccurrences(of: "\nmodules:\n", with: "\ngenerate: { layout: packages }\nmodules:\n")
            .write(toFile: root + "/strata.yml", atomically: true, encoding: .utf8)
        let result = try await RunningStrata.run(["generate", "--quiet"], in: root)
        #expect(result.ending == .exited(0))
        let second = try await RunningStrata.run(["generate"], in: root)
        #expect(second.stderr.contains("strata: 41 generated files are up to date; nothing was written"), "\(second.stderr)")
        try FileManager.default.removeItem(atPath: root + "/Packages")
        let third = try await RunningStrata.run(["generate"], in: root)
        #expect(third.stderr.contains("strata: created 40 files (--verbose lists them)"), "\(third.stderr)")
        #expect(!third.stderr.contains("strata: created Packages/"))
    }

    /// Runs `command` under script(1), so that its standard error is a terminal.
    static func onATerminal(_ command: String, in folder: String) async throws -> String {
        let result = try await ProcessRunner.run(
            "/usr/bin/script", ["-qec", command, "/dev/null"], in: folder,
            environment: ["STRATA_PROGRESS_DELAY_MS": "0", "TERM": "xterm", "NO_COLOR": "1"])
        return result.output
    }

    @Test func aLongCheckShowsItsProgressOnATerminalOnly() async throws {
        let root = try Fixtures.temporaryFolder("strata-progress")
        defer { try? FileManager.default.removeItem(atPath: root) }
        let synthesize = try await RunningStrata.run(["synthesize", "--modules", "1500", "--output", root], in: root)
        #expect(synthesize.ending == .exited(0))
        let binary = RunningStrata.binary
        let terminal = try await Self.onATerminal("'\(binary)' check --no-cache", in: root)
        #expect(terminal.contains("strata: loading the workspace…"), "\(terminal.prefix(300))")
        #expect(terminal.contains("\r\u{1B}[2KSynthetic1500: "), "the line is erased before the summary")
        for quiet in ["--format json", "--quiet", "--format sarif"] {
            let output = try await Self.onATerminal("'\(binary)' check --no-cache \(quiet)", in: root)
            #expect(!output.contains("strata: loading the workspace"), "\(quiet)")
        }
        // Not in a pipe either, even with the delay at zero.
        let piped = try await RunningStrata.run(["check", "--no-cache"], in: root, environment: ["STRATA_PROGRESS_DELAY_MS": "0"])
        #expect(!piped.stderr.contains("loading the workspace"))
    }

    @Test func aMistypedCommandIsNamedWithTheNearestOne() async throws {
        let result = try await RunningStrata.run(["chek", "Examples/ISS"], in: Fixtures.repositoryRoot)
        #expect(result.ending == .exited(2))
        #expect(result.stderr == "strata: error: 'chek' is not a strata command\n    hint: did you mean 'check'? (see 'strata --help')\n")
    }

    @Test func aMistypedSubcommandIsNamedWithTheNearestOneAtItsLevel() async throws {
        let result = try await RunningStrata.run(["add", "dependancy", "Suit", "Logging"], in: Fixtures.repositoryRoot)
        #expect(result.ending == .exited(2))
        #expect(
            result.stderr
                == "strata: error: 'dependancy' is not a strata add command\n    hint: did you mean 'dependency'? (see 'strata add --help')\n")
    }

    /// An argument's control characters (an escape sequence that would recolour or clear the
    /// terminal) are shown escaped, never sent to the terminal as they are.
    @Test func controlCharactersInArgumentsAreShownNotObeyed() async throws {
        for arguments in [["check", "\u{1B}[2J\u{07}nowhere"], ["\u{1B}[31mchek"], ["check", "--format", "\u{1B}[31mx"]] {
            let result = try await RunningStrata.run(arguments, in: Fixtures.repositoryRoot)
            #expect(result.ending == .exited(2), "\(arguments)")
            let output = result.stdout + result.stderr
            #expect(!output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 }, "\(arguments): \(output.debugDescription)")
            #expect(output.contains("\\u{1b}["), "\(arguments): \(output)")
        }
    }

    @Test func anOutputFolderThatCannotBeMadeIsAPlainError() async throws {
        let result = try await RunningStrata.run(
            ["synthesize", "--modules", "3", "--output", "/proc/strata-cannot-exist"], in: Fixtures.repositoryRoot)
        #expect(result.ending == .exited(2))
        #expect(result.stderr.contains("error: [write-failed] cannot write '/proc/strata-cannot-exist'"), "\(result.stderr)")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
    }
}
