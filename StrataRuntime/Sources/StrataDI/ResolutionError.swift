/// Why a resolve failed. ``Container/resolve(_:name:)`` throws it; ``Injected`` traps with its
/// ``description``; ``Container/verify(arguments:)`` collects every one it finds.
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
    /// For a cycle: every resolve from the outermost one to where the cycle was noticed, which
    /// may go round the cycle many times. ``problem`` and ``path`` are derived from it.
    let trail: [ServiceKey]?

    @usableFromInline
    init(problem: Problem, path: [ServiceKey]) {
        self.problem = problem
        self.path = path
        trail = nil
    }

    private init(cycleTrail trail: [ServiceKey]) {
        self.trail = trail
        // The cycle closes at the last key's latest earlier appearance; reported from the first
        // place the trail reached it, once round.
        let last = trail.count - 1
        guard let start = trail[..<last].lastIndex(of: trail[last]) else {
            problem = .cycle([trail[last]])
            path = trail
            return
        }
        let members = Set(trail[start...])
        let entry = trail.firstIndex { members.contains($0) }!
        let length = last - start
        let cycle = Array(trail[entry...(entry + length)])
        problem = .cycle(cycle)
        path = Array(trail[...(entry + length)])
    }

    /// A resolve of `key` that closes a cycle, noticed where it happened: the services that led
    /// there are added as the error passes back through them.
    @usableFromInline
    static func cycleEntered(at key: ServiceKey) -> ResolutionError { ResolutionError(cycleTrail: [key]) }

    /// The same failure, met while resolving `key`: `key` comes first in its path.
    @usableFromInline
    func entered(through key: ServiceKey) -> ResolutionError {
        if let trail { return ResolutionError(cycleTrail: [key] + trail) }
        return ResolutionError(problem: problem, path: [key] + path)
    }

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
            if let optional = key.serviceType as? any OptionalService.Type {
                // `let radio: Radio? = try resolver.resolve()` infers Optional<Radio> as the service.
                let wrapped = ServiceKey(optional.wrappedType, name: nil).serviceTypeExpression
                text += "\n    hint: the service type was inferred as an Optional; name the type,"
                text += " as in resolve(\(wrapped)), or use resolveIfRegistered"
            } else {
                text += "\n    hint: register it in the assembly of the module that implements it,"
                text += " e.g. container.register(\(key.serviceTypeExpression)) { resolver in … }"
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

/// Everything ``Container/verify(arguments:)`` found: every missing registration, cycle and
/// failing factory, each once, and the registrations it could not run for want of a sample
/// argument.
public struct VerificationError: Error, CustomStringConvertible {
    /// The problems, in the order of the registrations that led to them.
    public let problems: [ResolutionError]
    /// Registrations whose factory takes an argument no sample was given for.
    public let unverified: [ServiceKey]

    init(problems: [ResolutionError], unverified: [ServiceKey] = []) {
        self.problems = problems
        self.unverified = unverified
    }

    /// One `error:` paragraph per problem and per unverified registration, then a count.
    public var description: String {
        var lines = problems.map { "error: \($0.description)" }
        for key in unverified {
            let type = key.argumentTypeName ?? "()"
            lines.append(
                "error: \(key) was not verified: its factory takes a \(type)"
                    + "\n    hint: pass a sample, as in verify(arguments: <a \(type)>); what the factory resolves is checked, the value is not")
        }
        let total = problems.count + unverified.count
        let count = total == 1 ? "1 problem" : "\(total) problems"
        return (lines + ["\(count) in the container's registrations"]).joined(separator: "\n")
    }
}

/// `Optional`, seen from a metatype: which type it wraps (for the hint of an inferred optional).
protocol OptionalService {
    static var wrappedType: any Any.Type { get }
}

extension Optional: OptionalService {
    static var wrappedType: any Any.Type { Wrapped.self }
}
