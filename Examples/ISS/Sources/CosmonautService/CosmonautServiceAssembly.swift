import CosmonautServiceCore
import Logging
import NetworkCore
import PersistenceCore
import StrataDI

/// Registers `CosmonautService` behind its interface, `CosmonautServicing`.
public struct CosmonautServiceAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any CosmonautServicing).self, scope: .singleton) { resolver in
            CosmonautService(network: try resolver.resolve(), store: try resolver.resolve(), logger: try resolver.resolve())
        }
    }
}
