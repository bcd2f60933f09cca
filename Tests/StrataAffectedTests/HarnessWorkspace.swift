/// The workspace the scripted histories change: two features, two services (one with an
/// interface and mocks) and a core module, an app, and tests for every module.
///
/// Its graph, implementation edges only (tests link their module, and the mocks of what it uses):
///
///     App → Login, Home, Auth, Profile
///     Login → AuthInterface            Home → AuthInterface, Profile
///     Auth → AuthInterface, Network    Profile → Network
///     AuthMocks → AuthInterface
enum HarnessWorkspace {
    static let manifest = """
        name: Harness
        layers:
          - name: feature
          - name: service
          - name: core
        modules:
          # core
          Network: { layer: core, tests: true }
          # service
          Auth:    { layer: service, interface: true, mocks: true, dependencies: [Network], tests: true }
          Profile: { layer: service, dependencies: [Network], tests: true }
          # feature
          Login:   { layer: feature, dependencies: [AuthInterface], tests: true }
          Home:    { layer: feature, dependencies: [AuthInterface, Profile], tests: true }
        apps:
          App: { dependencies: [Login, Home, Auth, Profile] }

        """

    /// Every target with one source file, a resource in Profile and a README outside all targets.
    static var files: [String: String] {
        var files: [String: String] = [
            "README.md": "# Harness\n",
            "Sources/Profile/Resources/avatar.json": "{}\n",
            "Sources/App/main.swift": "import Login\n",
        ]
        for target in ["Network", "Auth", "AuthInterface", "AuthMocks", "Profile", "Login", "Home"] {
            files["Sources/\(target)/\(target).swift"] = "public struct \(target)Type {}\n"
        }
        for module in ["Network", "Auth", "Profile", "Login", "Home"] {
            files["Tests/\(module)Tests/\(module)Tests.swift"] = "import \(module)\n"
        }
        return files
    }
}
