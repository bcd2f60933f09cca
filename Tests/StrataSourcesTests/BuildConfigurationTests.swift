import StrataLexer
import StrataSources
import Testing

@Suite struct BuildConfigurationTests {
    private let linux = BuildConfiguration(platform: .linux, defines: ["FAST"], swiftVersion: [6, 3], workspaceModules: ["Network"])

    @Test(
        arguments: [
            ("os ( Linux )", true), ("os ( macOS )", false), ("os ( Plan9 )", nil), ("! os ( Linux )", false),
            ("canImport ( Glibc )", true), ("canImport ( UIKit )", false), ("canImport ( Network )", true), ("canImport ( Mystery )", nil),
            ("swift ( >= 5.9 )", true), ("compiler ( < 6.0 )", false), ("swift ( >= 6.3.1 )", false),
            ("FAST", true), ("DEBUG", nil), ("DEBUG || os ( Linux )", true), ("DEBUG && os ( macOS )", false), ("DEBUG && os ( Linux )", nil),
            ("targetEnvironment ( simulator )", false), ("arch ( arm64 )", nil), ("( os ( Linux ) || FAST ) && true", true),
        ] as [(String, Bool?)])
    func conditionsAreEvaluatedThreeValued(condition: String, expected: Bool?) {
        #expect(linux.evaluate(condition) == expected)
    }

    @Test func aBranchIsDroppedOnlyWhenItsConditionIsKnownFalse() {
        let macOnly = [IfConfigClause(negated: [], condition: "os ( macOS )")]
        let elseOfLinux = [IfConfigClause(negated: ["os ( Linux )"], condition: nil)]
        let unknown = [IfConfigClause(negated: [], condition: "DEBUG")]
        #expect(!linux.isActive(macOnly))
        #expect(!linux.isActive(elseOfLinux))
        #expect(linux.isActive(unknown))
        #expect(BuildConfiguration.allBranches.isActive(macOnly))
    }

    @Test func aFlagMarkedUndefinedIsFalseAndOnlyThen() {
        let release = BuildConfiguration(platform: nil, defines: ["FAST"], undefines: ["DEBUG"], swiftVersion: [6, 3])
        #expect(release.evaluate("DEBUG") == false)
        #expect(release.evaluate("! DEBUG") == true)
        #expect(release.evaluate("DEBUG || FAST") == true)
        #expect(release.evaluate("TRACE") == nil)
        // Without a platform, an undefined flag alone is enough to drop a branch.
        #expect(!release.isActive([IfConfigClause(negated: [], condition: "DEBUG")]))
        #expect(release.isActive([IfConfigClause(negated: ["DEBUG"], condition: nil)]))
    }

    @Test func sdkModulesAreKnownPerPlatform() {
        #expect(SDKModules.isAvailable("UIKit", on: .ios) == true)
        #expect(SDKModules.isAvailable("UIKit", on: .macos) == false)
        #expect(SDKModules.isAvailable("Glibc", on: .linux) == true)
        #expect(SDKModules.isAvailable("Foundation", on: .windows) == true)
        #expect(SDKModules.isAvailable("Spacesuit", on: .linux) == nil)
    }
}
