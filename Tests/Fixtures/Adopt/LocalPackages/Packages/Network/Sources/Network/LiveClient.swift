import Logging
import NetworkInterface

public struct LiveClient: Client {
    public init() {}
    public func fetch(_ path: String) -> String {
        log(path)
        return path
    }
}
