public let core = 1
