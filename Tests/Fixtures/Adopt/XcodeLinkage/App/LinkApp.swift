import Analytics
import Networking

@main
struct LinkApp {
    static func main() { Tracker.record(Client.name) }
}
