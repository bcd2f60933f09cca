import NetworkServiceMocks
import Profile

@main struct Demo { static func main() { _ = ProfileScreen() } }
