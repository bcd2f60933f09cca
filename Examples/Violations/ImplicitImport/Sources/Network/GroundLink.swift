import Logging

/// Talks to the ground.
public struct GroundLink {
    public init() {}
    public func send(_ message: String) -> Bool { !message.isEmpty }
}
