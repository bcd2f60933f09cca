import RadioCore
import Synchronization

/// A radio for tests: answers with telemetry set per device and command, and records queries.
public final class MockRadioChannel: RadioChannel {
    private struct State {
        var answers: [String: Result<[String: String], RadioError>] = [:]
        var queries: [String] = []
    }
    private let state = Mutex(State())

    public init() {}

    /// `device` answers `command` with `values`.
    public func set(_ device: String, _ command: String, _ values: [String: String]) {
        state.withLock { $0.answers["\(device) \(command)"] = .success(values) }
    }

    /// `device` fails `command` with `error`.
    public func fail(_ device: String, _ command: String, with error: RadioError) {
        state.withLock { $0.answers["\(device) \(command)"] = .failure(error) }
    }

    /// Every query as `DEVICE COMMAND`, in order.
    public var queries: [String] { state.withLock { $0.queries } }

    public func query(device: String, command: String) async throws -> Telemetry {
        let key = "\(device) \(command)"
        let answer = state.withLock { state -> Result<[String: String], RadioError>? in
            state.queries.append(key)
            return state.answers[key]
        }
        guard let answer else { throw RadioError.noResponse(device: device) }
        return Telemetry(device: device, values: try answer.get())
    }
}
