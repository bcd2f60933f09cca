// Station notes, saved as Latin-1: café on board
import Foundation
