public struct Connection {
    public init() {}
}
