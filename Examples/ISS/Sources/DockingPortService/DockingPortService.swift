import DockingPortServiceCore
import Logging
import NetworkCore

/// The docking schedule from the ground (`GET /docking`). A port reported occupied without a
/// vehicle is inconsistent data and is rejected.
public struct DockingPortService: DockingPortServicing {
    private let network: any NetworkClient
    private let logger: Logger

    public init(network: any NetworkClient, logger: Logger) {
        self.network = network
        self.logger = logger.scoped("docking-service")
    }

    public func ports() async throws -> [DockingPort] {
        let ports: [DockingPort] = try await network.get("/docking")
        for port in ports where port.state != .free && port.vehicle == nil {
            throw NetworkError.decoding(path: "/docking", reason: "port '\(port.name)' is \(port.state.rawValue) but names no vehicle")
        }
        let approaching = ports.filter { $0.state == .approaching }
        for port in approaching { logger.notice("\(port.vehicle ?? "?") approaching \(port.name)") }
        return ports
    }
}
