import CoreKit
import XCTest

final class ThemeTests: XCTestCase {}
