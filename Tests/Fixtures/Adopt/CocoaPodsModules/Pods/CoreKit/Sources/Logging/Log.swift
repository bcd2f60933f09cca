import Foundation
import Profile

public enum Log { public static func info(_ text: String) {} }
