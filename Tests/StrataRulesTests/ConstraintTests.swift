import StrataDiagnostics
import StrataRules
import StrataWorkspace
import StrataWorkspaceTestSupport
import Testing

/// `constraints:` in strata.yml: what the order of layers cannot say (`forbidden-dependency`), and
/// how long a chain of targets may grow (`max-depth`).
@Suite struct ConstraintTests {
    /// Two features in one layer: the layers allow it through interfaces, the constraint does not.
    @Test func siblingsThatMustNeverMeetAreReportedWithThePathAndTheReason() async throws {
        let marked = MarkedText(
            """
            layers:
              - { name: feature, same-layer: allowed }
              - core
            modules:
              Cart: { layer: feature, dependencies: [1️⃣Checkout] }
              Checkout: { layer: feature, dependencies: [2️⃣Ledger] }
              Ledger: { layer: core }
              Profile: { layer: feature, dependencies: [Ledger] }
            constraints:
              - 3️⃣from: ["Cart", "Checkout", "Profile"]
                never: ["Cart", "Checkout", "Profile"]
                reason: features never meet; they share what they need through core
            """)
        let result = try await findings(of: ForbiddenDependency(), in: marked)
        #expect(result.count == 1, "\(result.map(\.message))")
        let finding = try #require(result.first)
        #expect(
            finding.message == "'Cart' reaches 'Checkout' through Cart → Checkout: features never meet; they share what they need through core")
        expectLocation(finding, at: "1️⃣", in: marked)
        #expect(finding.notes.last?.message == "forbidden by this constraint")
        #expect(finding.notes.last?.location?.line == marked.position("3️⃣").line)
        #expect(finding.subject == DiagnosticSubject(source: "Cart", target: "Checkout"))
    }

    /// Through other targets, to an external package's product: the shortest path is printed, edge by edge.
    @Test func aTransitiveDependencyOnAForbiddenProductIsFoundThroughEveryStep() async throws {
        let marked = MarkedText(
            """
            layers: [app, core, shared]
            packages:
              swift-nio: { url: "https://github.com/apple/swift-nio", from: "2.0.0" }
            modules:
              Tool: { layer: app, dependencies: [1️⃣Formats] }
              Formats: { layer: core, dependencies: [2️⃣Transport] }
              Transport: { layer: shared, packages: [3️⃣swift-nio/NIOCore] }
            constraints:
              - from: [Tool]
                never: ["swift-nio/*"]
                reason: the tool never links the server's dependencies
            """)
        let result = try await findings(of: ForbiddenDependency(), in: marked)
        let finding = try #require(result.first)
        #expect(result.count == 1)
        #expect(finding.message.hasPrefix("'Tool' reaches 'swift-nio/NIOCore' through Tool → Formats → Transport → swift-nio/NIOCore: "))
        expectLocation(finding, at: "1️⃣", in: marked)
        #expect(finding.notes.prefix(3).map(\.location?.line) == ["1️⃣", "2️⃣", "3️⃣"].map { marked.position($0).line })
        #expect(finding.hint?.contains("move what 'Tool' needs out of 'Formats'") == true)
    }

    @Test func nothingIsReportedWhenNoPathLeadsThere() async throws {
        let marked = MarkedText(
            """
            layers: [app, core]
            modules:
              Tool: { layer: app, dependencies: [Formats] }
              Formats: { layer: core }
              Server: { layer: app, dependencies: [Formats] }
            constraints:
              - { from: [Tool], never: [Server], reason: the tool and the server are built apart }
            """)
        #expect(try await findings(of: ForbiddenDependency(), in: marked).isEmpty)
    }

    @Test func aChainLongerThanTheLimitIsReportedOnceWithItsTargets() async throws {
        let marked = MarkedText(
            """
            layers: [a, b, c, d]
            modules:
              A: { layer: a, dependencies: [1️⃣B], tests: true }
              B: { layer: b, dependencies: [C] }
              C: { layer: c, dependencies: [D] }
              D: { layer: d }
              Short: { layer: c, dependencies: [D] }
            constraints:
              - max-depth: 3
                reason: a long chain builds one module after another
              - max-depth: 4
                reason: four is fine
            """)
        let result = try await findings(of: MaxDepth(), in: marked)
        #expect(result.count == 1, "\(result.map(\.message))")
        let finding = try #require(result.first)
        #expect(
            finding.message
                == "the longest chain of targets is 4 long, over the 3 allowed: A → B → C → D: a long chain builds one module after another")
        expectLocation(finding, at: "1️⃣", in: marked)
        #expect(finding.subject == DiagnosticSubject(source: "A", target: "D"))
    }

    /// A cycle has no longest chain: `no-cycles` reports it, `max-depth` says nothing.
    @Test func aCycleIsLeftToNoCycles() async throws {
        let marked = MarkedText(
            """
            layers: [a]
            modules:
              A: { layer: a, dependencies: [B] }
              B: { layer: a, dependencies: [A] }
            constraints:
              - { max-depth: 2, reason: short }
            """)
        #expect(try await findings(of: MaxDepth(), in: marked).isEmpty)
    }

    @Test func badConstraintsAreInputErrorsThatSayWhatToWrite() async throws {
        func errors(_ constraints: String) async -> [Diagnostic] {
            let text =
                "layers: [app, core]\nmodules:\n  Tool: { layer: app, dependencies: [Formats] }\n  Formats: { layer: core }\nconstraints:\n"
                + constraints
            do {
                _ = try await InlineWorkspace.load(text)
                return []
            } catch {
                return error.diagnostics
            }
        }
        let cases: [(String, String, String)] = [
            ("  - { from: [Tool], never: [Formats] }\n", "missing-key", "a constraint needs a 'reason'"),
            ("  - { from: [Tool], reason: x }\n", "missing-key", "needs 'from' and 'never'"),
            ("  - { max-depth: 3, from: [Tool], reason: x }\n", "invalid-value", "either 'max-depth' or 'from' with 'never'"),
            ("  - { max-depth: one, reason: x }\n", "invalid-value", "'max-depth' is 'one', not a number of targets of 2 or more"),
            ("  - { from: [Tool], nevr: [Formats], reason: x }\n", "unknown-key", "unknown key 'nevr' in a constraint"),
            ("  - { from: [Tol], never: [Formats], reason: x }\n", "unknown-target", "'from' names 'Tol', which is not a target"),
        ]
        for (entry, id, message) in cases {
            let found = await errors(entry)
            #expect(found.contains { $0.id == id && $0.message.contains(message) }, "\(entry): \(found.map { "\($0.id): \($0.message)" })")
        }
        let misspelt = await errors("  - { from: [Tool], never: [Formts], reason: x }\n")
        #expect(misspelt.first?.hint == "did you mean 'Formats'?", "\(misspelt.map(\.hint))")
        // A pattern names no target yet without being a mistake.
        #expect(await errors("  - { from: [\"Tool*\"], never: [\"Server*\"], reason: x }\n").isEmpty)
    }
}
