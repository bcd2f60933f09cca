extension Container {
    /// Resolves every registration once and reports every problem: each missing registration
    /// (with the chain that needed it) and each dependency cycle (with its full path, such as
    /// `A → B → C → A`), each once, instead of stopping at the first.
    ///
    /// Verifying makes no shared instance for good: while it runs, singleton, weak and custom
    /// scopes behave like the graph scope, and what it made is dropped afterwards. Factories do
    /// run, so they should not have side effects beyond making their instance. Registrations
    /// whose factory takes an argument cannot be resolved without one; they are checked when
    /// another factory resolves them with an argument.
    ///
    /// Call it in a test of the app's assembly (or at launch in debug builds).
    ///
    /// - Throws: ``VerificationError`` listing every problem.
    public func verify() throws(VerificationError) {
        let stack = ResolutionStack.current
        precondition(stack.depth == 0, "StrataDI: verify() was called from inside a factory")
        stack.isVerifying = true
        defer { stack.isVerifying = false }

        var problems: [ResolutionError] = []
        var seen: Set<String> = []
        for entry in verifiableEntries() {
            do {
                try verifyOne(entry)
            } catch {
                // One missing service is reported once, through the first chain that needed it;
                // one cycle once, whichever service it was entered from.
                let identity: String
                switch error.problem {
                case .missingRegistration(let key, _): identity = "missing \(key)"
                case .cycle(let keys): identity = "cycle " + Self.canonicalCycle(keys).map(\.description).joined(separator: " → ")
                case .weakScopeNeedsClassInstance(let key, _), .factoryFailed(let key, _): identity = "failed \(key)"
                }
                if seen.insert(identity).inserted { problems.append(error) }
            }
        }
        if !problems.isEmpty { throw VerificationError(problems: problems) }
    }

    /// This container's entries, then the parent chain's entries this container does not override.
    private func verifiableEntries() -> [ServiceEntry] {
        var entries: [ServiceEntry] = []
        var keys: Set<ServiceKey> = []
        var container: Container? = self
        while let current = container {
            for entry in current.publishedEntries where entry.key.argument == nil && keys.insert(entry.key).inserted {
                entries.append(entry)
            }
            container = current.parent
        }
        return entries
    }

    private func verifyOne(_ entry: ServiceEntry) throws(ResolutionError) {
        try entry.factory.takeUnretainedValue().verify(entry, in: self)
    }

    /// The cycle rotated to start at its smallest key, so that `A → B → A` and `B → A → B` match.
    private static func canonicalCycle(_ keys: [ServiceKey]) -> [ServiceKey] {
        let ring = Array(keys.dropLast())
        guard let start = ring.indices.min(by: { ring[$0].description < ring[$1].description }) else { return keys }
        return Array(ring[start...] + ring[..<start])
    }
}
