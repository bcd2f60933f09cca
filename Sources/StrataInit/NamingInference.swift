/// Infers the `naming:` templates from the targets a workspace has: the suffix that pairs most
/// libraries with a library of the same name without it (`Network`, `NetworkInterface`) is the
/// interface template; every mocks and tests suffix seen pairing is listed, most common first.
public struct NamingInference: Sendable, Hashable {
    /// What a target is, as far as naming goes.
    public enum Kind: Sendable, Hashable {
        case library, test, executable
    }

    public static let interfaceSuffixes = ["Interface", "Interfaces", "API", "Api", "Protocols", "Contract", "Contracts", "Public", "Core"]
    public static let mocksSuffixes = ["Mocks", "Mock", "TestSupport", "Testing", "TestUtils", "TestHelpers", "Fakes", "Stubs", "Doubles"]
    public static let testsSuffixes = ["Tests", "UnitTests", "IntegrationTests", "UITests", "SnapshotTests", "Specs"]
    /// Executables named like these are test or demo hosts, which may link mocks.
    public static let hostSuffixes = ["Host", "HostApp", "Demo", "DemoApp", "Example", "Sandbox", "Playground", "Showcase"]

    /// `{module}Interface`-style templates, the interface's alone, the mocks and tests ones most common first.
    public var interface: String
    public var mocks: [String]
    public var tests: [String]
    /// `adopt.hosts` patterns matching at least one executable.
    public var hosts: [String]
    /// How many modules each chosen suffix paired, for the comments in strata.yml.
    public var evidence: [String: Int]

    public init(targets: [(name: String, kind: Kind)]) {
        let libraries = Set(targets.filter { $0.kind == .library }.map(\.name))
        var evidence: [String: Int] = [:]
        func pairs(_ suffix: String, among names: [String]) -> Int {
            names.filter { $0.hasSuffix(suffix) && $0.count > suffix.count && libraries.contains(String($0.dropLast(suffix.count))) }.count
        }
        let libraryNames = libraries.sorted()
        var bestInterface: (suffix: String, count: Int)?
        for suffix in Self.interfaceSuffixes {
            let count = pairs(suffix, among: libraryNames)
            if count > 0, count > (bestInterface?.count ?? 0) { bestInterface = (suffix, count) }
        }
        interface = "{module}\(bestInterface?.suffix ?? "Interface")"
        if let bestInterface { evidence[interface] = bestInterface.count }

        func ranked(_ suffixes: [String], among names: [String], fallback: String) -> [String] {
            let counted = suffixes.map { ($0, pairs($0, among: names)) }.filter { $0.1 > 0 }
            let sorted = counted.enumerated().sorted { ($1.element.1, $0.offset) < ($0.element.1, $1.offset) }.map(\.element)
            for (suffix, count) in sorted { evidence["{module}\(suffix)"] = count }
            return sorted.isEmpty ? ["{module}\(fallback)"] : sorted.map { "{module}\($0.0)" }
        }
        mocks = ranked(Self.mocksSuffixes, among: libraryNames, fallback: "Mocks")
        tests = ranked(Self.testsSuffixes, among: targets.filter { $0.kind == .test }.map(\.name), fallback: "Tests")
        let executables = targets.filter { $0.kind == .executable }.map(\.name)
        hosts = Self.hostSuffixes.filter { suffix in executables.contains { $0.hasSuffix(suffix) && $0.count > suffix.count } }.map { "*\($0)" }
        self.evidence = evidence
    }
}
