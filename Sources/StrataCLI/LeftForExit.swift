import Synchronization

/// Large values a command is done with, kept until the process exits instead of released piece
/// by piece as the command returns: a 5,000-module workspace is a million strings and arrays,
/// about 10 ms of releases that the exit, which frees the whole process at once, makes needless.
/// (Compilers skip their final frees the same way.)
enum LeftForExit {
    private static let kept = Mutex<[any Sendable]>([])

    static func keep(_ value: some Sendable) {
        kept.withLock { $0.append(value) }
    }
}
