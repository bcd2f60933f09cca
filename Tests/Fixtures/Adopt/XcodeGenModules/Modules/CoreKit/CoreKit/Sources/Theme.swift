import Foundation
import NetworkService

public struct Theme { public init() {} }
