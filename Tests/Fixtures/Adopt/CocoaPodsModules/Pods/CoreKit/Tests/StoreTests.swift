import CoreKit
import XCTest

final class StoreTests: XCTestCase {}
