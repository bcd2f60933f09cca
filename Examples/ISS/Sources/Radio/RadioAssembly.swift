import Logging
import RadioCore
import StrataDI

/// Registers the radio link behind `RadioChannel`; the app provides the `Transceiver`.
public struct RadioAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any RadioChannel).self, scope: .singleton) { resolver in
            RadioLink(transceiver: try resolver.resolve(), logger: try resolver.resolve())
        }
    }
}
