import CoreKit
import NetworkService
import ProfileFeature

@main struct Astronaut { static func main() { _ = ProfileScreen() } }
