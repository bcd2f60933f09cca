import Core
#if os(macOS) || os(iOS)
import MacSupport
#endif

public let app = core
