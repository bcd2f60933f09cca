import ArgumentParser
import Foundation
import StrataCommandLine
import StrataDiagnostics
import StrataPackageIdentity
import StrataPublish
import StrataRelease

/// `strata release`: the release train.
struct ReleaseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "release",
        abstract: "Release changed modules: bump, changelog, tag, publish, and update their dependents in order.",
        discussion: """
            For the modules distributed through the registry ('distribution: registry'): every module \
            changed since its '<Module>/<version>' tag (or the ones named) gets the bump its API change \
            calls for, compared at the tag and at HEAD by 'swift package diagnose-api-breaking-changes' \
            (breaking: major, additions: minor, otherwise patch; below 1.0.0 breaking is minor). Every \
            module that uses a new major has its requirement raised and is released too (every \
            dependent with --cascade), each after the modules it uses. Each module's package is built \
            and tested first; then strata.versions.yml, CHANGELOG.md entries and the Package.swift files \
            are committed, each module is tagged and published. --dry-run prints the plan; a train that \
            stops (a refused publish, the network) is finished by --continue. See docs/RELEASING.md.
            Exit status: 0 released (or nothing to release), 1 a check, the commit or the registry \
            failed, 2 bad input.

            Examples:
              The release plan for every changed module:
                strata release --dry-run
              Release one module and every module that uses it:
                strata release Telemetry --cascade
              Finish a release train that stopped:
                strata release --continue
            """
    )

    @Argument(help: "The modules to release (default: every module changed since its last release).")
    var modules: [String] = []

    @Option(name: [.customShort("w"), .customLong("workspace")], help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Option(
        help: ArgumentHelp(
            "Release the modules with this bump (major, minor or patch) instead of the one their API change calls for.", valueName: "bump"))
    var bump: String?

    /// `--bump` as a bump.
    var chosenBump: Bump? { bump.flatMap(Bump.init(rawValue:)) }

    @Flag(help: "Raise every dependent's requirement and release it, not only those that use a new major.")
    var cascade = false

    @Flag(help: "Print the plan and change nothing.")
    var dryRun = false

    @Option(help: "Output format of the plan: text or json.")
    var format: ReleaseFormat = .text

    @Flag(name: .customLong("continue"), help: "Finish the release that stopped (publishes what the registry lacks).")
    var resume = false

    @Flag(name: .customLong("no-verify"), help: "Do not build and test each module's package before releasing it.")
    var noVerify = false

    @Option(help: ArgumentHelp("The version of a module's first release.", valueName: "version"))
    var firstVersion: String = "1.0.0"

    @Option(help: ArgumentHelp("The registry's URL instead of strata.yml's 'registry.url'.", valueName: "url"))
    var registry: String?

    @Option(help: ArgumentHelp("A file holding the registry token (default: $STRATA_REGISTRY_TOKEN).", valueName: "file"))
    var tokenFile: String?

    func validate() throws {
        if resume && (dryRun || !modules.isEmpty || bump != nil) {
            throw ValidationError("--continue finishes the release in progress as it was planned: it takes no modules, --bump or --dry-run")
        }
        if let bump, chosenBump == nil { throw ValidationError("--bump \(bump): use major, minor or patch") }
        if SemanticVersion(firstVersion) == nil { throw ValidationError("--first-version \(firstVersion) is not a semantic version (e.g. 1.0.0)") }
    }

    func run() async throws {
        let train = ReleaseTrain(
            path: path, modules: modules, bump: chosenBump, cascade: cascade, dryRun: dryRun, resume: resume, verify: !noVerify,
            firstVersion: SemanticVersion(firstVersion)!, registryURL: registry, tokenFile: tokenFile)
        let report: ReleaseReport
        do {
            report = try await train.run { event in Terminal.standardError(event.line) }
        } catch let errors as InputErrors {
            throw errors
        } catch let failure as ReleaseFailure {
            Terminal.standardError([Diagnostic(id: failure.id, severity: .error, message: failure.message, location: nil, hint: failure.hint)])
            throw ExitCode(1)
        } catch let refusal as RegistryRefusal {
            Terminal.standardError(
                "strata: error: \(refusal.description)\nstrata: the release is committed and tagged; 'strata release --continue' publishes the rest")
            throw ExitCode(1)
        } catch {
            Terminal.standardError("strata: error: \(error)\nstrata: 'strata release --continue' finishes the release once the cause is fixed")
            throw ExitCode(1)
        }
        for note in report.notes { Terminal.standardError("strata: note: \(note)") }
        switch format {
        case .json: Terminal.standardOutput(report.json)
        case .text: Terminal.standardOutput(report.plan.table)
        }
        Terminal.standardError(report.summary(dryRun: dryRun))
    }
}

enum ReleaseFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

extension ReleaseProgress {
    /// The progress line for standard error.
    var line: String {
        switch self {
        case .comparing(let module): "strata: comparing the API of \(module) with its last release (swift package diagnose-api-breaking-changes)"
        case .comparedBefore(let module): "strata: the API of \(module) was compared with its last release before, on the same files (cached)"
        case .checking(let module, let step): "strata: checking \(module): \(step)"
        case .committed(let commit): "strata: committed the release as \(commit.prefix(12))"
        case .tagged(let tag): "strata: tagged \(tag)"
        case .published(_, let identity, let version): "strata: published \(identity) \(version)"
        case .alreadyPublished(let module, let version): "strata: \(module) \(version) is in the registry already"
        }
    }
}

extension ReleasePlan {
    /// The plan as a table: module, version change, bump, why, dependents; the API changes that
    /// decided a bump below its module.
    var table: String {
        guard !steps.isEmpty else { return "" }
        var rows = [["MODULE", "VERSION", "BUMP", "WHY", "DEPENDENTS"]]
        var details: [Int: [String]] = [:]
        for step in steps {
            rows.append([
                step.module, "\(step.from ?? "-") → \(step.to)", step.bump?.description ?? "first", step.reasons.joined(separator: "; "),
                step.dependents.isEmpty ? "-" : step.dependents.joined(separator: ", "),
            ])
            let lines =
                step.apiDetails.map { "\(step.api == .breaking ? "breaks" : "adds"): \($0)" }
                + (step.from == nil ? [] : step.raises.map { "requires \($0.dependency) \($0.to) (was \($0.from ?? "none"))" })
            if !lines.isEmpty { details[rows.count - 1] = lines }
        }
        let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var text = ""
        for (index, row) in rows.enumerated() {
            text += (0..<4).map { row[$0].padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ") + "  " + row[4] + "\n"
            let indent = String(repeating: " ", count: widths[0] + 2)
            for line in details[index] ?? [] { text += indent + "  " + line + "\n" }
        }
        return text
    }
}

extension ReleaseReport {
    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(self)) ?? Data(), as: UTF8.self) + "\n"
    }

    func summary(dryRun: Bool) -> String {
        let count = plan.steps.count
        if count == 0 { return "strata: nothing to release: no registry module changed since its last release" }
        if dryRun { return "strata: \(count) module\(count == 1 ? "" : "s") would be released (--dry-run: nothing was changed)" }
        var lines = ["strata: released \(plan.steps.map { "\($0.module) \($0.to)" }.joined(separator: ", "))"]
        if !alreadyPublished.isEmpty { lines.append("strata: \(alreadyPublished.joined(separator: ", ")) had been published already") }
        lines.append("strata: push the release commit and its tags: git push --follow-tags")
        return lines.joined(separator: "\n")
    }
}
