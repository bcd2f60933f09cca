import Foundation
import ProfileFeature

public protocol Requesting {}
