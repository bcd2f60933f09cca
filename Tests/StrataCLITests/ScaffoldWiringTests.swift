import Foundation
import StrataWorkspaceTestSupport
import Testing

/// In a workspace that declares Strata's runtime (ISS), `strata new` wires modules as ISS's are:
/// a service registers itself in its assembly and its mock in its mock assembly; a domain's
/// coordinator resolves the service with @Injected and has routes; its host app assembles the
/// mocks of what the domain uses and runs the flow, visibly on mock data.
@Suite struct ScaffoldWiringTests {
    @Test func aScaffoldedDomainsHostAppRunsItsFlowAgainstTheMocks() async throws {
        let copy = try Fixtures.copyOfISS("strata-wiring")
        defer { Fixtures.removeCopy(ofISS: copy) }
        let service = try await StrataBinary.run(
            ["new", "module", "Telescope", "--layer", "service", "--interface", "--mocks", "-d", "Logging", "--quiet"], in: copy)
        #expect(service.status == 0, "\(service.stderr)")
        let domain = try await StrataBinary.run(
            ["new", "module", "Observatory", "--layer", "domain", "--interface", "--mocks", "--host-app", "-d", "TelescopeCore,Logging", "--quiet"],
            in: copy)
        #expect(domain.status == 0, "\(domain.stderr)")

        let assembly = try String(contentsOfFile: copy + "/Sources/Telescope/TelescopeAssembly.swift", encoding: .utf8)
        #expect(assembly.contains("container.register((any TelescopeProtocol).self, scope: .singleton) { _ in DefaultTelescope() }"))
        let mockAssembly = try String(contentsOfFile: copy + "/Sources/TelescopeMocks/TelescopeMockAssembly.swift", encoding: .utf8)
        #expect(mockAssembly.contains("container.register((any TelescopeProtocol).self) { _ in MockTelescope() }"))
        let coordinator = try String(contentsOfFile: copy + "/Sources/Observatory/ObservatoryCoordinator.swift", encoding: .utf8)
        #expect(coordinator.contains("@Injected private var telescope: any TelescopeProtocol"))
        #expect(coordinator.contains("public struct ObservatoryRoutes: RouteProvider {"))
        let host = try String(contentsOfFile: copy + "/Sources/ObservatoryHost/main.swift", encoding: .utf8)
        #expect(host.contains("Injection.use(Container(assemblies: [TelescopeMockAssembly(), ]))"))

        let check = try await StrataBinary.run(["check", "--strict-imports"], in: copy)
        #expect(check.status == 0 && check.stdout.contains("no violations"), "\(check.stdout)")

        // The host app shows the mock's data: MockTelescope answered, not DefaultTelescope.
        let run = try await StrataBinary.run(
            [], in: copy, shell: "swift build \(ThrowawayBuild.flags) --product ObservatoryHost 2>&1 && .build/debug/ObservatoryHost")
        #expect(run.status == 0, "\(run.stdout.suffix(3_000))")
        #expect(run.stdout.contains("Observatory\nMockTelescope is running\nObservatoryHost: completed("), "\(run.stdout.suffix(1_000))")

        let tests = try await StrataBinary.run(
            [], in: copy, shell: "swift test \(ThrowawayBuild.flags) --filter 'ObservatoryTests|TelescopeTests' 2>&1")
        #expect(tests.status == 0, "\(tests.stdout.suffix(3_000))")
        #expect(tests.stdout.contains("theFlowShowsWhatTheMockedServicesSay() passed"))
        #expect(tests.stdout.contains("theAssemblyRegistersTheServiceBehindItsProtocol() passed"))
    }
}
