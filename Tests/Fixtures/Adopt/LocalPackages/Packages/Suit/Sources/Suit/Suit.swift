import Logging
import NetworkInterface

public struct Suit {
    let client: any Client
    public init(client: any Client) { self.client = client }
    public func check() { log(client.fetch("suit")) }
}
