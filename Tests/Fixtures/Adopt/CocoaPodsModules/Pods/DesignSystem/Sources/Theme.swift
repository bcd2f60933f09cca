import Profile

public struct Theme { public init() {} }
