import NetworkServiceMocks
import ProfileFeature

@main struct HostApp { static func main() { _ = ProfileScreen() } }
