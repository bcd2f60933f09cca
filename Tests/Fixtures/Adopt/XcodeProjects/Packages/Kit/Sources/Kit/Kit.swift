public enum Kit {
    public static let version = 1
}
