import Logging

public struct GroundLink {
    public init() {}
}
