@testable import NotCompiled
