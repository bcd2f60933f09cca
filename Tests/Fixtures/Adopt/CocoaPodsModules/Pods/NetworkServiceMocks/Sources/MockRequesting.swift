import NetworkService

public struct MockRequesting: Requesting { public init() {} }
