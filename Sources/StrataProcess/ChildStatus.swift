#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a child process is still running, asked of the system with `waitid(WNOWAIT)`, which
/// leaves an ended child for its owner to collect.
///
/// A child's end is recorded by the task that collects it; on a starved machine that task may
/// run well after the child ended. Whoever must decide "still running?" at a deadline asks here
/// instead of trusting the record alone.
public enum ChildStatus: Equatable, Sendable {
    case running
    /// Ended with this `waitid` code (`CLD_EXITED`, `CLD_KILLED`…) and status, not collected yet.
    case ended(code: Int32, status: Int32)
    /// Not a child that can be waited for: collected already, or never one.
    case gone

    /// The status of child `pid` now.
    public static func of(_ pid: Int32) -> ChildStatus {
        peek(P_PID, id_t(pid))
    }

    #if os(Linux)
    /// The status of the child behind `pidfd` now: unlike a process id, a pidfd never names
    /// another process once the child's id is reused.
    public static func of(pidfd: Int32) -> ChildStatus {
        peek(P_PIDFD, id_t(pidfd))
    }
    #endif

    private static func peek(_ kind: idtype_t, _ id: id_t) -> ChildStatus {
        var info = siginfo_t()
        guard waitid(kind, id, &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return .gone }
        #if canImport(Glibc)
        let (found, status) = (info._sifields._sigchld.si_pid, info._sifields._sigchld.si_status)
        #else
        let (found, status) = (info.si_pid, info.si_status)
        #endif
        // With WNOHANG, a child that has not changed state leaves the id at 0.
        return found != 0 ? .ended(code: info.si_code, status: status) : .running
    }
}
