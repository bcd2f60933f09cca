import Foundation
import SharedUI
import DockingFeature

public enum Theme {
    public static let title = "Station"
}
