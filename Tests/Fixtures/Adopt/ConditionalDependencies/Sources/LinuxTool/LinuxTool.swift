import Helper

public let tool = helper
