public let iosKit = 2
