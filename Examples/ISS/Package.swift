// swift-tools-version: 6.0
// The ISS application framework. Every target here follows from strata.yml: one target per
// module, its interface (…Core), mocks (…Mocks) and tests (…Tests), and one executable per app.
import PackageDescription

let package = Package(
    name: "ISS",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "Cosmonaut", targets: ["CosmonautApp"]),
        .executable(name: "Overview", targets: ["OverviewApp"]),
        .executable(name: "Laboratory", targets: ["LaboratoryApp"]),
    ],
    targets: [
        .target(name: "Logging"),
        .testTarget(name: "LoggingTests", dependencies: ["Logging"]),
        .target(name: "NetworkCore"),
        .target(name: "Network", dependencies: ["NetworkCore", "Logging"]),
        .target(name: "NetworkMocks", dependencies: ["NetworkCore"]),
        .testTarget(name: "NetworkTests", dependencies: ["Network", "NetworkCore", "NetworkMocks", "Logging"]),
        .target(name: "RadioCore"),
        .target(name: "Radio", dependencies: ["RadioCore", "Logging"]),
        .target(name: "RadioMocks", dependencies: ["RadioCore"]),
        .testTarget(name: "RadioTests", dependencies: ["Radio", "RadioCore", "RadioMocks", "Logging"]),
        .target(name: "PersistenceCore"),
        .target(name: "Persistence", dependencies: ["PersistenceCore", "Logging"]),
        .target(name: "PersistenceMocks", dependencies: ["PersistenceCore"]),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "PersistenceCore", "PersistenceMocks", "Logging"]),
        .target(name: "UIComponents"),
        .testTarget(name: "UIComponentsTests", dependencies: ["UIComponents"]),
        .target(name: "StationSimulator", dependencies: ["NetworkCore", "RadioCore", "Logging"]),
        .testTarget(
            name: "StationSimulatorTests", dependencies: ["StationSimulator", "NetworkMocks", "RadioMocks", "NetworkCore", "RadioCore", "Logging"]),
        .target(name: "SpacesuitServiceCore"),
        .target(name: "SpacesuitService", dependencies: ["SpacesuitServiceCore", "RadioCore", "Logging"]),
        .target(name: "SpacesuitServiceMocks", dependencies: ["SpacesuitServiceCore"]),
        .testTarget(
            name: "SpacesuitServiceTests",
            dependencies: ["SpacesuitService", "SpacesuitServiceCore", "SpacesuitServiceMocks", "RadioMocks", "RadioCore"]),
        .target(name: "CosmonautServiceCore"),
        .target(name: "CosmonautService", dependencies: ["CosmonautServiceCore", "NetworkCore", "PersistenceCore", "Logging"]),
        .target(name: "CosmonautServiceMocks", dependencies: ["CosmonautServiceCore"]),
        .testTarget(
            name: "CosmonautServiceTests",
            dependencies: [
                "CosmonautService", "CosmonautServiceCore", "CosmonautServiceMocks", "NetworkMocks", "PersistenceMocks", "NetworkCore", "Persistence",
            ]),
        .target(name: "HeatRadiatorServiceCore"),
        .target(name: "HeatRadiatorService", dependencies: ["HeatRadiatorServiceCore", "RadioCore", "Logging"]),
        .target(name: "HeatRadiatorServiceMocks", dependencies: ["HeatRadiatorServiceCore"]),
        .testTarget(
            name: "HeatRadiatorServiceTests",
            dependencies: ["HeatRadiatorService", "HeatRadiatorServiceCore", "HeatRadiatorServiceMocks", "RadioMocks", "RadioCore"]),
        .target(name: "SolarArrayServiceCore"),
        .target(name: "SolarArrayService", dependencies: ["SolarArrayServiceCore", "RadioCore", "Logging"]),
        .target(name: "SolarArrayServiceMocks", dependencies: ["SolarArrayServiceCore"]),
        .testTarget(
            name: "SolarArrayServiceTests",
            dependencies: ["SolarArrayService", "SolarArrayServiceCore", "SolarArrayServiceMocks", "RadioMocks", "RadioCore"]),
        .target(name: "DockingPortServiceCore"),
        .target(name: "DockingPortService", dependencies: ["DockingPortServiceCore", "NetworkCore", "Logging"]),
        .target(name: "DockingPortServiceMocks", dependencies: ["DockingPortServiceCore"]),
        .testTarget(
            name: "DockingPortServiceTests",
            dependencies: ["DockingPortService", "DockingPortServiceCore", "DockingPortServiceMocks", "NetworkMocks", "NetworkCore"]),
        .target(name: "SpacesuitCore"),
        .target(name: "Spacesuit", dependencies: ["SpacesuitCore", "SpacesuitServiceCore", "UIComponents", "Logging"]),
        .testTarget(
            name: "SpacesuitTests", dependencies: ["Spacesuit", "SpacesuitCore", "SpacesuitServiceMocks", "SpacesuitServiceCore", "Logging"]),
        .target(name: "Cosmonaut", dependencies: ["CosmonautServiceCore", "SpacesuitCore", "UIComponents", "Logging"]),
        .testTarget(
            name: "CosmonautTests", dependencies: ["Cosmonaut", "CosmonautServiceMocks", "CosmonautServiceCore", "SpacesuitCore", "Logging"]),
        .target(name: "Peripheries", dependencies: ["HeatRadiatorServiceCore", "SolarArrayServiceCore", "DockingPortServiceCore", "UIComponents"]),
        .testTarget(
            name: "PeripheriesTests",
            dependencies: [
                "Peripheries", "HeatRadiatorServiceMocks", "SolarArrayServiceMocks", "DockingPortServiceMocks", "HeatRadiatorServiceCore",
                "SolarArrayServiceCore", "DockingPortServiceCore",
            ]),
        .target(name: "Scaffold", dependencies: ["SolarArrayServiceCore", "DockingPortServiceCore", "UIComponents"]),
        .testTarget(
            name: "ScaffoldTests",
            dependencies: ["Scaffold", "SolarArrayServiceMocks", "DockingPortServiceMocks", "SolarArrayServiceCore", "DockingPortServiceCore"]),
        .target(name: "Columbus", dependencies: ["HeatRadiatorServiceCore", "PersistenceCore", "UIComponents", "Logging"]),
        .testTarget(
            name: "ColumbusTests",
            dependencies: ["Columbus", "HeatRadiatorServiceMocks", "PersistenceMocks", "HeatRadiatorServiceCore", "Persistence", "Logging"]),
        .executableTarget(
            name: "CosmonautApp",
            dependencies: [
                "Cosmonaut", "Spacesuit", "SpacesuitCore", "CosmonautService", "SpacesuitService", "SpacesuitServiceCore", "Network", "NetworkCore",
                "Radio", "RadioCore", "Persistence", "PersistenceCore", "StationSimulator", "Logging",
            ]),
        .executableTarget(
            name: "OverviewApp",
            dependencies: [
                "Peripheries", "Scaffold", "Spacesuit", "SpacesuitService", "SpacesuitServiceCore", "HeatRadiatorService", "HeatRadiatorServiceCore",
                "SolarArrayService", "SolarArrayServiceCore", "DockingPortService", "DockingPortServiceCore", "Network", "NetworkCore", "Radio",
                "RadioCore", "StationSimulator", "UIComponents", "Logging",
            ]),
        .executableTarget(
            name: "LaboratoryApp",
            dependencies: [
                "Columbus", "HeatRadiatorService", "HeatRadiatorServiceCore", "Persistence", "PersistenceCore", "Radio", "RadioCore",
                "StationSimulator", "Logging",
            ]),
    ]
)
