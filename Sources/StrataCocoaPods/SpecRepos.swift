import Foundation
package import StrataDiagnostics
import StrataFileSystem
import StrataManifest
import StrataProjectFormat

/// CocoaPods spec repos given as folders (`Specs/<Name>/<version>/<Name>.podspec(.json)`, or the
/// same layout without `Specs/`): where an external pod's version is chosen by its
/// requirements, as `pod install` would choose it, and its module name read.
package struct SpecRepos: Sendable {
    /// Absolute folders holding one folder per pod.
    package let folders: [String]
    let files: any WorkspaceFiles

    init(_ entries: [Located<String>], root: String, files: any WorkspaceFiles) throws(InputErrors) {
        var folders: [String] = []
        var problems: [Diagnostic] = []
        for entry in entries {
            let folder = PathResolution.resolve(entry.value, in: root)
            guard files.exists(folder) else {
                problems.append(
                    .inputError("missing-file", "there is no spec repo at '\(entry.value)'", at: entry.location, hint: "fix 'adopt.spec-repos'"))
                continue
            }
            folders.append(files.exists(folder + "/Specs") ? folder + "/Specs" : folder)
        }
        if !problems.isEmpty { throw InputErrors(problems) }
        self.folders = folders
        self.files = files
    }

    /// The spec of the external pod `pod`: the newest version in the repos that meets
    /// `requirements`; nil when no repos are given.
    package func spec(of pod: String, requirements: [String], at location: SourceLocation) throws(InputErrors) -> Podspec? {
        guard !folders.isEmpty else { return nil }
        var available: [String] = []
        var withoutSpec: [String] = []
        for folder in folders {
            let versions = files.children(of: folder + "/" + pod).filter { !$0.hasPrefix(".") }
            available += versions
            let meeting = versions.filter { version in requirements.allSatisfy { Self.version(version, meets: $0) } }
            guard let newest = meeting.max(by: { Self.compare($0, $1) < 0 }) else { continue }
            let base = "\(folder)/\(pod)/\(newest)/\(pod)"
            if let path = [base + ".podspec.json", base + ".podspec"].first(where: files.exists) {
                return try Podspec.read(at: path, files: files)
            }
            withoutSpec.append("\(folder)/\(pod)/\(newest)")
        }
        if let folder = withoutSpec.first {
            let held = files.children(of: folder).filter { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }.sorted()
            throw InputErrors([
                .inputError(
                    "invalid-podspec",
                    "the spec repo's folder for pod '\(pod)' \(PathResolution.name(of: folder)) holds no \(pod).podspec or \(pod).podspec.json"
                        + (held.isEmpty ? "" : " (it holds \(held.joined(separator: ", ")))"),
                    at: location,
                    hint:
                        "a spec repo keeps each version as Specs/<Name>/<version>/<Name>.podspec(.json): rename the file in '\(folder)', or fix the pod's name"
                )
            ])
        }
        if available.isEmpty {
            throw InputErrors([
                .inputError(
                    "unknown-dependency", "pod '\(pod)' is in none of the spec repos", at: location,
                    hint: "add the repo that holds it to 'adopt.spec-repos', or fix the pod's name")
            ])
        }
        throw InputErrors([
            .inputError(
                "unknown-dependency",
                "no version of pod '\(pod)' in the spec repos meets \(requirements.map { "'\($0)'" }.joined(separator: ", "))",
                at: location, hint: "the repos have \(available.sorted { Self.compare($0, $1) < 0 }.joined(separator: ", "))")
        ])
    }

    /// Whether `version` meets one CocoaPods requirement (`~> 1.2`, `>= 1.0`, `< 2`, `1.4.0`, …).
    package static func version(_ version: String, meets requirement: String) -> Bool {
        let trimmed = requirement.trimmingCharacters(in: .whitespaces)
        for op in ["~>", ">=", "<=", "!=", ">", "<", "="] where trimmed.hasPrefix(op) {
            let target = trimmed.dropFirst(op.count).trimmingCharacters(in: .whitespaces)
            let order = compare(version, target)
            switch op {
            case "~>":
                // At least the version, below the next release of its second-to-last segment.
                var parts = target.split(separator: ".").compactMap { Int($0) }
                guard order >= 0, !parts.isEmpty else { return false }
                if parts.count > 1 { parts.removeLast() }
                parts[parts.count - 1] += 1
                return compare(version, parts.map(String.init).joined(separator: ".")) < 0
            case ">=": return order >= 0
            case "<=": return order <= 0
            case "!=": return order != 0
            case ">": return order > 0
            case "<": return order < 0
            default: return order == 0
            }
        }
        return compare(version, trimmed) == 0
    }

    /// Compares versions segment by segment (numbers as numbers), a missing segment as 0.
    package static func compare(_ a: String, _ b: String) -> Int {
        let left = a.split(separator: "."), right = b.split(separator: ".")
        for index in 0..<max(left.count, right.count) {
            let x = index < left.count ? left[index] : "0", y = index < right.count ? right[index] : "0"
            if let m = Int(x), let n = Int(y) {
                if m != n { return m < n ? -1 : 1 }
            } else if x != y {
                return x < y ? -1 : 1
            }
        }
        return 0
    }
}
