import Networking

public let client = netVersion
