import Foundation
import StrataWorkspaceTestSupport
import Testing

/// `strata completions`: the scripts ArgumentParser makes, loaded by the real shells.
@Suite struct CompletionsCommandTests {
    /// What bash offers for each command line, through the function `complete -p strata` names
    /// (called as bash's programmable completion calls it).
    static let bashSession = """
        source <(strata completions bash)
        function=$(complete -p strata | sed -E 's/.*-F ([^ ]+) .*/\\1/')
        offer() {
            COMP_LINE="$1"; COMP_POINT=${#1}
            read -ra COMP_WORDS <<< "$1"
            [[ "$1" == *" " ]] && COMP_WORDS+=("")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); COMPREPLY=()
            "$function" strata "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
            echo "$1=> ${COMPREPLY[*]}"
        }
        offer "strata ch"
        offer "strata check --fo"
        offer "strata check --format "
        offer "strata add "
        """

    static var binaryFolder: String { (Fixtures.strataExecutable as NSString).deletingLastPathComponent }

    @Test func bashLoadsTheScriptAndCompletesCommandsOptionsAndValues() async throws {
        let result = try await StrataBinary.run(
            [], shell: "PATH='\(Self.binaryFolder)':$PATH bash -c \"$BASH_SESSION\"", environment: ["BASH_SESSION": Self.bashSession])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                strata ch=> check
                strata check --fo=> --format
                strata check --format => text json sarif github xcode
                strata add => --version -h --help dependency

                """)
    }

    static let ci = ProcessInfo.processInfo.environment["CI"] != nil

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish") || ci, "needs fish (apt-get install fish); CI installs it"))
    func fishLoadsTheScriptAndCompletes() async throws {
        let result = try await StrataBinary.run(
            [],
            shell:
                "PATH='\(Self.binaryFolder)':$PATH fish -c \"strata completions fish | source; complete -C'strata ch'; complete -C'strata check --format '\""
        )
        #expect(result.status == 0, "\(result.stderr)")
        let offered = result.stdout.split(separator: "\n").map { $0.split(separator: "\t").first.map(String.init) ?? "" }
        #expect(offered == ["check", "text", "json", "sarif", "github", "xcode"])
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") || ci, "needs zsh (apt-get install zsh); CI installs it"))
    func zshLoadsTheScriptAsACompletionFunction() async throws {
        let folder = try Fixtures.temporaryFolder("strata-zsh")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let install = try await StrataBinary.run(["completions", "zsh", "--install", "--directory", folder])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stderr.contains("fpath=(\(folder) $fpath)"))
        // compinit finds _strata on $fpath and binds it to strata, as a user's ~/.zshrc does.
        let result = try await StrataBinary.run(
            [],
            shell:
                "zsh -f -c 'fpath=(\(folder) $fpath); autoload -U compinit; compinit -u -D; echo ${_comps[strata]}; autoload -U +X _strata && whence -w _strata'"
        )
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "_strata\n_strata: function\n")
    }

    @Test func installWritesWhereEachShellLooksByItself() async throws {
        let home = try Fixtures.temporaryFolder("strata-home")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = ["HOME": home, "XDG_DATA_HOME": "", "XDG_CONFIG_HOME": ""]
        for (shell, path) in [
            ("bash", "/.local/share/bash-completion/completions/strata"), ("zsh", "/.local/share/zsh/site-functions/_strata"),
            ("fish", "/.config/fish/completions/strata.fish"),
        ] {
            let result = try await StrataBinary.run(
                ["completions", "--install"], environment: environment.merging(["SHELL": "/bin/" + shell]) { $1 })
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("strata: installed \(shell) completions in \(home + path)"))
            let printed = try await StrataBinary.run(["completions", shell])
            #expect(try String(contentsOfFile: home + path, encoding: .utf8) == printed.stdout)
            // The same script ArgumentParser makes for its own option.
            let generated = try await StrataBinary.run(["--generate-completion-script", shell])
            #expect(printed.stdout == generated.stdout)
        }
    }

    @Test func anUnknownShellIsBadInput() async throws {
        let named = try await StrataBinary.run(["completions", "tcsh"])
        #expect(named.status == 2)
        #expect(named.stderr.contains("[unknown-shell] 'tcsh' is not a shell strata completes"))
        let fromEnvironment = try await StrataBinary.run(["completions"], environment: ["SHELL": "/bin/ksh"])
        #expect(fromEnvironment.status == 2)
        #expect(fromEnvironment.stderr.contains("$SHELL names none strata completes"))
    }
}
