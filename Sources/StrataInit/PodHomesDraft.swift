import Foundation
import StrataCocoaPods
import StrataDiagnostics
import StrataGit
import StrataManifest

/// The `pods.yml` `strata migrate` writes when there is none: every external pod the workspace
/// uses, for the team to give a package. A pod whose podspec's source is a git repository at
/// hand (a folder or `file://` URL) that holds a Package.swift at the version's tag is filled
/// in: its URL, the requirement, and the library product named after its module (else the
/// first); every other pod is left `~`, with its requirement and where its sources are.
enum PodHomesDraft {
    static func text(for externals: [(pod: String, requirements: [String])], pods: PodsWorkspace) async -> String? {
        guard !externals.isEmpty else { return nil }
        var lines = [
            "# pods.yml: where each external pod comes from once the workspace builds with SwiftPM.",
            "# Give each a package: { url: <git URL>, from: <version>, product: <library product> }",
            "# (or exact:, branch:, revision:). 'strata migrate' reads it; a pod left '~' has no home yet.",
            "pods:",
        ]
        for (pod, requirements) in externals.sorted(by: { $0.pod < $1.pod }) {
            lines.append("  \(ManifestEditor.scalar(pod)): " + (await entry(pod, requirements: requirements, pods: pods)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func entry(_ pod: String, requirements: [String], pods: PodsWorkspace) async -> String {
        let name = String(pod.split(separator: "/").first ?? Substring(pod))
        let location = SourceLocation(path: pods.podfile?.path ?? "", line: 1, column: 1)
        let spec = (try? pods.repos.spec(of: name, requirements: requirements, at: location)) ?? nil
        var comment = requirements.isEmpty ? "" : " # \(requirements.joined(separator: ", "))"
        guard let spec, let source = spec.source, let git = source.git else { return "~" + comment }
        let revision = source.tag ?? source.commit
        comment += (comment.isEmpty ? " #" : ";") + " its podspec's source: \(git)" + (revision.map { " @ \($0)" } ?? "")
        guard let revision, let folder = localFolder(git),
            let manifest = await GitRepository.file("Package.swift", at: revision, inRepository: folder)
        else { return "~" + comment }
        let products = libraryProducts(in: String(decoding: manifest, as: UTF8.self))
        let product = products.contains(spec.module) ? spec.module : products.first ?? spec.module
        return
            "{ url: \(ManifestEditor.scalar(git)), \(requirement(requirements, version: spec.version)), product: \(ManifestEditor.scalar(product)) }"
            + " # Package.swift seen at \(revision)"
    }

    /// A git source that is a folder on this machine: an absolute path or a `file://` URL.
    static func localFolder(_ git: String) -> String? {
        let path = git.hasPrefix("file://") ? String(git.dropFirst("file://".count)) : git
        guard path.hasPrefix("/") else { return nil }
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? path : nil
    }

    /// `from:` the lowest version CocoaPods allowed (or `exact:`), as strata.yml says it.
    static func requirement(_ requirements: [String], version: String) -> String {
        switch try? PodRequirement(requirements) {
        case .exact(let version)?: return "exact: \(version)"
        case .upToNextMajor(let lower)?, .upToNextMinor(let lower)?, .range(let lower, _)?, .openEnded(let lower)?:
            return "from: \(lower)"
        case nil: return "from: \(version)"
        }
    }

    /// The names of `.library(name: "…")` products in a Package.swift's text.
    static func libraryProducts(in manifest: String) -> [String] {
        guard let pattern = try? NSRegularExpression(pattern: #"\.library\(\s*name:\s*"([^"]+)""#) else { return [] }
        let range = NSRange(manifest.startIndex..., in: manifest)
        return pattern.matches(in: manifest, range: range).compactMap { match in
            Range(match.range(at: 1), in: manifest).map { String(manifest[$0]) }
        }
    }
}
