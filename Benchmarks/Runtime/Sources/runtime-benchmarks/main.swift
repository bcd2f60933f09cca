// Runtime benchmarks: StrataDI against Swinject 2.10 and swift-dependencies 1.17, and
// StrataRouting's match time, side by side in one process. Results go to docs/BENCHMARKS.md.
import Foundation

let arguments = Set(CommandLine.arguments.dropFirst())
let all = arguments.isEmpty

if all || arguments.contains("di") {
    for threads in [1, 2] {
        print(
            threads == 1
                ? "\nDependency injection, one thread (per resolve)"
                : "\nDependency injection, both cores resolving at once (per resolve, per thread)")
        print("| case | StrataDI | Swinject | swift-dependencies | Swinject / StrataDI |")
        print("|---|---:|---:|---:|---:|")
        for row in diRows(threads: threads) {
            print(
                "| \(row.name) | \(format(row.strata)) | \(format(row.swinject)) | \(row.dependencies.map(format) ?? "n/a") | \(times(row.swinjectRatio)) |"
            )
        }
    }
}

if all || arguments.contains("memory") {
    let growth = memoryGrowth(strataCount: 10_000_000, swinjectCount: 1_000_000)
    print("\nResident memory growth in the default scope")
    print("StrataDI, 10,000,000 resolves: \(growth.strata / 1_048_576) MB")
    print("Swinject, 1,000,000 resolves: \(growth.swinject / 1_048_576) MB")
}

// Its own group, run in a fresh process: memory the groups above freed would be reused unseen.
if arguments.contains("registrations") {
    let growth = registrationGrowth(count: 100_000)
    print("\nResident memory growth over 100,000 registrations of one key, each followed by a resolve")
    print("StrataDI: \(growth.strata / 1_048_576) MB, Swinject: \(growth.swinject / 1_048_576) MB")
}

if all || arguments.contains("router") {
    print("\nRouter match (per URL)")
    print("| patterns | StrataRouting (median) | StrataRouting (best round) | linear scan | scan / StrataRouting |")
    print("|---:|---:|---:|---:|---:|")
    for row in routerRows() {
        print("| \(row.patterns) | \(format(row.strata)) | \(format(row.strataBest)) | \(format(row.linear)) | \(times(row.ratio)) |")
    }
}
