import ArgumentParser
import StrataCommandLine
import StrataRelease

/// `strata migrate tags`: the release train's starting point for migrated pods.
struct MigrateTagsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tags",
        abstract: "Tag HEAD <Module>/<version> for each migrated module strata.versions.yml records, so 'strata release' continues from it.",
        discussion: """
            After 'strata migrate' of pods (strata.yml naming a registry) wrote strata.versions.yml \\
            with each pod's last release, and the migration is committed: each module the record \\
            gives a version and no release tag yet is tagged on HEAD (annotated). The next \\
            'strata release' compares each module's API with HEAD and numbers its release after \\
            the pod's last version. The work tree must be clean and strata.versions.yml committed; \\
            a module with a release tag already is an error (version-mismatch). Push the tags \\
            with 'git push --tags'. See docs/MIGRATING-FROM-COCOAPODS.md.
            Exit status: 0 tagged (or tagged already), 2 bad input.

            Examples:
              The tags it would make:
                strata migrate tags --dry-run
              Tag the migration commit:
                strata migrate tags
            """
    )

    @Argument(help: "The workspace folder (holding strata.yml) or the strata.yml itself.")
    var path: String = "."

    @Flag(help: "Say which tags would be made, and make none.")
    var dryRun = false

    func run() async throws {
        let outcomes = try await MigrationTags.run(path: path, dryRun: dryRun)
        for outcome in outcomes {
            let verb = outcome.existed ? "already tagged" : dryRun ? "would tag" : "tagged"
            Terminal.standardOutput("\(verb) \(outcome.tag)\n")
        }
        let made = outcomes.filter { !$0.existed }.count
        Terminal.standardError(
            "strata: \(made) tag\(made == 1 ? "" : "s") \(dryRun ? "to make (dry run)" : "made") on HEAD; next: 'git push --tags', then 'strata release' continues from them"
        )
    }
}
