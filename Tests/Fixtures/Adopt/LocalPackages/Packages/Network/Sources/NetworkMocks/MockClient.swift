import NetworkInterface

public struct MockClient: Client {
    public init() {}
    public func fetch(_ path: String) -> String { "" }
}
