import HeatRadiatorServiceCore

/// Cooling loops for tests.
public struct MockHeatRadiatorService: HeatRadiatorServicing {
    public var result: Result<[CoolingLoop], MockFailure>

    public struct MockFailure: Error, Equatable {
        public var reason: String
        public init(_ reason: String) { self.reason = reason }
    }

    public init(loops: [CoolingLoop]) {
        result = .success(loops)
    }

    public init(failure reason: String) {
        result = .failure(MockFailure(reason))
    }

    public func loops() async throws -> [CoolingLoop] { try result.get() }
}
