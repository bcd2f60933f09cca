import Logging
import NetworkCore
import StrataDI

/// Registers the ground-station client behind `NetworkClient`; the app provides the `Transport`.
public struct NetworkAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any NetworkClient).self, scope: .singleton) { resolver in
            GroundStationClient(transport: try resolver.resolve(), logger: try resolver.resolve())
        }
    }
}
