#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The resolves in progress on one thread, innermost last, and the graph-scoped instances of the
/// current top-level resolve.
///
/// It lives in thread-local storage rather than in the resolver handed to factories, so that the
/// resolver is simply the container: a factory may keep it and resolve later without holding a
/// pointer into a finished resolve, and no resolve allocates. Factories are synchronous, so a
/// resolve never leaves its thread.
final class ResolutionStack {
    /// The entries being made, outermost first. Unretained: each entry is owned by its container,
    /// which outlives the resolve that uses it.
    private(set) var entries: [Unmanaged<ServiceEntry>] = []
    /// Instances of graph-scoped entries made during the current top-level resolve.
    private var graph: [ObjectIdentifier: InstanceBox] = [:]
    /// While ``Container/verify()`` runs on this thread, shared scopes behave like the graph scope
    /// so that verifying makes no singleton for good.
    var isVerifying = false

    init() { entries.reserveCapacity(16) }

    var depth: Int { entries.count }

    /// Enters `entry`, or returns the cycle it would close: the chain from the entry's earlier
    /// appearance back to it.
    func push(_ entry: ServiceEntry) -> [ServiceKey]? {
        let unmanaged = Unmanaged.passUnretained(entry)
        // A linear scan: chains are short (tens at most) and this keeps resolves allocation-free.
        for index in entries.indices where entries[index].toOpaque() == unmanaged.toOpaque() {
            return entries[index...].map { $0.takeUnretainedValue().key } + [entry.key]
        }
        entries.append(unmanaged)
        return nil
    }

    func pop() {
        entries.removeLast()
        if entries.isEmpty && !graph.isEmpty { graph.removeAll(keepingCapacity: true) }
    }

    /// The keys of the resolves in progress, outermost first.
    var currentPath: [ServiceKey] { entries.map { $0.takeUnretainedValue().key } }

    /// The keys of the resolves in progress, outermost first, then `key`.
    func path(to key: ServiceKey) -> [ServiceKey] { currentPath + [key] }

    func graphInstance(of entry: ServiceEntry) -> InstanceBox? {
        graph.isEmpty ? nil : graph[ObjectIdentifier(entry)]
    }

    func setGraphInstance(_ box: InstanceBox, of entry: ServiceEntry) {
        graph[ObjectIdentifier(entry)] = box
    }

    /// The calling thread's stack, made on first use and released when the thread ends.
    static var current: ResolutionStack {
        if let raw = pthread_getspecific(key) {
            return Unmanaged<ResolutionStack>.fromOpaque(raw).takeUnretainedValue()
        }
        let stack = ResolutionStack()
        pthread_setspecific(key, Unmanaged.passRetained(stack).toOpaque())
        return stack
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            Unmanaged<ResolutionStack>.fromOpaque(raw).release()
            #else
            if let raw { Unmanaged<ResolutionStack>.fromOpaque(raw).release() }
            #endif
        }
        precondition(status == 0, "StrataDI: pthread_key_create failed (\(status))")
        return key
    }()
}
