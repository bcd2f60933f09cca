/// The state of a simulated station: what its devices report and what the ground knows.
/// The terminal apps run against a scenario instead of the real station.
public struct StationScenario: Sendable {
    public struct Suit: Sendable {
        public var id: String
        public var oxygenPercent: Double
        public var batteryPercent: Double
        public var pressureKPa: Double
        public var temperatureCelsius: Double
        public var scrubberHours: Double
    }
    public struct CrewMember: Sendable {
        public var id: String
        public var name: String
        public var role: String
        public var agency: String
        public var suit: String?
        public var foodDays: Int
        public var waterLiters: Double
        public var medicalKitOK: Bool
    }
    public struct CoolingLoop: Sendable {
        public var name: String
        public var inletCelsius: Double
        public var outletCelsius: Double
        public var flowKgPerHour: Double
    }
    public struct SolarWing: Sendable {
        public var name: String
        public var powerKW: Double
        public var angleDegrees: Double
        public var tracking: Bool
    }
    public struct DockingPort: Sendable {
        public var name: String
        public var vehicle: String?
        public var state: String
    }

    public var name: String
    public var summary: String
    public var suits: [Suit]
    public var crew: [CrewMember]
    public var coolingLoops: [CoolingLoop]
    public var solarWings: [SolarWing]
    public var dockingPorts: [DockingPort]
    /// The first this many ground requests find the link down (loss of signal).
    public var groundDropouts: Int
    /// The first this many radio replies arrive with a bad checksum.
    public var corruptRadioFrames: Int

    /// Every scenario the apps offer with `--scenario`.
    public static let all: [StationScenario] = [.nominal, .lowOxygen, .lossOfSignal]

    /// The scenario called `name`, if any.
    public static func named(_ name: String) -> StationScenario? {
        all.first { $0.name == name }
    }

    /// A quiet day on board.
    public static let nominal = StationScenario(
        name: "nominal",
        summary: "all systems nominal",
        suits: [
            Suit(id: "EMU-3005", oxygenPercent: 98, batteryPercent: 96, pressureKPa: 29.6, temperatureCelsius: 21.5, scrubberHours: 8),
            Suit(id: "EMU-3008", oxygenPercent: 95, batteryPercent: 91, pressureKPa: 29.7, temperatureCelsius: 22.0, scrubberHours: 7.5),
            Suit(id: "EMU-3011", oxygenPercent: 100, batteryPercent: 88, pressureKPa: 29.5, temperatureCelsius: 20.8, scrubberHours: 8),
        ],
        crew: [
            CrewMember(
                id: "c1", name: "Oleg Kononenko", role: "Commander", agency: "Roscosmos", suit: nil,
                foodDays: 84, waterLiters: 310, medicalKitOK: true),
            CrewMember(
                id: "c2", name: "Tracy Dyson", role: "Flight Engineer", agency: "NASA", suit: "EMU-3005",
                foodDays: 84, waterLiters: 305, medicalKitOK: true),
            CrewMember(
                id: "c3", name: "Matthew Dominick", role: "Flight Engineer", agency: "NASA", suit: "EMU-3008",
                foodDays: 61, waterLiters: 290, medicalKitOK: true),
            CrewMember(
                id: "c4", name: "Satoshi Furukawa", role: "Flight Engineer", agency: "JAXA", suit: "EMU-3011",
                foodDays: 61, waterLiters: 288, medicalKitOK: true),
        ],
        coolingLoops: [
            CoolingLoop(name: "A", inletCelsius: 2.8, outletCelsius: 9.9, flowKgPerHour: 1_650),
            CoolingLoop(name: "B", inletCelsius: 3.1, outletCelsius: 10.4, flowKgPerHour: 1_610),
        ],
        solarWings: [
            SolarWing(name: "1A", powerKW: 27.1, angleDegrees: 41, tracking: true),
            SolarWing(name: "1B", powerKW: 26.8, angleDegrees: 41, tracking: true),
            SolarWing(name: "2A", powerKW: 25.9, angleDegrees: 139, tracking: true),
            SolarWing(name: "2B", powerKW: 26.2, angleDegrees: 139, tracking: true),
            SolarWing(name: "3A", powerKW: 24.4, angleDegrees: 40, tracking: true),
            SolarWing(name: "4A", powerKW: 23.7, angleDegrees: 140, tracking: true),
        ],
        dockingPorts: [
            DockingPort(name: "Harmony forward", vehicle: "Crew Dragon Endeavour", state: "occupied"),
            DockingPort(name: "Harmony zenith", vehicle: nil, state: "free"),
            DockingPort(name: "Poisk", vehicle: "Soyuz MS-25", state: "occupied"),
            DockingPort(name: "Zvezda aft", vehicle: "Progress MS-26", state: "occupied"),
            DockingPort(name: "Unity nadir", vehicle: "Cygnus NG-20", state: "approaching"),
        ],
        groundDropouts: 0,
        corruptRadioFrames: 0
    )

    /// EMU-3008 lost oxygen and its scrubber is spent; a crew member is short on food.
    public static let lowOxygen: StationScenario = {
        var scenario = nominal
        scenario.name = "low-oxygen"
        scenario.summary = "EMU-3008 low on oxygen; supplies running short"
        scenario.suits[1].oxygenPercent = 41
        scenario.suits[1].scrubberHours = 1.5
        scenario.crew[2].foodDays = 12
        scenario.coolingLoops[1].outletCelsius = 17.2
        return scenario
    }()

    /// Passing out of coverage: the ground link drops and radio frames arrive damaged, then recover.
    public static let lossOfSignal: StationScenario = {
        var scenario = nominal
        scenario.name = "loss-of-signal"
        scenario.summary = "ground link flapping, radio frames damaged; retries recover"
        scenario.groundDropouts = 2
        scenario.corruptRadioFrames = 2
        return scenario
    }()
}
