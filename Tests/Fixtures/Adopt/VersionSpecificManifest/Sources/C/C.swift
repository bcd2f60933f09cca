public let c = 3
