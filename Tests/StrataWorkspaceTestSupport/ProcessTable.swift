import Foundation

/// The processes running on this machine, read from /proc.
public enum ProcessTable {
    /// Processes that are not zombies whose command line contains every one of `texts`.
    public static func running(matching texts: String...) -> [Int32] {
        running(matchingAll: texts)
    }

    public static func running(matchingAll texts: [String]) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry), pid != getpid(),
                let command = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline"),
                case let line = String(decoding: command, as: UTF8.self).replacingOccurrences(of: "\0", with: " "),
                texts.allSatisfy({ line.contains($0) }),
                let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                let state = stat.split(separator: ")").last?.split(separator: " ").first, state != "Z"
            else { return nil }
            return pid
        }
    }

    /// Waits until a process matching `text` runs (at most `limit`); whether one did.
    public static func waitForProcess(matching texts: String..., at most: Duration) async -> Bool {
        let deadline = ContinuousClock.now + most
        while ContinuousClock.now < deadline {
            if !running(matchingAll: texts).isEmpty { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    /// Waits until no process matching `text` runs (at most `limit`); whether none is left.
    public static func waitUntilGone(matching text: String, at most: Duration) async -> Bool {
        let deadline = ContinuousClock.now + most
        while ContinuousClock.now < deadline {
            if running(matching: text).isEmpty { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return running(matching: text).isEmpty
    }
}
