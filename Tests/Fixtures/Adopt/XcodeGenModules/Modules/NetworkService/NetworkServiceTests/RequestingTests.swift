import NetworkService
import NetworkServiceMocks
import XCTest

final class RequestingTests: XCTestCase {}
