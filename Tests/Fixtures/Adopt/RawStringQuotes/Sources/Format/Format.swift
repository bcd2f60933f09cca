public let name = "Format"
