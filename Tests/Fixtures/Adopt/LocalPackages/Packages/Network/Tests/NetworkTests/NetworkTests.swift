import Network
import NetworkMocks
import XCTest

final class NetworkTests: XCTestCase {
    func testFetch() { XCTAssertEqual(LiveClient().fetch("a"), "a") }
}
