import Foundation
import Subprocess
import Synchronization
import SystemPackage

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The sessions of the children running now, and what ends them when Strata ends.
///
/// Every child leads a session of its own (`setsid`), and everything it starts stays in that
/// session unless it calls `setsid` itself. A process group is not enough: SwiftPM runs a
/// compiled Package.swift in a process group of its own and leaves it running when it is
/// killed. Three things end a child's session:
/// - its time limit (`ChildProcess`);
/// - SIGINT, SIGTERM or SIGHUP sent to Strata (`stopOnSignals()`): the sessions are killed,
///   then Strata dies of the same signal, as a shell expects;
/// - Strata dying in any other way, SIGKILL included: a watchdog, `/bin/sh` in a session of its
///   own, reads the sessions' ids from a pipe whose only writer is Strata. When Strata is gone
///   the kernel closes the pipe; the watchdog reads end of file and kills every process of every
///   session still listed. (`PR_SET_PDEATHSIG` would reach the direct child only.)
enum ChildSessions {
    private struct State {
        var sessions: Set<pid_t> = []
        /// The write end of the watchdog's pipe; -1 until the watchdog runs.
        var watchdog: Int32 = -1
        var watchdogFailed = false
    }

    private static let state = Mutex(State())

    /// Set once a terminating signal is being handled: children are being killed and Strata is
    /// about to die of the signal, so a child's end is no longer news.
    private static let terminating = Atomic<Bool>(false)
    static var isTerminating: Bool { terminating.load(ordering: .sequentiallyConsistent) }

    /// Lists a child's session, with the watchdog too.
    static func register(_ session: pid_t) {
        state.withLock { state in
            state.sessions.insert(session)
            if state.watchdog < 0, !state.watchdogFailed {
                state.watchdog = startWatchdog() ?? -1
                state.watchdogFailed = state.watchdog < 0
            }
            tell(state.watchdog, "+ \(session)\n")
        }
    }

    /// Takes a session off the lists once it has been dealt with.
    static func unregister(_ session: pid_t) {
        state.withLock { state in
            state.sessions.remove(session)
            tell(state.watchdog, "- \(session)\n")
        }
    }

    /// The watchdog could not be started: nothing more is written to it.
    private static func watchdogFailedToStart() {
        state.withLock { state in
            if state.watchdog >= 0 { close(state.watchdog) }
            state.watchdog = -1
            state.watchdogFailed = true
        }
    }

    /// Kills every process of every session listed now; `beforeKill` runs once they are all
    /// stopped, just before they are killed.
    static func killAll(beforeKill: (Int) -> Void = { _ in }) {
        let sessions = state.withLock { $0.sessions }
        killSessions(sessions, beforeKill: beforeKill)
    }

    /// Kills every process whose session is one of `sessions`: first each is stopped (SIGSTOP,
    /// again until a scan finds none still running, since a process may start another between
    /// a scan and the signal), then all are killed at once. Stopping first means no child ends,
    /// and is reported as failed, before they are all about to be killed.
    /// `beforeKill` is told how many processes are about to be killed.
    static func killSessions(_ sessions: Set<pid_t>, beforeKill: (Int) -> Void = { _ in }) {
        let me = getpid()
        var members: Set<pid_t> = []
        for _ in 0..<50 {
            let found = Set(processes().filter { $0 != me && sessions.contains(getsid($0)) })
            let new = found.subtracting(members)
            if new.isEmpty { break }
            for member in new { kill(member, SIGSTOP) }
            members.formUnion(new)
        }
        beforeKill(members.count)
        for member in members { kill(member, SIGKILL) }
    }

    /// The ids of every process on the machine that this user can see.
    private static func processes() -> [pid_t] {
        #if os(Linux)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        return entries.compactMap { pid_t($0) }
        #elseif canImport(Darwin)
        let count = proc_listallpids(nil, 0)
        guard count > 0 else { return [] }
        var pids = [pid_t](repeating: 0, count: Int(count) * 2)
        let filled = pids.withUnsafeMutableBytes { proc_listallpids($0.baseAddress, Int32($0.count)) }
        return Array(pids.prefix(Int(max(filled, 0))))
        #else
        return []
        #endif
    }

    /// One line to the watchdog, under the lock (so the descriptor cannot be closed meanwhile).
    /// The pipe does not block: a dead watchdog gives EPIPE and a full pipe EAGAIN, both ignored.
    private static func tell(_ descriptor: Int32, _ line: String) {
        guard descriptor >= 0 else { return }
        var bytes = Array(line.utf8)
        _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The watchdog's script: keep the listed sessions; at end of input kill their processes
    /// (read from /proc on Linux, with pkill elsewhere).
    private static let watchdogScript = #"""
        sessions=
        while read -r op session; do
          case "$op" in
            +) sessions="$sessions $session" ;;
            -) kept=; for s in $sessions; do [ "$s" = "$session" ] || kept="$kept $s"; done; sessions=$kept ;;
          esac
        done
        [ -n "$sessions" ] || exit 0
        for round in 1 2 3 4 5; do
          if [ -d /proc/self ]; then
            for stat in /proc/[0-9]*/stat; do
              read -r line < "$stat" || continue
              set -- ${line##*") "}
              pid=${stat#/proc/}; pid=${pid%/stat}
              for s in $sessions; do [ "$4" = "$s" ] && kill -KILL "$pid"; done
            done 2>/dev/null
          else
            for s in $sessions; do pkill -KILL -s "$s"; done 2>/dev/null
          fi
        done
        """#

    /// Starts the watchdog and returns the write end of its pipe, or nil if there is no pipe.
    /// The spawn finishes in the background; lines written before it are kept in the pipe, and
    /// if it fails, nothing more is written (children then still stop on time limits and on
    /// signals, just not after a SIGKILL).
    private static func startWatchdog() -> Int32? {
        // A write to a dead watchdog must fail with EPIPE, not kill Strata.
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        let readEnd = FileDescriptor(rawValue: ends[0])
        var options = PlatformOptions()
        options.createSession = true  // no terminal signal reaches it
        Task.detached { [options] in
            do {
                _ = try await Subprocess.run(
                    .path("/bin/sh"), arguments: ["-c", watchdogScript], platformOptions: options,
                    input: .fileDescriptor(readEnd, closeAfterSpawningProcess: true), output: .discarded, error: .discarded)
            } catch {
                watchdogFailedToStart()
            }
        }
        return ends[1]
    }

    /// Installs the handlers for SIGINT, SIGTERM and SIGHUP. Call once, early, from the executable.
    static func stopOnSignals() {
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            // Made inside the lock, so that the source is the lock's own value from the start.
            signalSources.withLock { sources in
                let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
                source.setEventHandler {
                    // The children are stopped, the signal's default action is back, and only then
                    // are they killed and the signal raised again: Strata dies of it before the
                    // rest of the program can take their deaths for failures and report them.
                    // `terminating` covers the moment between the kill and the raise, in which a
                    // loaded machine may let a run see its child end.
                    terminating.store(true, ordering: .sequentiallyConsistent)
                    SignalCleanup.runAll()
                    killAll { _ in signal(signalNumber, SIG_DFL) }
                    // To the process, not this thread: dispatch's threads block signals.
                    kill(getpid(), signalNumber)
                }
                source.resume()
                sources.append(source)
            }
        }
    }

    /// Kept alive for the life of the process.
    private static let signalSources = Mutex<[any DispatchSourceSignal]>([])
}
