import AnalyticsKit
import NetworkService

public struct ProfileScreen { public init() {} }
