import Core

public let settingsFeature = core
