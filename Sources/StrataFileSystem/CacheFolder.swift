import Foundation

/// A folder of cache entries, one file each, kept to a size.
public enum CacheFolder {
    /// Once `folder` holds more than `capacity` files, removes the least recently written until
    /// `keep` are left, never `spare` (the entry just written). Failing only costs space.
    public static func prune(_ folder: String, capacity: Int, keep: Int, sparing spare: String? = nil) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder), names.count > capacity else { return }
        let dated = names.map { name -> (String, Date) in
            let path = folder + "/" + name
            return (path, (try? manager.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast)
        }
        for (path, _) in dated.sorted(by: { $0.1 < $1.1 }).prefix(max(0, names.count - keep)) where path != spare {
            try? manager.removeItem(atPath: path)
        }
    }
}
