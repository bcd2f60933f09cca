import StrataRouting
import Testing

/// A presenter that records what it was asked to show.
@MainActor final class RecordingPresenter: Presenter {
    var shown: [String] = []
    func present(_ screen: any Presentable, style: PresentationStyle) { shown.append("\(style) \((screen as! Screen).title)") }
    func dismiss(_ screen: any Presentable) { shown.append("dismiss \((screen as! Screen).title)") }
}

struct Screen: Presentable { let title: String }

/// A suit flow: a list, or one suit when linked to iss://spacesuit/<serial>.
@MainActor final class SuitCoordinator: Coordinator {
    var children: [any Coordinator] = []
    var onFinish: ((CoordinatorResult) -> Void)?
    let presenter: RecordingPresenter
    /// Whether the flow ends by itself right after it shows its screen (as if the user closed it).
    var closesWhenStarted = false

    init(presenter: RecordingPresenter) { self.presenter = presenter }

    func start() { presenter.present(Screen(title: "suits"), style: .push) }

    func start(link: DeepLink) -> Bool {
        guard link.url.segments.first == "spacesuit", let serial = link.path.first else { return false }
        presenter.present(Screen(title: "suit \(serial)"), style: .push)
        if closesWhenStarted { Task { @MainActor in self.close() } }
        return true
    }

    func close() { finish(.completed("closed")) }
}

@MainActor @Suite struct CoordinatorTests {
    @Test func aChildStaysUntilItFinishesAndItsResultReachesTheParent() {
        let presenter = RecordingPresenter()
        let parent = SuitCoordinator(presenter: presenter)
        let child = SuitCoordinator(presenter: presenter)
        var results: [String] = []
        parent.startChild(child) { result in if case .completed(let value) = result { results.append(value as! String) } }
        #expect(parent.children.count == 1)
        child.close()
        child.close()  // a second finish is ignored
        #expect(parent.children.isEmpty)
        #expect(results == ["closed"])
        #expect(presenter.shown == ["push suits"])
    }

    @Test func aChildThatRefusesTheLinkIsNotAdded() throws {
        let presenter = RecordingPresenter()
        let parent = SuitCoordinator(presenter: presenter)
        let link = DeepLink("iss://cosmonaut/7")
        #expect(!parent.startChild(SuitCoordinator(presenter: presenter), link: link))
        #expect(parent.children.isEmpty)
        #expect(parent.startChild(SuitCoordinator(presenter: presenter), link: DeepLink("iss://spacesuit/EMU-3003")))
        #expect(presenter.shown == ["push suit EMU-3003"])
    }

    @Test func runWaitsForTheFlowToFinish() async throws {
        let presenter = RecordingPresenter()
        let coordinator = SuitCoordinator(presenter: presenter)
        Task { @MainActor in coordinator.close() }
        guard case .completed(let value) = await coordinator.run() else { Issue.record("expected completion"); return }
        #expect(value as? String == "closed")
        let refused = await SuitCoordinator(presenter: presenter).run(link: DeepLink("iss://cosmonaut/7"))
        guard case .failed(let error) = refused else { Issue.record("expected a refused link"); return }
        #expect("\(error)" == "SuitCoordinator does not take the link iss://cosmonaut/7")
    }

    @Test func aRouteStartsACoordinatorAndReturnsWhenItsFlowEnds() async throws {
        let presenter = RecordingPresenter()
        let router = Router()
        try router.register("iss://spacesuit/:serial") { request in
            await MainActor.run {
                let coordinator = SuitCoordinator(presenter: presenter)
                coordinator.closesWhenStarted = true
                return coordinator
            }.run(link: DeepLink(request)).outcome
        }
        guard case .success(let value) = try await router.open("iss://spacesuit/EMU-3004") else { Issue.record("expected success"); return }
        #expect(value as? String == "closed")
        #expect(presenter.shown == ["push suit EMU-3004"])
    }
}
