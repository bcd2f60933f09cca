import Foundation
import Logging
import PersistenceCore
import StrataDI

/// Registers the key-value store: files in `folder`, or memory for the run when it is nil.
public struct PersistenceAssembly: Assembly {
    private let folder: String?

    public init(folder: String?) { self.folder = folder }

    public func assemble(into container: Container) {
        container.register((any KeyValueStore).self, scope: .singleton) { [folder] resolver in
            guard let folder else { return InMemoryStore() }
            return try FileStore(folder: URL(fileURLWithPath: folder), logger: try resolver.resolve())
        }
    }
}
