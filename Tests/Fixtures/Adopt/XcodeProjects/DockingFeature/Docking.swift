import CoreKit
import Kit

public struct Docking {
    public init() {}
}
