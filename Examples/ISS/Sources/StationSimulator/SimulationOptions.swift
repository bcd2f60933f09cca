import Foundation

/// The command line every ISS terminal app accepts: which scenario to simulate, how much to
/// log, and where to keep data between runs.
public struct SimulationOptions: Sendable, Equatable {
    public struct UsageError: Error, Equatable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    public var scenarioName = StationScenario.nominal.name
    public var verbose = false
    /// A folder for persistent data; nil keeps data in memory for the run.
    public var storeFolder: String?
    public var showHelp = false
    /// Deep links to open instead of the app's default screens, such as `iss://cosmonaut/spacesuit`.
    public var links: [String] = []

    public init() {}

    /// The scenario named by `--scenario`.
    public var scenario: StationScenario { StationScenario.named(scenarioName) ?? .nominal }

    /// Parses `--scenario NAME`, `--store FOLDER`, `--verbose`, `--help` and deep links.
    public static func parse<Arguments: Sequence>(_ arguments: Arguments) throws(UsageError) -> SimulationOptions
    where Arguments.Element == String {
        var options = SimulationOptions()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--verbose", "-v":
                options.verbose = true
            case "--help", "-h":
                options.showHelp = true
            case "--scenario":
                guard let name = iterator.next() else { throw UsageError(message: "--scenario needs a name") }
                guard StationScenario.named(name) != nil else {
                    throw UsageError(message: "unknown scenario '\(name)'; scenarios: \(StationScenario.all.map(\.name).joined(separator: ", "))")
                }
                options.scenarioName = name
            case "--store":
                guard let folder = iterator.next(), !folder.isEmpty else { throw UsageError(message: "--store needs a folder") }
                options.storeFolder = folder
            case let link where link.contains("://"):
                options.links.append(link)
            default:
                throw UsageError(message: "unknown argument '\(argument)'")
            }
        }
        return options
    }

    /// Help text for `app`.
    public static func usage(app: String) -> String {
        """
        usage: \(app) [--scenario NAME] [--store FOLDER] [--verbose] [LINK…]

          --scenario NAME   simulate one of: \(StationScenario.all.map(\.name).joined(separator: ", ")) (default: nominal)
          --store FOLDER    keep data between runs in FOLDER (default: in memory)
          --verbose         log every exchange with the ground and the devices
          LINK              open a deep link instead of the default screens, e.g. iss://\(app.lowercased())/…
        """
    }

    /// The process's own arguments: on `--help`, prints the usage and exits 0; on a usage
    /// error, prints it with the usage to standard error and exits 2.
    public static func fromCommandLine(app: String) -> SimulationOptions {
        do {
            let options = try parse(CommandLine.arguments.dropFirst())
            if options.showHelp {
                print(usage(app: app))
                exit(0)
            }
            return options
        } catch {
            FileHandle.standardError.write(Data("\(app): \(error)\n\(usage(app: app))\n".utf8))
            exit(2)
        }
    }
}
