import Foundation
import Testing

/// The runtime libraries support iOS 13, macOS 10.15, tvOS 13, watchOS 6 and visionOS 1. Linux
/// cannot type-check Apple availability, so these tests check the floor the way an Apple build
/// would fail on it:
///
/// - the package declares exactly that floor;
/// - no source declares `@available` above it or imports a module that only exists above it;
/// - every standard-library, concurrency and Synchronization declaration the sources refer to
///   was introduced at or below it. The compiler's AST dump names each declaration a source
///   file refers to by its USR, and `swift-api-digester` lists those modules' declarations with
///   the Apple versions that introduced them (Linux builds of the standard library keep them).
@Suite struct PlatformFloorTests {
    static let floor: [String: Version] = [
        "ios": Version("13.0"), "macos": Version("10.15"), "tvos": Version("13.0"), "watchos": Version("6.0"), "visionos": Version("1.0"),
    ]
    /// The digester's names for the platforms, and the floor's.
    static let digesterPlatforms = ["intro_Macosx": "macos", "intro_iOS": "ios", "intro_tvOS": "tvos", "intro_watchOS": "watchos"]
    static let targets = ["StrataRuntimeSupport", "StrataDI", "StrataRouting"]
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func thePackageDeclaresTheFloor() throws {
        // A scratch folder of its own: `swift test` holds the lock on the package's .build.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-floor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let output = try Toolchain.run("swift", ["package", "--package-path", Self.root.path, "--scratch-path", scratch.path, "dump-package"])
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let platforms = try #require(manifest["platforms"] as? [[String: Any]])
        var declared: [String: Version] = [:]
        for platform in platforms {
            declared[try #require(platform["platformName"] as? String)] = Version(try #require(platform["version"] as? String))
        }
        #expect(declared == Self.floor)
    }

    @Test func noSourceDeclaresOrImportsAboveTheFloor() throws {
        var findings: [String] = []
        for (file, text) in try Self.sources() {
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                if code.hasPrefix("//") { continue }
                if code.range(of: #"^(@\w+\s+)*(public |package |internal |private )?import\s+Synchronization\b"#, options: .regularExpression) != nil
                {
                    findings.append("\(file):\(number + 1): imports Synchronization (iOS 18 / macOS 15)")
                }
                for attribute in Self.availabilityAttributes(in: String(line)) {
                    for (platform, version) in attribute where Self.floor[platform].map({ version > $0 }) == true {
                        findings.append("\(file):\(number + 1): @available(\(platform) \(version)) is above the floor")
                    }
                }
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func everyDeclarationTheSourcesUseExistsAtTheFloor() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-floor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        var introduced: [String: [String: Version]] = [:]
        var newerTypes: [(mangled: String, name: String, versions: [String: Version])] = []
        for module in ["Swift", "_Concurrency", "Synchronization"] {
            let dump = scratch.appendingPathComponent("\(module).json")
            _ = try Toolchain.run("swift-api-digester", ["-dump-sdk", "-module", module, "-o", dump.path])
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: dump))
            Self.collectAvailability(json, into: &introduced, types: &newerTypes)
        }
        // The digester must have seen availability at all, or the check below proves nothing.
        #expect(introduced.count > 100)

        var references: [String: Set<String>] = [:]
        for target in Self.targets {
            let files = try Self.sourceFiles(of: target).map(\.path)
            let dump = try Toolchain.run(
                "swiftc", ["-dump-ast", "-dump-ast-format", "json", "-module-name", target, "-I", scratch.path] + Self.compilerSettings + files,
                includingErrors: true)
            references[target] = Self.referencedUSRs(in: dump)
            if target == "StrataRuntimeSupport" {
                _ = try Toolchain.run(
                    "swiftc",
                    ["-emit-module", "-module-name", target, "-emit-module-path", scratch.appendingPathComponent("\(target).swiftmodule").path]
                        + Self.compilerSettings + files)
            }
        }
        // Every target refers to something (a failed dump would otherwise pass).
        #expect(references.values.allSatisfy { $0.count > 50 }, "\(references.mapValues(\.count))")

        var findings: [String] = []
        for (target, usrs) in references.sorted(by: { $0.key < $1.key }) {
            for usr in usrs.sorted() {
                if let versions = introduced[usr] {
                    findings += Self.aboveFloor(versions).map { "\(target) uses \(usr), introduced in \($0)" }
                }
                for type in newerTypes where usr.hasPrefix("$") && usr.contains(type.mangled) {
                    findings += Self.aboveFloor(type.versions).map { "\(target) uses the type \(type.name), introduced in \($0)" }
                }
            }
        }
        #expect(findings.isEmpty, "\(Set(findings).sorted().joined(separator: "\n"))")
    }

    /// The check itself catches what it must: a file using Synchronization's Mutex and a String
    /// initialiser from Swift 6's standard library (macOS 15).
    @Test func theCheckFindsAnAPIAboveTheFloor() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("strata-floor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let source = scratch.appendingPathComponent("Newer.swift")
        try """
        import Synchronization
        let counter = Mutex<Int>(0)
        func text(_ bytes: [UInt8]) -> String? { String(validating: bytes, as: UTF8.self) }
        """.write(to: source, atomically: true, encoding: .utf8)
        var introduced: [String: [String: Version]] = [:]
        var types: [(mangled: String, name: String, versions: [String: Version])] = []
        for module in ["Swift", "Synchronization"] {
            let dump = scratch.appendingPathComponent("\(module).json")
            _ = try Toolchain.run("swift-api-digester", ["-dump-sdk", "-module", module, "-o", dump.path])
            Self.collectAvailability(try JSONSerialization.jsonObject(with: Data(contentsOf: dump)), into: &introduced, types: &types)
        }
        let dump = try Toolchain.run(
            "swiftc", ["-dump-ast", "-dump-ast-format", "json", "-module-name", "Newer", source.path])
        let usrs = Self.referencedUSRs(in: dump)
        let newer = usrs.filter { usr in introduced[usr].map { !Self.aboveFloor($0).isEmpty } ?? false }
        #expect(newer.contains { $0.hasPrefix("s:SS10validating") })
        #expect(newer.contains { $0.hasPrefix("s:15Synchronization5MutexV") })
        #expect(types.contains { $0.name == "Mutex" && usrs.contains(where: { usr in usr.contains("15Synchronization5MutexV") }) })
    }

    // MARK: Helpers

    static let compilerSettings = [
        "-swift-version", "6", "-parse-as-library", "-package-name", "StrataRuntime",
        "-enable-upcoming-feature", "ExistentialAny", "-enable-upcoming-feature", "InternalImportsByDefault",
        "-enable-upcoming-feature", "MemberImportVisibility",
    ]

    static func sourceFiles(of target: String) throws -> [URL] {
        let folder = root.appendingPathComponent("Sources/\(target)")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
        return files.map { folder.appendingPathComponent($0) }
    }

    static func sources() throws -> [(String, String)] {
        try targets.flatMap { target in
            try sourceFiles(of: target).map { ("\(target)/\($0.lastPathComponent)", try String(contentsOf: $0, encoding: .utf8)) }
        }
    }

    /// The platform versions of each `@available(…)` on `line`: `@available(macOS 15, iOS 18, *)`.
    static func availabilityAttributes(in line: String) -> [[String: Version]] {
        matches(of: #"@available\(([^)]*)\)"#, in: line).map { arguments in
            var versions: [String: Version] = [:]
            for argument in arguments.split(separator: ",") {
                let words = argument.split(separator: " ")
                guard words.count == 2, let digit = words[1].first, digit.isNumber else { continue }
                let platform = words[0].lowercased().replacingOccurrences(of: "applicationextension", with: "")
                versions[platform] = Version(String(words[1]))
            }
            return versions
        }
    }

    /// Walks a digester dump: every declaration with an Apple introduction version, by USR, and
    /// the nominal types among them, by mangled name (to find them inside mangled type USRs).
    static func collectAvailability(
        _ node: Any, into introduced: inout [String: [String: Version]], types: inout [(mangled: String, name: String, versions: [String: Version])]
    ) {
        if let object = node as? [String: Any] {
            var versions: [String: Version] = [:]
            for (key, platform) in digesterPlatforms {
                if let text = object[key] as? String { versions[platform] = Version(text) }
            }
            if !versions.isEmpty, let usr = object["usr"] as? String {
                introduced[usr] = versions
                if ["Struct", "Class", "Enum", "Protocol"].contains(object["declKind"] as? String ?? ""),
                    let mangled = object["mangledName"] as? String, mangled.hasPrefix("$s")
                {
                    types.append((String(mangled.dropFirst(2)), object["name"] as? String ?? mangled, versions))
                }
            }
            for value in object.values { collectAvailability(value, into: &introduced, types: &types) }
        } else if let array = node as? [Any] {
            for value in array { collectAvailability(value, into: &introduced, types: &types) }
        }
    }

    /// `macos 15.0`, … for each platform where `versions` is above the floor.
    static func aboveFloor(_ versions: [String: Version]) -> [String] {
        versions.sorted { $0.key < $1.key }.compactMap { platform, version in
            floor[platform].map { version > $0 } == true ? "\(platform) \(version)" : nil
        }
    }

    /// The USRs an AST dump's `decl_usr` and `type_usr` fields name: the declarations and types
    /// the source refers to (a declaration's own USR is in a plain `usr` field).
    static func referencedUSRs(in dump: String) -> Set<String> {
        var found: Set<String> = []
        for piece in dump.components(separatedBy: #"_usr":""#).dropFirst() {
            let usr = piece.prefix { $0 != "\"" }
            if !usr.isEmpty { found.insert(String(usr)) }
        }
        return found
    }

    static func matches(of pattern: String, in text: String) -> Set<String> {
        let expression = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return Set(expression.matches(in: text, range: range).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }
}

/// A dotted version, compared component by component.
struct Version: Comparable, CustomStringConvertible {
    let components: [Int]

    init(_ text: String) { components = text.split(separator: ".").map { Int($0) ?? 0 } }

    static func < (lhs: Version, rhs: Version) -> Bool {
        for index in 0..<max(lhs.components.count, rhs.components.count) {
            let left = index < lhs.components.count ? lhs.components[index] : 0
            let right = index < rhs.components.count ? rhs.components[index] : 0
            if left != right { return left < right }
        }
        return false
    }

    static func == (lhs: Version, rhs: Version) -> Bool { !(lhs < rhs) && !(rhs < lhs) }

    var description: String { components.map(String.init).joined(separator: ".") }
}

/// Runs the toolchain's programs (found on PATH, as `swift` itself is).
enum Toolchain {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The program's output; `includingErrors` adds its standard error (where the driver writes
    /// the AST dumps of a module with several files).
    static func run(_ program: String, _ arguments: [String], includingErrors: Bool = false) throws -> String {
        // Into files rather than pipes: an AST dump is far larger than a pipe's buffer.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strata-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outputFile = folder.appendingPathComponent("out")
        let errorFile = folder.appendingPathComponent("err")
        guard FileManager.default.createFile(atPath: outputFile.path, contents: nil),
            FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        else { throw Failure(description: "cannot create files in \(folder.path)") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            throw Failure(description: "\(program) \(arguments.prefix(6).joined(separator: " ")) … failed: \(errors)")
        }
        let output = try String(contentsOf: outputFile, encoding: .utf8)
        return includingErrors ? output + (try String(contentsOf: errorFile, encoding: .utf8)) : output
    }
}
