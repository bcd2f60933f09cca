public let legacy = "Legacy"
