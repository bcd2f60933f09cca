import SwiftUI
import Astronaut

struct ProfileScreenPreview {}
