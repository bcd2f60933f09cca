import DockingPortServiceCore
import Logging
import NetworkCore
import StrataDI

/// Registers `DockingPortService` behind its interface, `DockingPortServicing`.
public struct DockingPortServiceAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any DockingPortServicing).self, scope: .singleton) { resolver in
            DockingPortService(network: try resolver.resolve(), logger: try resolver.resolve())
        }
    }
}
