import StrataPackageIdentity
import Testing

@testable import StrataCocoaPods

/// Podspec requirements read as CocoaPods (RubyGems) reads them, said as SwiftPM says them.
@Suite struct PodRequirementTests {
    func translated(_ requirements: String...) throws -> String {
        try PodRequirement(requirements).swiftSource
    }

    @Test func thePessimisticOperatorLetsTheLastWrittenPartGrow() throws {
        // ~> 1.2.3 is below 1.3; ~> 1.2 below 2.0; ~> 1 below 2.0 (CocoaPods' Podfile guide).
        #expect(try translated("~> 1.2.3") == #".upToNextMinor(from: "1.2.3")"#)
        #expect(try translated("~> 1.2") == #"from: "1.2.0""#)
        #expect(try translated("~> 1") == #"from: "1.0.0""#)
        #expect(try translated("~> 0.1.2") == #".upToNextMinor(from: "0.1.2")"#)
        #expect(try translated("~>0.4") == #"from: "0.4.0""#)
    }

    @Test func aVersionAloneOrWithEqualsIsExact() throws {
        #expect(try translated("1.4.1") == #"exact: "1.4.1""#)
        #expect(try translated("= 2.0") == #"exact: "2.0.0""#)
        #expect(try translated("= 1.0.0-beta.2") == #"exact: "1.0.0-beta.2""#)
    }

    @Test func boundsTogetherMakeTheNarrowestRange() throws {
        #expect(try translated(">= 1.0", "< 2.0") == #"from: "1.0.0""#)
        #expect(try translated(">= 1.2", "< 1.5") == #""1.2.0"..<"1.5.0""#)
        #expect(try translated(">= 1.2.0", "< 1.3") == #".upToNextMinor(from: "1.2.0")"#)
        #expect(try translated("> 1.2.3", "<= 1.4.0") == #""1.2.4"..<"1.4.1""#)
        #expect(try translated("~> 1.2", ">= 1.2.5") == #"from: "1.2.5""#)
        #expect(try translated("~> 1.2", "< 1.4") == #""1.2.0"..<"1.4.0""#)
        #expect(try translated("1.3.0", "~> 1.2") == #"exact: "1.3.0""#)
    }

    @Test func withoutAnUpperBoundItTakesUpToTheNextMajorAndSaysSo() throws {
        let lowerOnly = try PodRequirement([">= 1.1"])
        #expect(lowerOnly.swiftSource == #"from: "1.1.0""#)
        #expect(lowerOnly.note?.contains("no 'any later version'") == true)
        let none = try PodRequirement([])
        #expect(none == .openEnded(from: SemanticVersion("0.0.0")!))
        #expect(try PodRequirement(["~> 1.2"]).note == nil)
    }

    /// The oracle: the versions the translation allows are the ones the spec repos' own check
    /// (`pod install`'s choice among a repo's versions) lets through, for every pair of
    /// requirements over a grid of versions; where only a lower bound is written, a subset.
    @Test func itAllowsExactlyTheVersionsCocoaPodsWouldChooseFrom() throws {
        let grid = (0...2).flatMap { major in (0...3).flatMap { minor in (0...3).map { "\(major).\(minor).\($0)" } } }
        let written = ["1", "1.2", "1.2.3", "0.3", "2.0.1"]
        let single = ["~>", ">=", ">", "<", "<=", "="].flatMap { operation in written.map { "\(operation) \($0)" } }
        let pairs = single.flatMap { first in single.map { [first, $0] } } + single.map { [$0] }
        var compared = 0
        for requirements in pairs {
            guard let translated = try? PodRequirement(requirements) else {
                // Refused only when nothing meets both.
                #expect(!grid.contains { version in requirements.allSatisfy { SpecRepos.version(version, meets: $0) } }, "\(requirements)")
                continue
            }
            for text in grid {
                let met = requirements.allSatisfy { SpecRepos.version(text, meets: $0) }
                let allowed = translated.allows(try #require(SemanticVersion(text)))
                if case .openEnded = translated {
                    #expect(!allowed || met, "\(requirements) allows \(text)")
                } else {
                    #expect(allowed == met, "\(requirements) as \(translated.swiftSource), \(text): CocoaPods \(met)")
                }
                compared += 1
            }
        }
        #expect(compared > 25_000)
    }

    @Test func whatSwiftPMCannotSayIsAProblemNamingTheRequirement() {
        func problem(_ requirements: String...) -> String? {
            do {
                _ = try PodRequirement(requirements)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem("!= 1.2")?.contains("'!= 1.2': SwiftPM cannot say '!='") == true)
        #expect(problem("~> 1.0.0.1")?.contains("is not a version of one to three numbers") == true)
        #expect(problem(">= 1.x")?.contains("'1.x' is not a version") == true)
        #expect(problem("~>")?.contains("names no version") == true)
        #expect(problem(">= 2.0", "< 1.5")?.contains("no version is at least 2.0.0 and below 1.5.0") == true)
        #expect(problem("1.0.0", ">= 1.1")?.contains("1.0.0 is not at least 1.1.0") == true)
        #expect(problem("= 1.2", "1.3")?.contains("no version is both 1.2.0 and 1.3.0") == true)
    }
}
