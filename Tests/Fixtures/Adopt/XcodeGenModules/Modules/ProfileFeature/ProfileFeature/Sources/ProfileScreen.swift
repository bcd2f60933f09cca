import Analytics
import Lottie
import NetworkService
import UIKit
import Kingfisher

public struct ProfileScreen { public init() {} }
