import StrataDiagnostics
import Testing

@Suite struct SuggestionsTests {
    @Test(arguments: [
        ("Netwrok", "Network"), ("netowrk", "Network"), ("Logg", "Logging"), ("prefer-interfaces", "prefer-interface"),
        ("dependecies", "dependencies"), ("servce", "service"),
    ])
    func nearMissesFindTheIntendedName(typo: String, intended: String) {
        let candidates = ["Network", "Logging", "Radio", "prefer-interface", "dependencies", "service", "same-layer"]
        #expect(Suggestions.closest(to: typo, in: candidates) == intended)
    }

    @Test func unrelatedNamesGetNoSuggestion() {
        #expect(Suggestions.closest(to: "UI", in: ["Radio", "Network"]) == nil)
        #expect(Suggestions.closest(to: "Spacesuit", in: ["Logging"]) == nil)
        #expect(Suggestions.didYouMean("x", in: []) == nil)
    }

    @Test func theSameNameIsNotSuggestedToItself() {
        #expect(Suggestions.closest(to: "Network", in: ["Network"]) == nil)
    }

    @Test func tiesGoToTheAlphabeticallyFirst() {
        #expect(Suggestions.closest(to: "Bat", in: ["Cat", "Bad"]) == "Bad")
    }
}
