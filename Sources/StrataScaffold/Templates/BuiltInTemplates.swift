/// The templates `strata new` uses when the workspace's `templates/` folder does not override
/// them, by path: `module/<role>/…` for any module, `layers/<layer>/<role>/…` for modules of a
/// layer with that name, `app/…` for apps. File names are templates too; `.mustache` is dropped.
/// The context is described in docs/SCAFFOLDING.md.
enum BuiltInTemplates {
    static let files: [String: String] = [
        // Any module: a protocol (in the interface target, if there is one) and its implementation.
        "module/interface/{{protocol}}.swift.mustache": #"""
        /// What {{module}} offers the modules that use it. They depend on this protocol, in {{interface}},
        /// so {{module}} can change, or be replaced by a mock, without touching them.
        public protocol {{protocol}}: Sendable {
            /// A first operation; replace it with the module's real API.
            func describe() -> String
        }

        """#,
        "module/implementation/Default{{module}}.swift.mustache": #"""
        {{#interface}}
        import {{interface}}
        {{/interface}}
        {{#imports}}
        import {{.}}
        {{/imports}}

        {{^interface}}
        /// What {{module}} offers the modules that use it.
        public protocol {{protocol}}: Sendable {
            /// A first operation; replace it with the module's real API.
            func describe() -> String
        }

        {{/interface}}
        /// {{module}}, a module of the {{layer}} layer.
        public struct Default{{module}}: {{protocol}} {
            public init() {}

            public func describe() -> String {
                "{{module}}"
            }
        }

        """#,
        "module/implementation/{{module}}Assembly.swift.mustache": assembly,
        "module/mocks/{{module}}MockAssembly.swift.mustache": mockAssembly,
        "module/mocks/Mock{{module}}.swift.mustache": #"""
        {{#interface}}
        import {{interface}}
        {{/interface}}
        {{^interface}}
        import {{module}}
        {{/interface}}

        /// A {{protocol}} for tests and host apps: it answers what it is told.
        public struct Mock{{module}}: {{protocol}} {
            /// What `describe()` returns.
            public var description: String

            public init(description: String = "Mock{{module}}") {
                self.description = description
            }

            public func describe() -> String {
                description
            }
        }

        """#,
        "module/tests/{{tests}}.swift.mustache": #"""
        import Testing
        @testable import {{module}}
        {{#mocks}}
        import {{mocks}}
        {{/mocks}}

        @Suite struct {{tests}} {
            @Test func theDefaultImplementationDescribesItself() {
                #expect(Default{{module}}().describe() == "{{module}}")
            }
        {{#mocks}}

            @Test func theMockAnswersWhatItIsTold() {
                #expect(Mock{{module}}(description: "stub").describe() == "stub")
            }
        {{/mocks}}
        }

        """#,
        "module/host/main.swift.mustache": #"""
        import {{module}}
        {{#dependencyMocks}}
        import {{.}}
        {{/dependencyMocks}}

        // {{host}} runs {{module}} on its own, with the mocks of the modules it uses.
        print("{{host}}: \(Default{{module}}().describe())")

        """#,

        // A domain: a coordinator that runs the domain's flow; other modules start it through
        // its interface.
        "layers/domain/interface/{{module}}Flow.swift.mustache": #"""
        /// Starts the {{module}} flow. Apps and other domains depend on this protocol, in {{interface}},
        /// not on the coordinator, so the flow can be replaced by a mock.
        @MainActor
        public protocol {{module}}Flow: AnyObject {
        {{#runtime}}
            /// Starts the flow at its first screen.
            func start()
        {{/runtime}}
        {{^runtime}}
            /// Shows the flow's first screen and returns its name.
            @discardableResult
            func start() -> String
        {{/runtime}}
        }

        """#,
        "layers/domain/implementation/{{module}}Coordinator.swift.mustache": #"""
        {{#interface}}
        import {{interface}}
        {{/interface}}
        {{#imports}}
        import {{.}}
        {{/imports}}
        {{#runtime}}

        /// What the {{module}} flow shows: lines of text from the services it uses.
        public struct {{module}}Screen: Presentable, Sendable, CustomStringConvertible {
            public var lines: [String]

            public var description: String { lines.joined(separator: "\n") }
        }

        /// Runs the {{module}} flow. Its services come from the container (`@Injected`), so tests and
        /// the host app run it against mocks; the app assembles the real ones.
        @MainActor
        public final class {{module}}Coordinator: Coordinator{{#interface}}, {{module}}Flow{{/interface}} {
            /// The path the flow's deep links start with: `app://main/{{route}}`.
            public nonisolated static let route = "{{route}}"
            public var children: [any Coordinator] = []
            public var onFinish: ((CoordinatorResult) -> Void)?
        {{#services}}
            @Injected private var {{property}}: any {{protocol}}
        {{/services}}
            private let presenter: any Presenter

            public init(presenter: any Presenter) {
                self.presenter = presenter
            }

            public func start() {
                Task { await show() }
            }

            public func start(link: DeepLink) -> Bool {
                guard link.path.first == Self.route else { return false }
                start()
                return true
            }

            /// Asks the services for the screen's lines, shows it and ends the flow.
            func show() async {
                var lines = ["{{module}}"]
        {{#services}}
                do { lines.append({{call}}) } catch { lines.append("{{module}} is unavailable: \(error)") }
        {{/services}}
                let screen = {{module}}Screen(lines: lines)
                presenter.present(screen, style: .push)
                finish(.completed(screen))
            }
        }

        /// The {{module}} flow's route, `<prefix>/{{route}}`: the app installs it with the other
        /// domains' routes.
        public struct {{module}}Routes: RouteProvider {
            private let presenter: any Presenter
            private let prefix: String

            public init(presenter: any Presenter, prefix: String = "app://main") {
                self.presenter = presenter
                self.prefix = prefix
            }

            public func registerRoutes(in router: Router) throws(RouteRegistrationError) {
                let presenter = presenter
                try router.register("\(prefix)/{{route}}") { request in
                    await {{module}}Coordinator(presenter: presenter).run(link: DeepLink(request)).outcome
                }
            }
        }

        /// What the {{module}} domain registers for the app: nothing yet; a service it offers other
        /// domains goes here, behind a protocol in {{#interface}}{{interface}}{{/interface}}{{^interface}}an interface target{{/interface}}.
        public struct {{module}}Assembly: Assembly {
            public init() {}

            public func assemble(into container: Container) {}
        }
        {{/runtime}}
        {{^runtime}}

        /// Runs the {{module}} flow: decides which screen comes next and asks the services the domain
        /// uses for its data.
        @MainActor
        public final class {{module}}Coordinator{{#interface}}: {{module}}Flow{{/interface}} {
            /// The screens shown so far, oldest first.
            public private(set) var visited: [String] = []

            public init() {}

            /// Shows the flow's first screen and returns its name.
            @discardableResult
            public func start() -> String {
                show("{{module}}Home")
            }

            func show(_ screen: String) -> String {
                visited.append(screen)
                return screen
            }
        }
        {{/runtime}}

        """#,
        "layers/domain/mocks/Mock{{module}}Flow.swift.mustache": #"""
        {{#interface}}
        import {{interface}}

        /// A {{module}}Flow that only counts how often it was started, for the tests of what starts it.
        @MainActor
        public final class Mock{{module}}Flow: {{module}}Flow {
            public private(set) var startCount = 0

            public init() {}
        {{#runtime}}

            public func start() {
                startCount += 1
            }
        {{/runtime}}
        {{^runtime}}

            @discardableResult
            public func start() -> String {
                startCount += 1
                return "Mock{{module}}"
            }
        {{/runtime}}
        }
        {{/interface}}
        {{^interface}}
        import {{module}}

        {{^runtime}}
        /// A {{module}} coordinator that has already shown its first screen, for the tests of what
        /// comes after it.
        @MainActor
        public func makeStarted{{module}}Coordinator() -> {{module}}Coordinator {
            let coordinator = {{module}}Coordinator()
            coordinator.start()
            return coordinator
        }
        {{/runtime}}
        {{/interface}}

        """#,
        "layers/domain/mocks/{{module}}MockAssembly.swift.mustache": #"""
        {{#runtime}}
        import StrataDI

        /// What tests and host apps assemble for the {{module}} domain: nothing yet, like {{module}}Assembly.
        public struct {{module}}MockAssembly: Assembly {
            public init() {}

            public func assemble(into container: Container) {}
        }
        {{/runtime}}

        """#,
        "layers/domain/tests/{{tests}}.swift.mustache": #"""
        import Testing
        @testable import {{module}}
        {{#runtime}}
        import StrataDI
        import StrataRouting
        {{#dependencyMocks}}
        import {{.}}
        {{/dependencyMocks}}

        /// Keeps what the flow shows.
        @MainActor
        final class RecordingPresenter: Presenter {
            var shown: [String] = []

            func present(_ screen: any Presentable, style: PresentationStyle) { shown.append(String(describing: screen)) }
            func dismiss(_ screen: any Presentable) {}
        }

        @MainActor
        @Suite struct {{tests}} {
            @Test func theFlowShowsWhatTheMockedServicesSay() async {
                let mocks = Container(assemblies: [{{#dependencyMockModules}}{{module}}MockAssembly(), {{/dependencyMockModules}}])
                let presenter = RecordingPresenter()
                let result = await Injection.withContainer(mocks) { await {{module}}Coordinator(presenter: presenter).run() }
                guard case .completed = result else {
                    Issue.record("the flow ended with \(result)")
                    return
                }
                #expect(presenter.shown.first?.hasPrefix("{{module}}") == true)
        {{#services}}
                #expect(presenter.shown.first?.contains("Mock{{module}}") == true)
        {{/services}}
            }

            @Test func theRouteStartsTheFlow() async throws {
                let router = Router()
                try router.install([{{module}}Routes(presenter: RecordingPresenter())])
                #expect(router.canOpen("app://main/{{route}}"))
            }
        }
        {{/runtime}}
        {{^runtime}}

        @MainActor
        @Suite struct {{tests}} {
            @Test func startShowsTheFirstScreen() {
                let coordinator = {{module}}Coordinator()
                #expect(coordinator.start() == "{{module}}Home")
                #expect(coordinator.visited == ["{{module}}Home"])
            }
        }
        {{/runtime}}

        """#,
        "layers/domain/host/main.swift.mustache": #"""
        import {{module}}
        {{#dependencyMocks}}
        import {{.}}
        {{/dependencyMocks}}

        {{#runtime}}
        import StrataDI
        import StrataRouting

        /// Shows each screen as text.
        @MainActor
        final class TextPresenter: Presenter {
            func present(_ screen: any Presentable, style: PresentationStyle) { print(screen) }
            func dismiss(_ screen: any Presentable) {}
        }

        // {{host}} runs the {{module}} flow on its own, against the mocks of the modules it uses.
        Injection.use(Container(assemblies: [{{#dependencyMockModules}}{{module}}MockAssembly(), {{/dependencyMockModules}}]))
        let result = await {{module}}Coordinator(presenter: TextPresenter()).run()
        print("{{host}}: \(result)")
        {{/runtime}}
        {{^runtime}}
        // {{host}} runs the {{module}} flow on its own, with the mocks of the modules it uses.
        let coordinator = {{module}}Coordinator()
        print("{{host}}: showing \(coordinator.start())")
        {{/runtime}}

        """#,

        // A service: a protocol in its interface target, an implementation and a mock.
        "layers/service/interface/{{protocol}}.swift.mustache": #"""
        /// What {{module}} provides to the domains. They depend on this protocol, in {{interface}}, never
        /// on the implementation, so it can change, or be replaced by a mock, without touching them.
        public protocol {{protocol}}: Sendable {
            /// A first request; replace it with the service's real API.
            func status() async throws -> String
        }

        """#,
        "layers/service/implementation/Default{{module}}.swift.mustache": #"""
        {{#interface}}
        import {{interface}}
        {{/interface}}
        {{#imports}}
        import {{.}}
        {{/imports}}

        {{^interface}}
        /// What {{module}} provides to the domains.
        public protocol {{protocol}}: Sendable {
            /// A first request; replace it with the service's real API.
            func status() async throws -> String
        }

        {{/interface}}
        /// The {{module}} the apps use, talking to the real systems behind it.
        public struct Default{{module}}: {{protocol}} {
            public init() {}

            public func status() async throws -> String {
                "{{module}} is running"
            }
        }

        """#,
        "layers/service/implementation/{{module}}Assembly.swift.mustache": assembly,
        "layers/service/mocks/{{module}}MockAssembly.swift.mustache": mockAssembly,
        "layers/service/mocks/Mock{{module}}.swift.mustache": #"""
        {{#interface}}
        import {{interface}}
        {{/interface}}
        {{^interface}}
        import {{module}}
        {{/interface}}

        /// A {{protocol}} for tests and host apps: it answers with what it is given, or fails with it.
        public struct Mock{{module}}: {{protocol}} {
            /// What `status()` returns or throws.
            public var statusResult: Result<String, any Error>

            public init(status: String = "Mock{{module}} is running") {
                statusResult = .success(status)
            }

            public func status() async throws -> String {
                try statusResult.get()
            }
        }

        """#,
        "layers/service/tests/{{tests}}.swift.mustache": #"""
        import Testing
        @testable import {{module}}
        {{#runtime}}
        {{#interface}}
        import {{interface}}
        {{/interface}}
        import StrataDI
        {{/runtime}}
        {{#mocks}}
        import {{mocks}}
        {{/mocks}}

        @Suite struct {{tests}} {
            @Test func theServiceReportsThatItIsRunning() async throws {
                #expect(try await Default{{module}}().status() == "{{module}} is running")
            }
        {{#runtime}}

            @Test func theAssemblyRegistersTheServiceBehindItsProtocol() async throws {
                let service: any {{protocol}} = try Container(assemblies: [{{module}}Assembly()]).resolve()
                #expect(try await service.status() == "{{module}} is running")
            }
        {{/runtime}}
        {{#mocks}}

            @Test func theMockAnswersWithWhatItIsGiven() async throws {
                #expect(try await Mock{{module}}(status: "stub").status() == "stub")
            }
        {{/mocks}}
        }

        """#,
        "layers/service/host/main.swift.mustache": #"""
        import {{module}}
        {{#dependencyMocks}}
        import {{.}}
        {{/dependencyMocks}}

        // {{host}} runs {{module}} on its own, with the mocks of the modules it uses.
        print("{{host}}: \(try await Default{{module}}().status())")

        """#,

        // An app: a main that assembles its modules.
        "app/main.swift.mustache": #"""
        {{#imports}}
        import {{.}}
        {{/imports}}

        // {{appTarget}}, the {{app}} app: it assembles its modules. Create the services here, hand them
        // to the coordinators of the app's domains and start the first flow.
        let modules: [String] = [{{#dependencies}}"{{.}}"{{^last()}}, {{/last()}}{{/dependencies}}]
        print("{{app}}: \(modules.count) modules\(modules.isEmpty ? "" : ": " + modules.joined(separator: ", "))")

        """#,
    ]

    /// With the runtime: a module's assembly, registering its implementation behind its protocol
    /// (services and any layer but domains, which have their own).
    static let assembly = #"""
        {{#runtime}}
        {{#interface}}
        import {{interface}}
        {{/interface}}
        import StrataDI

        /// Registers {{module}} in the app's container behind its protocol: the app assembles it at
        /// launch, and the modules that use it resolve `any {{protocol}}`.
        public struct {{module}}Assembly: Assembly {
            public init() {}

            public func assemble(into container: Container) {
                container.register((any {{protocol}}).self, scope: .singleton) { _ in Default{{module}}() }
            }
        }
        {{/runtime}}

        """#

    /// With the runtime: a module's mock assembly, registering its mock behind its protocol.
    static let mockAssembly = #"""
        {{#runtime}}
        {{#interface}}
        import {{interface}}
        {{/interface}}
        {{^interface}}
        import {{module}}
        {{/interface}}
        import StrataDI

        /// Registers Mock{{module}} behind {{protocol}}: what tests and host apps assemble instead of
        /// {{module}}Assembly.
        public struct {{module}}MockAssembly: Assembly {
            public init() {}

            public func assemble(into container: Container) {
                container.register((any {{protocol}}).self) { _ in Mock{{module}}() }
            }
        }
        {{/runtime}}

        """#

}
