/// Why a resolve failed. ``Container/resolve(_:name:)`` throws it; ``Injected`` traps with its
/// ``description``; ``Container/verify()`` collects every one it finds.
public struct ResolutionError: Error, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Sendable {
        /// Nothing is registered under the key; `alternatives` are registrations of the same
        /// service under another name or argument type.
        case missingRegistration(ServiceKey, alternatives: [ServiceKey])
        /// The services depend on each other in a circle; the first and last key are the same.
        case cycle([ServiceKey])
        /// A registration in the ``Scope/weak`` scope made a value that is not a class instance,
        /// so nothing can hold it weakly.
        case weakScopeNeedsClassInstance(ServiceKey, madeType: String)
        /// The registration's factory threw an error of its own.
        case factoryFailed(ServiceKey, underlying: any Error)
    }

    /// What went wrong.
    public let problem: Problem
    /// The chain of resolves that led to the problem, outermost first; the last key is the
    /// service that could not be made.
    public let path: [ServiceKey]

    /// The key of the service that could not be made.
    public var key: ServiceKey {
        switch problem {
        case .missingRegistration(let key, _), .weakScopeNeedsClassInstance(let key, _), .factoryFailed(let key, _): key
        case .cycle(let keys): keys[keys.count - 1]
        }
    }

    /// One line saying what failed and through which chain, then a hint.
    public var description: String {
        let chain = path.map(\.description).joined(separator: " → ")
        switch problem {
        case .missingRegistration(let key, let alternatives):
            var text = "no registration for \(key)"
            if path.count > 1 { text += ", needed by \(chain)" }
            if !alternatives.isEmpty {
                text += "\n    registered instead: " + alternatives.map(\.description).joined(separator: ", ")
            }
            if key.serviceTypeName.hasPrefix("Optional<") {
                // `let radio: Radio? = try resolver.resolve()` infers Optional<Radio> as the service.
                text += "\n    hint: the service type was inferred as an Optional; name the type,"
                text += " as in resolve(\(key.serviceTypeName.dropFirst(9).dropLast()).self), or use resolveIfRegistered"
            } else {
                text += "\n    hint: register it in the assembly of the module that implements it,"
                text += " e.g. container.register(\(key.serviceTypeName).self) { resolver in … }"
            }
            return text
        case .cycle(let keys):
            var text = "dependency cycle: " + keys.map(\.description).joined(separator: " → ")
            text += "\n    hint: break the cycle with an interface the later service resolves lazily,"
            text += " or make one of them take the other as a resolve-time argument"
            return text
        case .weakScopeNeedsClassInstance(let key, let madeType):
            var text = "\(key) is registered in the weak scope but its factory made a \(madeType), which is not a class instance"
            if path.count > 1 { text += ", while resolving \(chain)" }
            text += "\n    hint: use the graph or singleton scope for value types"
            return text
        case .factoryFailed(let key, let underlying):
            var text = "the factory of \(key) threw: \(underlying)"
            if path.count > 1 { text += ", while resolving \(chain)" }
            return text
        }
    }
}

/// Everything ``Container/verify()`` found: every missing registration and every cycle, each once.
public struct VerificationError: Error, CustomStringConvertible {
    /// The problems, in the order of the registrations that led to them.
    public let problems: [ResolutionError]

    /// One `error:` paragraph per problem, then a count.
    public var description: String {
        let lines = problems.map { "error: \($0.description)" }
        let count = problems.count == 1 ? "1 problem" : "\(problems.count) problems"
        return (lines + ["\(count) in the container's registrations"]).joined(separator: "\n")
    }
}
