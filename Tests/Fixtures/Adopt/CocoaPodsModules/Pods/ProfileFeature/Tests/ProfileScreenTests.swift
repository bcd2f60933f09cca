import NetworkServiceMocks
import Profile
import XCTest

final class ProfileScreenTests: XCTestCase {}
