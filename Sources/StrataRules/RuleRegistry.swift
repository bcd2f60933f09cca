/// Every rule, in the order they run. Findings are sorted by position before printing, so
/// the order only matters for readability here: mapping first (a target without a layer
/// escapes the layer rules), then the direction rules, then whole-graph rules, then the rules
/// about what the sources import.
public enum RuleRegistry {
    public static let all: [any Rule] = [
        UnmappedTarget(),
        LayerDirection(),
        SameLayer(),
        InterfacePurity(),
        PreferInterface(),
        MocksInProduction(),
        NoCycles(),
        StaticLinkedOnce(),
        // Constraints beyond layers, from strata.yml's 'constraints:'.
        ForbiddenDependency(),
        MaxDepth(),
        // Source rules: they find nothing unless the sources were scanned.
        ImplicitImport(),
        UnusedDependency(),
        TestableInProduction(),
        UnknownImport(),
        TrackedSecrets(),
    ]

    /// The rule with this id.
    public static func rule(id: String) -> (any Rule)? {
        all.first { $0.id == id }
    }
}
