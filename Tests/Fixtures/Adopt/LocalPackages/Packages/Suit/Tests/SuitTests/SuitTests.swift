import NetworkMocks
import Suit
import XCTest

final class SuitTests: XCTestCase {
    func testCheck() { Suit(client: MockClient()).check() }
}
