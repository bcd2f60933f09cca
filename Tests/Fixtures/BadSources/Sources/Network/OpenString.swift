import Foundation
let greeting = "never closed
let other = 1
