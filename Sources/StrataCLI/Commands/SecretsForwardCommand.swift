import ArgumentParser
import Foundation
import StrataCommandLine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `strata secrets …`: runs `strata-secrets`, installed beside `strata`, with the same arguments.
/// Its commands need swift-crypto (BoringSSL), which would otherwise make every build of
/// `strata` minutes longer, for one command.
struct SecretsForwardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "secrets",
        abstract: "Keep the team's secrets encrypted in the repository, readable by its members only (see 'strata secrets --help').",
        discussion: """
            Examples:
              Start the team's secrets with you as the first member:
                strata secrets init --name alice
              Set a secret from standard input:
                strata secrets set apiKey < api-key.txt
            """,
        shouldDisplay: true
    )

    @Argument(parsing: .allUnrecognized, help: "The secrets command and its arguments.")
    var arguments: [String] = []

    /// Not reached from the command line: `StrataMain` forwards `strata secrets …` before parsing,
    /// so that `strata secrets --help` is strata-secrets' help. Here for `strata help secrets`.
    func run() throws { Self.forward(arguments) }

    /// Replaces this process with `strata-secrets arguments…`; exits 2 if it cannot.
    static func forward(_ arguments: [String]) -> Never {
        let executable = strataSecretsPath()
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            Terminal.standardError(
                "strata: error: 'strata secrets' runs \(executable), which is not there\n    hint: build it with 'swift build --product strata-secrets', or install it beside strata"
            )
            Foundation.exit(2)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        execv(executable, argv)
        Terminal.standardError("strata: error: cannot run \(executable): \(String(cString: strerror(errno)))")
        Foundation.exit(2)
    }

    /// `strata-secrets` in the folder of the running `strata` (its real path, links resolved).
    static func strataSecretsPath() -> String {
        #if os(Linux)
        let running = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        #else
        let running = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        #endif
        return URL(fileURLWithPath: running).deletingLastPathComponent().appendingPathComponent("strata-secrets").path
    }
}
