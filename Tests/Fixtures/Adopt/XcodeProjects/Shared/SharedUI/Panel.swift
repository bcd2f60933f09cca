import SwiftUI

public struct Panel {
    public init() {}
}
