import Core

public let searchFeature = core
