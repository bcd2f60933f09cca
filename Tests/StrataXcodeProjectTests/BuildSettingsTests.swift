import Foundation
import StrataDiagnostics
import StrataProjectFormat
import Testing

@testable import StrataXcodeProject

/// Build settings resolved through their levels, and `.xcconfig` files read as Xcode reads them.
@Suite struct BuildSettingsTests {
    @Test func aHigherLevelWinsAndInheritedIsTheLevelBelow() {
        let settings = BuildSettings(levels: [
            ["TARGET_NAME": "Feed Screen", "FLAGS": "A"],
            ["FLAGS": "$(inherited) B", "PRODUCT_NAME": "$(TARGET_NAME)"],
            ["FLAGS": "C ${inherited}"],
        ])
        #expect(settings["FLAGS"] == "C A B")
        #expect(settings.words("FLAGS") == ["C", "A", "B"])
        #expect(settings["PRODUCT_NAME"] == "Feed Screen")
        #expect(settings["MISSING"] == nil)
        // An inherited value with nothing below is empty.
        #expect(BuildSettings(levels: [["X": "$(inherited) 1"]])["X"] == " 1")
    }

    /// `#if` flags: the active compilation conditions, and `-D` in the other Swift flags, each once.
    @Test func compilationConditionsComeFromBothSettings() {
        let settings = BuildSettings(levels: [
            ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "DEBUG $(inherited)", "OTHER_SWIFT_FLAGS": "-DBETA -warn-concurrency -D STAGING -D"],
            ["SWIFT_ACTIVE_COMPILATION_CONDITIONS": "$(inherited) BETA"],
        ])
        #expect(ProjectReader.compilationConditions(settings) == ["DEBUG", "BETA", "STAGING"])
    }

    @Test(arguments: [
        ("$(NAME:c99extidentifier)", "_nd_Feed_Screen"), ("$(NAME:rfc1034identifier)", "2nd-Feed-Screen"), ("$(NAME:lower)", "2nd feed-screen"),
        ("$(NAME:upper)", "2ND FEED-SCREEN"), ("$(PATH:file)", "Feed.swift"), ("$(PATH:dir)", "Sources/App/"), ("$(PATH:base)", "Feed"),
        ("$(PATH:suffix)", ".swift"), ("$(EMPTY:default=Plain)", "Plain"), ("$(NAME:default=Plain)", "2nd Feed-Screen"),
        ("$(NAME:lower:c99extidentifier)", "_nd_feed_screen"), ("$(UNSET)x", "x"), ("cost: $5", "cost: $5"), ("$(unclosed", "$(unclosed"),
        // One whole reference (read without the general walk), and values that only look like one.
        ("${NAME:upper}", "2ND FEED-SCREEN"), ("$(PATH)(x)", "Sources/App/Feed.swift(x)"), ("$(NAME)$(EMPTY)", "2nd Feed-Screen"),
        ("$(NAME}", "$(NAME}"), ("$()", ""),
    ])
    func operatorsChangeTheValueAsXcodeDoes(written: String, expected: String) {
        let settings = BuildSettings(levels: [["NAME": "2nd Feed-Screen", "PATH": "Sources/App/Feed.swift", "EMPTY": "", "VALUE": written]])
        #expect(settings["VALUE"] == expected)
    }

    @Test func settingsThatReferToEachOtherInACircleEnd() {
        let settings = BuildSettings(levels: [["A": "$(B)a", "B": "$(A)b", "SELF": "$(SELF)"]])
        #expect(settings["A"]?.hasSuffix("ba") == true)
        #expect(settings["SELF"] == "")
    }

    @Test func anXcconfigIsReadWithItsIncludesCommentsAndInheritedValues() throws {
        let folder = try ProjectFixtures.temporaryFolder("xcconfig")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func write(_ name: String, _ text: String) throws { try text.write(toFile: folder + "/" + name, atomically: true, encoding: .utf8) }
        try write(
            "Base.xcconfig",
            """
            // Shared by every target.
            #include "Shared/Flags.xcconfig"
            #include? "Local.xcconfig"
            #include "Missing.xcconfig"
            #include "<DEVELOPER_DIR>/Makefiles/CoreBuildSystem.xcconfig"
            FLAGS = $(inherited) BASE // the first
            FLAGS = $(inherited) MORE;
            OTHER_LDFLAGS[sdk=iphoneos*] = -ObjC
            URL = https:
            NOT A SETTING
            """)
        try FileManager.default.createDirectory(atPath: folder + "/Shared", withIntermediateDirectories: true)
        try write("Shared/Flags.xcconfig", "FLAGS = SHARED\n#include \"../Base.xcconfig\"\n")
        let location = SourceLocation(path: folder + "/App.xcodeproj/project.pbxproj", line: 7, column: 3)
        let read = ConfigurationFiles(files: LocalFiles()).settings(at: folder + "/Base.xcconfig", namedAt: location)
        #expect(read.settings == ["FLAGS": "SHARED BASE MORE", "URL": "https:"])
        #expect(read.read == [folder + "/Base.xcconfig", folder + "/Shared/Flags.xcconfig"])
        // The missing include and the circle, each at the line that names it; the optional include is silent.
        #expect(read.warnings.map(\.location?.line) == [2, 4])
        #expect(read.warnings.map(\.location?.path) == [folder + "/Shared/Flags.xcconfig", folder + "/Base.xcconfig"])
        #expect(read.warnings[0].message.contains("includes itself"))
        #expect(read.warnings[1].message.contains("cannot read the configuration file '\(folder)/Missing.xcconfig'"))
        #expect(read.warnings.allSatisfy { $0.severity == .warning && $0.id == ConfigurationFiles.warningID })

        let missing = ConfigurationFiles(files: LocalFiles()).settings(at: folder + "/Gone.xcconfig", namedAt: location)
        #expect(missing.settings.isEmpty && missing.warnings.map(\.location) == [location])
    }
}
