public let b = 2
