public enum Tracker {
    public static func record(_ event: String) {}
}
