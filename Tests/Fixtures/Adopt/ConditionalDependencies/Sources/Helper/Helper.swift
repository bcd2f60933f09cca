public let helper = 3
