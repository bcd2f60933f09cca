import Foundation
import Logging
import Network
import NetworkCore
import NetworkMocks
import Synchronization
import Testing

/// A transport that fails a number of times, then answers.
final class FlakyTransport: Transport {
    private let failuresLeft: Mutex<Int>
    private let response: Response
    let requests = Mutex<[Request]>([])

    init(failures: Int, response: Response) {
        failuresLeft = Mutex(failures)
        self.response = response
    }

    func send(_ request: Request) async throws -> Response {
        requests.withLock { $0.append(request) }
        let fail = failuresLeft.withLock { left -> Bool in
            defer { left -= 1 }
            return left > 0
        }
        if fail { throw NetworkError.unreachable("loss of signal") }
        return response
    }
}

@Suite struct GroundStationClientTests {
    @Test func retriesWhileTheLinkIsDownAndAddsStationHeaders() async throws {
        let transport = FlakyTransport(failures: 2, response: .json("[]"))
        let client = GroundStationClient(transport: transport, logger: .disabled, maximumAttempts: 3)
        let response = try await client.send(Request(path: "/crew"))
        #expect(response.status == 200)
        let requests = transport.requests.withLock { $0 }
        #expect(requests.count == 3)
        #expect(requests.last?.headers["X-Station"] == "ISS")
    }

    @Test func sendsTheAPIKeyOnlyWhenThereIsOne() async throws {
        let transport = FlakyTransport(failures: 0, response: .json("[]"))
        _ = try await GroundStationClient(transport: transport, logger: .disabled, apiKey: "k-123").send(Request(path: "/crew"))
        _ = try await GroundStationClient(transport: transport, logger: .disabled, apiKey: "").send(Request(path: "/crew"))
        let requests = transport.requests.withLock { $0 }
        #expect(requests.map { $0.headers["X-API-Key"] } == ["k-123", nil])
    }

    @Test func givesUpAfterTheLastAttempt() async {
        let transport = FlakyTransport(failures: 5, response: .json("[]"))
        let client = GroundStationClient(transport: transport, logger: .disabled, maximumAttempts: 2)
        await #expect(throws: NetworkError.unreachable("loss of signal")) {
            try await client.send(Request(path: "/crew"))
        }
    }

    @Test func nonSuccessStatusesBecomeErrors() async {
        let client = GroundStationClient(transport: FlakyTransport(failures: 0, response: Response(status: 503)), logger: .disabled)
        await #expect(throws: NetworkError.status(503, path: "/docking")) {
            try await client.send(Request(path: "/docking"))
        }
    }

    @Test func decodingFailuresNameThePathAndTheProblem() async {
        let mock = MockNetworkClient()
        mock.stub("/crew", json: #"[{"id": 1}]"#)
        struct Member: Decodable { var id: String }
        do {
            _ = try await mock.get("/crew", as: [Member].self)
            Issue.record("expected a decoding error")
        } catch let error as NetworkError {
            guard case .decoding(let path, _) = error else { Issue.record("wrong error \(error)"); return }
            #expect(path == "/crew")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}
