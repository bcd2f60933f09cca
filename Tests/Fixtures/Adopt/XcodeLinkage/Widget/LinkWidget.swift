import Analytics
import Networking

enum LinkWidget {
    static func refresh() { Tracker.record(Client.name) }
}
