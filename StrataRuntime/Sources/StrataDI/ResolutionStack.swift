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
///
/// A pointer to the thread's state rather than a class: a resolve then neither retains it nor
/// pays for the run-time exclusivity checks of a class's properties, which together cost more
/// than the rest of a transient resolve. Only its own thread ever uses it.
@usableFromInline
struct ResolutionStack {
    private let state: UnsafeMutablePointer<State>

    private struct State {
        /// The entries being made, outermost first. Unretained: each entry is owned by its
        /// container, which outlives the resolve that uses it.
        var entries: [Unmanaged<ServiceEntry>] = []
        /// Instances of graph-scoped entries made during the current top-level resolve.
        var graph: [ObjectIdentifier: InstanceBox] = [:]
        var isVerifying = false
    }

    /// While ``Container/verify()`` runs on this thread, shared scopes behave like the graph scope
    /// so that verifying makes no singleton for good.
    @usableFromInline var isVerifying: Bool {
        get { state.pointee.isVerifying }
        nonmutating set { state.pointee.isVerifying = newValue }
    }

    /// How many resolves are in progress.
    @usableFromInline var depth: Int { state.pointee.entries.count }

    /// Enters `entry`, or throws the cycle it would close: the chain from the entry's earlier
    /// appearance back to it.
    @usableFromInline
    func enter(_ entry: ServiceEntry) throws(ResolutionError) {
        let unmanaged = Unmanaged.passUnretained(entry)
        // A linear scan: chains are short (tens at most) and this keeps resolves allocation-free.
        let earlier = state.pointee.entries.withUnsafeBufferPointer { entries in
            entries.firstIndex { $0.toOpaque() == unmanaged.toOpaque() }
        }
        if let earlier {
            let cycle = state.pointee.entries[earlier...].map { $0.takeUnretainedValue().key } + [entry.key]
            throw ResolutionError(problem: .cycle(cycle), path: path(to: entry.key))
        }
        state.pointee.entries.append(unmanaged)
    }

    /// Leaves the innermost entry; leaving the outermost ends the top-level resolve.
    @usableFromInline
    func leave() {
        state.pointee.entries.removeLast()
        if state.pointee.entries.isEmpty && !state.pointee.graph.isEmpty {
            state.pointee.graph.removeAll(keepingCapacity: true)
        }
    }

    /// The keys of the resolves in progress, outermost first.
    var currentPath: [ServiceKey] { state.pointee.entries.map { $0.takeUnretainedValue().key } }

    /// The keys of the resolves in progress, outermost first, then `key`.
    func path(to key: ServiceKey) -> [ServiceKey] { currentPath + [key] }

    /// The graph-scoped instance of `entry` made earlier in this top-level resolve.
    @usableFromInline
    func graphInstance(of entry: ServiceEntry) -> InstanceBox? {
        state.pointee.graph.isEmpty ? nil : state.pointee.graph[ObjectIdentifier(entry)]
    }

    @usableFromInline
    func setGraphInstance(_ box: InstanceBox, of entry: ServiceEntry) {
        state.pointee.graph[ObjectIdentifier(entry)] = box
    }

    /// The calling thread's stack, made on first use and released when the thread ends.
    @usableFromInline
    static var current: ResolutionStack {
        if let raw = pthread_getspecific(key) {
            return ResolutionStack(state: raw.assumingMemoryBound(to: State.self))
        }
        let state = UnsafeMutablePointer<State>.allocate(capacity: 1)
        state.initialize(to: State())
        state.pointee.entries.reserveCapacity(16)
        pthread_setspecific(key, state)
        return ResolutionStack(state: state)
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            #if canImport(Darwin)
            let state = raw.assumingMemoryBound(to: State.self)
            #else
            guard let state = raw?.assumingMemoryBound(to: State.self) else { return }
            #endif
            state.deinitialize(count: 1)
            state.deallocate()
        }
        precondition(status == 0, "StrataDI: pthread_key_create failed (\(status))")
        return key
    }()
}
