import XCTest
@testable import Station_App

final class StationTests: XCTestCase {}
