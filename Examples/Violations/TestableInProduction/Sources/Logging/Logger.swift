/// Writes station log lines.
public struct Logger {
    public init() {}
    public func log(_ line: String) { print(line) }
}
