// An app whose screen asks for a dependency nobody registered: InjectedTests runs it and reads
// what StrataDI says on standard error as it stops the app. (A program of its own rather than a
// Swift Testing exit test: on Linux an exit test's monitor thread spins on every other child's
// unreaped exit, and Strata's suite starts thousands of children.)
import StrataDI

protocol Suits: AnyObject, Sendable {}

final class SuitScreen {
    @Injected var suits: any Suits

    init() {}
}

let screen = Injection.withContainer(Container()) { SuitScreen() }
_ = screen.suits
