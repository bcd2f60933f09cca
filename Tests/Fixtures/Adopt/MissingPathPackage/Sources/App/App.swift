public let app = 1
