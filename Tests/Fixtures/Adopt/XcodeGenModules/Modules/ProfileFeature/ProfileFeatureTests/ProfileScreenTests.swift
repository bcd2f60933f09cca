import ProfileFeature
import XCTest

final class ProfileScreenTests: XCTestCase {}
