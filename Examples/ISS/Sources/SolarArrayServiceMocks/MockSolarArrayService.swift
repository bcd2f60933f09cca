import SolarArrayServiceCore

/// Solar array wings for tests.
public struct MockSolarArrayService: SolarArrayServicing {
    public var wingList: [SolarArrayWing]

    public init(wings: [SolarArrayWing]) {
        self.wingList = wings
    }

    public func wings() async throws -> [SolarArrayWing] { wingList }
}
