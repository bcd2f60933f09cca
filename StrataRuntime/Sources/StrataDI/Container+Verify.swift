extension Container {
    /// Resolves every registration once and reports every problem: each missing registration
    /// (with the chain that needed it), each dependency cycle (with its full path, such as
    /// `A → B → C → A`) and each factory that throws, each once, instead of stopping at the first.
    ///
    /// Verifying makes no shared instance for good: while it runs, singleton, weak and custom
    /// scopes behave like the graph scope, and what it made is dropped afterwards. Factories do
    /// run, so they should not have side effects beyond making their instance.
    ///
    /// A registration whose factory takes an argument is run with a sample of the argument's
    /// type from `arguments` (the argument is an opaque input: what is verified is everything the
    /// factory resolves). Without argument (`Void`) or with an optional argument (`nil`) it needs
    /// none; any other registration with an argument and no sample is reported as unverified.
    ///
    /// ```swift
    /// try container.verify(arguments: SuitID("EMU-3011"), (cosmonaut: 7, tab: "oxygen"))
    /// ```
    ///
    /// Call it in a test of the app's assembly (or at launch in debug builds).
    ///
    /// - Throws: ``VerificationError`` listing every problem and every unverified registration.
    public func verify(arguments samples: any Sendable...) throws(VerificationError) {
        let resolver = Resolver(self, context: ResolutionContext(verifying: true))
        var problems: [ResolutionError] = []
        var unverified: [ServiceKey] = []
        var seen: Set<String> = []
        for entry in allEntries {
            do {
                if case .needsSample = try entry.factory.verify(entry, with: resolver, samples: samples) { unverified.append(entry.key) }
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
        if !problems.isEmpty || !unverified.isEmpty { throw VerificationError(problems: problems, unverified: unverified) }
    }

    /// The cycle rotated to start at its smallest key, so that `A → B → A` and `B → A → B` match.
    private static func canonicalCycle(_ keys: [ServiceKey]) -> [ServiceKey] {
        let ring = Array(keys.dropLast())
        guard let start = ring.indices.min(by: { ring[$0].description < ring[$1].description }) else { return keys }
        return Array(ring[start...] + ring[..<start])
    }
}
