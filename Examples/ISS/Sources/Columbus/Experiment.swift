/// An experiment in the Columbus laboratory and the cooling it needs.
public struct Experiment: Sendable, Codable, Equatable {
    public var id: String
    public var title: String
    /// The cooling loop its rack is plumbed into.
    public var coolingLoop: String
    public var durationHours: Int

    public init(id: String, title: String, coolingLoop: String, durationHours: Int) {
        self.id = id
        self.title = title
        self.coolingLoop = coolingLoop
        self.durationHours = durationHours
    }

    /// The experiments on the current plan.
    public static let plan: [Experiment] = [
        Experiment(id: "FLUIDS-7", title: "Fluid Science Laboratory: capillary flow", coolingLoop: "A", durationHours: 6),
        Experiment(id: "BIOLAB-3", title: "Biolab: plant growth in microgravity", coolingLoop: "B", durationHours: 12),
        Experiment(id: "MSG-12", title: "Microgravity Science Glovebox: alloy solidification", coolingLoop: "A", durationHours: 4),
    ]
}

/// What happened when an experiment was due.
public struct ExperimentRun: Sendable, Codable, Equatable {
    public enum Outcome: String, Sendable, Codable {
        case started
        /// Its cooling loop was off-nominal or missing, so it was held.
        case held
    }
    public var experiment: String
    public var outcome: Outcome
    public var reason: String
}
