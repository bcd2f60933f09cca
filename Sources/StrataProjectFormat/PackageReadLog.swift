import Synchronization

/// Every Package.swift read while a workspace loads, as it is read: the way each was read, and
/// the ones that could not be. A load that fails returns no `LoadedWorkspace`, so this is where
/// `--verbose` finds how the manifests were read before the failure, and how the failing one
/// was tried.
public final class PackageReadLog: Sendable {
    private let entries = Mutex<[PackageReadReport]>([])

    public init() {}

    package func record(_ report: PackageReadReport) {
        entries.withLock { $0.append(report) }
    }

    /// The reads in the order of their paths (parallel reads finish in any order), each once (a
    /// load repeated after `--resolve` reads the same manifests again).
    public var reports: [PackageReadReport] {
        Set(entries.withLock { $0 }).sorted { ($0.path, $0.failed ? 1 : 0) < ($1.path, $1.failed ? 1 : 0) }
    }
}
