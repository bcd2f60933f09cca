public let modern = "Modern"
