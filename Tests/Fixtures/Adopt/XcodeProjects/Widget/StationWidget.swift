import WidgetKit
import CoreKit

struct StationWidget {
    let title = Theme.title
}
