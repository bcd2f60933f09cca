import Core

public let macSupport = core
