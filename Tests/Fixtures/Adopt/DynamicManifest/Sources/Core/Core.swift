public let core = "core"
