import Alamofire
import CoreKit

public protocol Requesting {}
