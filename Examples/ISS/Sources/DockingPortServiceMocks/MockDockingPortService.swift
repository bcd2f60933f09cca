import DockingPortServiceCore

/// Docking ports for tests.
public struct MockDockingPortService: DockingPortServicing {
    public var portList: [DockingPort]

    public init(ports: [DockingPort]) {
        self.portList = ports
    }

    public func ports() async throws -> [DockingPort] { portList }
}
