import Core

public let profileFeature = core
