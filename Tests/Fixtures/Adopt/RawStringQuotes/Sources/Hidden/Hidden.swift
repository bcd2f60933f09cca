public let name = "Hidden"
