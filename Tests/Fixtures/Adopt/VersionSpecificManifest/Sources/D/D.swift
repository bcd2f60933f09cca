public let d = 4
