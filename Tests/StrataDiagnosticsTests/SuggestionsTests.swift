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

@Suite struct DiagnosticOrderTests {
    @Test func diagnosticsSortByFileThenPositionThenId() {
        let a = Diagnostic(id: "b", severity: .error, message: "m", location: SourceLocation(path: "/a", line: 2, column: 1))
        let b = Diagnostic(id: "a", severity: .error, message: "m", location: SourceLocation(path: "/a", line: 2, column: 1))
        let c = Diagnostic(id: "a", severity: .error, message: "m", location: SourceLocation(path: "/a", line: 10, column: 1))
        let d = Diagnostic(id: "a", severity: .error, message: "m", location: SourceLocation(path: "/b", line: 1, column: 1))
        let e = Diagnostic(id: "z", severity: .error, message: "m", location: nil)
        #expect([d, c, a, b, e].sorted(by: Diagnostic.presentationOrder) == [e, b, a, c, d])
    }
}
