public let netVersion = 2
