import SharedUI

// Not a member of DockingFeature: its folder's exception set leaves it out.
struct LegacyDocking {}
