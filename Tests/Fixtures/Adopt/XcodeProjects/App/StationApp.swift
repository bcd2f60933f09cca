import SwiftUI
import CoreKit
import DockingFeature
import SharedUI
import Kit
import Alamofire

@main
struct StationApp: App {
    var body: some Scene { WindowGroup { Text(Theme.title) } }
}
