import Logging
import RadioCore
import SpacesuitServiceCore
import StrataDI

/// Registers `SpacesuitService` behind its interface, `SpacesuitServicing`.
public struct SpacesuitServiceAssembly: Assembly {
    public init() {}

    public func assemble(into container: Container) {
        container.register((any SpacesuitServicing).self, scope: .singleton) { resolver in
            SpacesuitService(radio: try resolver.resolve(), logger: try resolver.resolve())
        }
    }
}
