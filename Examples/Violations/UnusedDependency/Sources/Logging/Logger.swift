/// Writes station log lines.
public struct Logger {
    public init() {}
}
