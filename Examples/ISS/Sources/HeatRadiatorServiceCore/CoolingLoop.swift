/// One loop of the external thermal control system, which carries heat to the radiators.
public struct CoolingLoop: Sendable, Equatable {
    /// Outlet temperatures above this mean the radiators do not shed enough heat.
    public static let maximumOutletCelsius = 14.0
    public static let minimumFlowKgPerHour = 1_200.0

    public var name: String
    public var inletCelsius: Double
    public var outletCelsius: Double
    public var flowKgPerHour: Double

    public init(name: String, inletCelsius: Double, outletCelsius: Double, flowKgPerHour: Double) {
        self.name = name
        self.inletCelsius = inletCelsius
        self.outletCelsius = outletCelsius
        self.flowKgPerHour = flowKgPerHour
    }

    /// Heat picked up along the loop.
    public var deltaCelsius: Double { outletCelsius - inletCelsius }

    /// True when the loop cools within limits.
    public var isNominal: Bool {
        outletCelsius <= Self.maximumOutletCelsius && flowKgPerHour >= Self.minimumFlowKgPerHour
    }
}

/// Cooling loops as domains see them.
public protocol HeatRadiatorServicing: Sendable {
    func loops() async throws -> [CoolingLoop]
}
