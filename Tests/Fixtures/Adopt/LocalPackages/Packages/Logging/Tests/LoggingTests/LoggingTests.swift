import Logging
import XCTest

final class LoggingTests: XCTestCase {
    func testLogs() { log("hello") }
}
