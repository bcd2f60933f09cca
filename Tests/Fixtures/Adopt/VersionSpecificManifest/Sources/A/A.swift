import C

public let a = c + 1
