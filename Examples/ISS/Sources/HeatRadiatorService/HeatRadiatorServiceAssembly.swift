import HeatRadiatorServiceCore
import Logging
import RadioCore
import StrataDI

/// Registers `HeatRadiatorService` behind its interface, `HeatRadiatorServicing`.
public struct HeatRadiatorServiceAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any HeatRadiatorServicing).self, scope: .singleton) { resolver in
            HeatRadiatorService(radio: try resolver.resolve(), logger: try resolver.resolve())
        }
    }
}
