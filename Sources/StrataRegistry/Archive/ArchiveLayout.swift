/// The paths of a source archive below its top-level folder, and its symbolic links, checked as
/// the file system would see them once the archive is extracted.
///
/// A link is resolved component by component through the archive's own links (`l2 -> l1/..`
/// goes through `l1` first), as `readlink -f` would after `unzip`: every link must end inside the
/// package, never loop, and take at most `maximumLinksFollowed` links to resolve. No entry may lie
/// inside a link (`lib/x` where `lib` is a link): extracting it would write wherever `lib` leads.
struct ArchiveLayout {
    /// Links followed while resolving one link, at most (Linux gives up at 40 too).
    static let maximumLinksFollowed = 40

    /// Every entry's path components, below the top-level folder.
    var entries: [[String]] = []
    /// Each link's path (below the top-level folder, joined by `/`) → its target as written.
    var links: [String: String] = [:]

    func check() throws(SourceArchiveValidator.Problem) {
        guard !links.isEmpty else { return }
        for entry in entries where entry.count > 1 {
            for length in 1..<entry.count where links[entry.prefix(length).joined(separator: "/")] != nil {
                let link = entry.prefix(length).joined(separator: "/")
                throw problem("'\(entry.joined(separator: "/"))' lies inside the symbolic link '\(link)'")
            }
        }
        for (path, target) in links.sorted(by: { $0.key < $1.key }) {
            _ = try resolve(target, from: Array(path.split(separator: "/").dropLast().map(String.init)), link: path)
        }
    }

    /// Where `target`, written in the folder `folder`, leads: path components below the top-level
    /// folder, every link on the way followed.
    func resolve(_ target: String, from folder: [String], link: String) throws(SourceArchiveValidator.Problem) -> [String] {
        if target.hasPrefix("/") { throw problem("the symbolic link '\(link)' points to the absolute path '\(target)'") }
        var resolved = folder
        var pending = target.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var followed = 0
        while !pending.isEmpty {
            let part = pending.removeFirst()
            switch part {
            case ".":
                continue
            case "..":
                guard !resolved.isEmpty else { throw problem("the symbolic link '\(link)' points outside the package: '\(target)'") }
                resolved.removeLast()
            default:
                resolved.append(part)
                guard let next = links[resolved.joined(separator: "/")] else { continue }
                followed += 1
                if followed > Self.maximumLinksFollowed {
                    throw problem("the symbolic link '\(link)' takes more than \(Self.maximumLinksFollowed) links to resolve, or loops")
                }
                if next.hasPrefix("/") {
                    throw problem("the symbolic link '\(link)' leads through '\(resolved.joined(separator: "/"))' to the absolute path '\(next)'")
                }
                resolved.removeLast()
                pending = next.split(separator: "/", omittingEmptySubsequences: true).map(String.init) + pending
            }
        }
        return resolved
    }

    private func problem(_ detail: String) -> SourceArchiveValidator.Problem {
        SourceArchiveValidator.Problem(status: 422, detail: detail)
    }
}
