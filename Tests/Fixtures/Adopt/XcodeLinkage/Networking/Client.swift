import Analytics

public enum Client {
    public static let name = "client"
    static func start() { Tracker.record("start") }
}
