import Logging
import RadioCore
import SolarArrayServiceCore
import StrataDI

/// Registers `SolarArrayService` behind its interface, `SolarArrayServicing`.
public struct SolarArrayServiceAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any SolarArrayServicing).self, scope: .singleton) { resolver in
            SolarArrayService(radio: try resolver.resolve(), logger: try resolver.resolve())
        }
    }
}
