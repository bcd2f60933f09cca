import StrataDiagnostics
import StrataModelTestSupport
import StrataRules
import Testing

@Suite struct StaticLinkedOnceTests {
    @Test func aStaticLibraryInOneImageIsFine() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Logging: { layer: shared }
                  Network: { layer: core, linkage: dynamic, dependencies: [Logging] }
                  Suit: { layer: domain, dependencies: [Network] }
                apps:
                  Cosmonaut: { dependencies: [Suit, Network] }
                """)
        #expect(try await findings(of: StaticLinkedOnce(), in: marked).isEmpty)
    }

    @Test func aStaticLibraryEmbeddedByTheAppAndADynamicLibraryIsReported() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  1️⃣Logging: { layer: shared }
                  Network: { layer: core, linkage: dynamic, dependencies: [2️⃣Logging] }
                  Suit: { layer: domain, dependencies: [Network, 3️⃣Logging] }
                apps:
                  Cosmonaut: { dependencies: [Suit] }
                """)
        let result = try await findings(of: StaticLinkedOnce(), in: marked)
        #expect(result.count == 1)
        #expect(
            result.first?.message
                == "in app 'Cosmonaut', static library 'Logging' would be embedded in 2 images: 'Cosmonaut' (the app), 'Network' (dynamic); its types would be loaded twice at launch"
        )
        #expect(result.first?.subject == DiagnosticSubject(source: "Cosmonaut", target: "Logging"))
        expectLocation(result.first, at: "1️⃣", in: marked)
        let notes = try #require(result.first?.notes)
        #expect(
            notes.map(\.message) == [
                "embedded in 'Cosmonaut' through Cosmonaut → Suit → Logging",
                "embedded in 'Network' through Network → Logging",
            ])
        #expect(notes.map { $0.location?.line } == [marked.position("3️⃣").line, marked.position("2️⃣").line])
    }

    @Test func twoDynamicLibrariesEmbeddingOneStaticLibraryAreReportedPerApp() async throws {
        let marked = MarkedText(
            header + """
                modules:
                  Logging: { layer: shared }
                  Network: { layer: core, linkage: dynamic, dependencies: [Logging] }
                  Radio: { layer: core, linkage: dynamic, dependencies: [Logging] }
                apps:
                  Cosmonaut: { dependencies: [Network, Radio] }
                  Overview: { dependencies: [Network] }
                """)
        let result = try await findings(of: StaticLinkedOnce(), in: marked)
        #expect(result.map(\.subject) == [DiagnosticSubject(source: "Cosmonaut", target: "Logging")])
    }
}
