import Core
#if os(iOS)
import IOSKit
#endif

public let feature = core
