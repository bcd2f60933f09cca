import Foundation
import Logging
import NetworkCore
import Synchronization

/// The ground station of a scenario, as a network transport: `GET /crew`,
/// `GET /supplies/<crew id>` and `GET /docking` answered with JSON.
public final class SimulatedGroundStation: Transport {
    private let scenario: StationScenario
    private let logger: Logger
    private let dropoutsLeft: Mutex<Int>

    public init(scenario: StationScenario, logger: Logger) {
        self.scenario = scenario
        self.logger = logger.scoped("ground-simulator")
        self.dropoutsLeft = Mutex(scenario.groundDropouts)
    }

    public func send(_ request: Request) async throws -> Response {
        let dropped = dropoutsLeft.withLock { left -> Bool in
            guard left > 0 else { return false }
            left -= 1
            return true
        }
        if dropped {
            throw NetworkError.unreachable("loss of signal")
        }
        guard request.method == .get else { return Response(status: 405) }
        let path = request.path.split(separator: "/").map(String.init)
        switch path.first {
        case "crew" where path.count == 1:
            return try json(
                scenario.crew.map {
                    ["id": $0.id, "name": $0.name, "role": $0.role, "agency": $0.agency, "suit": $0.suit as Any]
                })
        case "supplies" where path.count == 2:
            guard let member = scenario.crew.first(where: { $0.id == path[1] }) else { return Response(status: 404) }
            return try json([
                "cosmonautID": member.id, "foodDays": member.foodDays,
                "waterLiters": member.waterLiters, "medicalKitOK": member.medicalKitOK,
            ])
        case "docking" where path.count == 1:
            return try json(scenario.dockingPorts.map { ["name": $0.name, "vehicle": $0.vehicle as Any, "state": $0.state] })
        default:
            logger.notice("no route for \(request.path)")
            return Response(status: 404)
        }
    }

    private func json(_ object: Any) throws -> Response {
        let cleaned = Self.replacingNil(object)
        return Response(status: 200, body: try JSONSerialization.data(withJSONObject: cleaned, options: [.sortedKeys]))
    }

    /// Optional values become JSON null.
    private static func replacingNil(_ object: Any) -> Any {
        switch object {
        case let array as [Any]: return array.map(replacingNil)
        case let dictionary as [String: Any]: return dictionary.mapValues(replacingNil)
        case let optional as String?: return optional ?? NSNull()
        default: return object
        }
    }
}
