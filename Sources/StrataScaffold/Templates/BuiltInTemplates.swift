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
            /// Shows the flow's first screen and returns its name.
            @discardableResult
            func start() -> String
        }

        """#,
        "layers/domain/implementation/{{module}}Coordinator.swift.mustache": #"""
        {{#interface}}
        import {{interface}}
        {{/interface}}
        {{#imports}}
        import {{.}}
        {{/imports}}

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

        """#,
        "layers/domain/mocks/Mock{{module}}Flow.swift.mustache": #"""
        {{#interface}}
        import {{interface}}

        /// A {{module}}Flow that only counts how often it was started, for the tests of what starts it.
        @MainActor
        public final class Mock{{module}}Flow: {{module}}Flow {
            public private(set) var startCount = 0

            public init() {}

            @discardableResult
            public func start() -> String {
                startCount += 1
                return "Mock{{module}}"
            }
        }
        {{/interface}}
        {{^interface}}
        import {{module}}

        /// A {{module}} coordinator that has already shown its first screen, for the tests of what
        /// comes after it.
        @MainActor
        public func makeStarted{{module}}Coordinator() -> {{module}}Coordinator {
            let coordinator = {{module}}Coordinator()
            coordinator.start()
            return coordinator
        }
        {{/interface}}

        """#,
        "layers/domain/tests/{{tests}}.swift.mustache": #"""
        import Testing
        @testable import {{module}}

        @MainActor
        @Suite struct {{tests}} {
            @Test func startShowsTheFirstScreen() {
                let coordinator = {{module}}Coordinator()
                #expect(coordinator.start() == "{{module}}Home")
                #expect(coordinator.visited == ["{{module}}Home"])
            }
        }

        """#,
        "layers/domain/host/main.swift.mustache": #"""
        import {{module}}
        {{#dependencyMocks}}
        import {{.}}
        {{/dependencyMocks}}

        // {{host}} runs the {{module}} flow on its own, with the mocks of the modules it uses.
        let coordinator = {{module}}Coordinator()
        print("{{host}}: showing \(coordinator.start())")

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
        {{#mocks}}
        import {{mocks}}
        {{/mocks}}

        @Suite struct {{tests}} {
            @Test func theServiceReportsThatItIsRunning() async throws {
                #expect(try await Default{{module}}().status() == "{{module}} is running")
            }
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
        let modules: [String] = [{{#dependencies}}"{{.}}", {{/dependencies}}]
        print("{{app}}: \(modules.count) modules\(modules.isEmpty ? "" : ": " + modules.joined(separator: ", "))")

        """#,
    ]
}
