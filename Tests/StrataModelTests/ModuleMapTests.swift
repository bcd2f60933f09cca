import Foundation
import Testing

@testable import StrataSwiftPM

/// The modules a Clang module map provides: its top-level declarations only.
struct ModuleMapTests {
    private func modules(_ text: String) -> [String] {
        ModuleMap.topLevelModules(in: Array(text.utf8))
    }

    @Test func topLevelModulesOfEveryForm() {
        #expect(modules("framework module GoLibs {\n  umbrella header \"GoLibs.h\"\n  export *\n  module * { export * }\n}\n") == ["GoLibs"])
        #expect(modules("module CZlib [system] [extern_c] {\n  header \"shim.h\"\n  link \"z\"\n}\n") == ["CZlib"])
        #expect(modules("explicit module A { }\nmodule B {\n  explicit module Inner { header \"i.h\" }\n}\n") == ["A", "B"])
    }

    @Test func commentsStringsAndExternReferencesAreNotModules() {
        let text = """
            // module Commented { }
            /* module Block { } */
            extern module Elsewhere "other.modulemap"
            module Real {
              header "module Fake {.h"
            }
            """
        #expect(modules(text) == ["Real"])
    }

    @Test func brokenInputGivesWhatItCanAndNeverCrashes() {
        #expect(modules("") == [])
        #expect(modules("module") == [])
        #expect(modules("module Open {") == ["Open"])
        #expect(modules("}}} module After { }") == ["After"])
        #expect(modules("/* unterminated") == [])
        #expect(modules("\"unterminated") == [])
    }
}
