import Foundation
import StrataDI
import StrataRouting

/// How every ISS terminal app starts: check the container the app assembled, make it the one
/// `@Injected` uses, install the domains' routes, then open the deep links given on the command
/// line, or the app's default screens, on a terminal presenter.
@MainActor
public enum TerminalApp {
    /// Runs the app; exits 1 when the assembly or a flow fails and 2 for a link no route takes.
    public static func run(
        _ app: String, container: Container, routes: [any RouteProvider], links: [String], defaultLinks: [String]
    ) async {
        do {
            try container.verify()
        } catch {
            fail(app, "the app's assembly is incomplete:\n\(error)", status: 1)
        }
        Injection.use(container)
        let router = Router()
        do {
            try router.install(routes)
        } catch {
            fail(app, "\(error)", status: 1)
        }
        let presenter = TerminalPresenter()
        for link in links.isEmpty ? defaultLinks : links {
            do {
                switch try await router.open(link, context: presenter) {
                case .success: continue
                case .failure(let error): fail(app, "\(link): \(error)", status: 1)
                case .cancelled: fail(app, "\(link) was cancelled", status: 1)
                }
            } catch {
                let known = router.routes.map { "  \($0.pattern) (\($0.owner))" }.joined(separator: "\n")
                fail(app, "\(error)\nroutes:\n\(known)", status: 2)
            }
        }
    }

    private static func fail(_ app: String, _ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("\(app): \(message)\n".utf8))
        exit(status)
    }
}
