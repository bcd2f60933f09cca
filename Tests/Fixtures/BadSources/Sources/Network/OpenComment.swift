import Foundation

/* a comment that never ends
import Logging
