import StrataRouting

/// A screen of the terminal apps: a title and the text to print.
public struct TerminalScreen: Presentable, Sendable {
    public let title: String
    public let text: String

    public init(title: String, text: String) {
        self.title = title
        self.text = text
    }
}

/// The terminal apps' presenter: each screen a coordinator presents is printed, followed by a
/// blank line. (An iOS app would implement `Presenter` on a UINavigationController instead.)
@MainActor
public final class TerminalPresenter: Presenter {
    /// The titles of the screens shown, in order.
    public private(set) var shown: [String] = []
    private let output: (String) -> Void

    public init(output: @escaping (String) -> Void = { print($0) }) {
        self.output = output
    }

    public func present(_ screen: any Presentable, style: PresentationStyle) {
        guard let screen = screen as? TerminalScreen else {
            preconditionFailure("TerminalPresenter shows TerminalScreen values, not \(type(of: screen))")
        }
        shown.append(screen.title)
        output(screen.text + "\n")
    }

    public func dismiss(_ screen: any Presentable) {}
}
