import Testing

@testable import StrataInit

@Suite struct NameWordsTests {
    @Test func camelCaseAcronymsDigitsAndSeparatorsSplitWords() {
        #expect(NameWords.split("LoginFeature") == ["Login", "Feature"])
        #expect(NameWords.split("HTTPClientKit") == ["HTTP", "Client", "Kit"])
        #expect(NameWords.split("Domain00042") == ["Domain", "00042"])
        #expect(NameWords.split("design_system-ui") == ["design", "system", "ui"])
        #expect(NameWords.split("Logging") == ["Logging"])
    }

    @Test func pluralsShareTheirAffixKey() {
        #expect(NameWords.key("Features") == NameWords.key("Feature"))
        #expect(NameWords.key("Kit") == "kit")
        #expect(NameWords.key("Class") == "class")
    }
}
