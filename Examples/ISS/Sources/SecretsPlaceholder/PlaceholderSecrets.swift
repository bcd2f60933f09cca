/// The secrets a build gets when the workspace's secrets were not exported: every value empty.
///
/// `strata secrets export --access internal --swift Sources/Network/Secrets.swift` writes the
/// real values into Network as its own `Secrets`, which then hides this one there (a module's
/// own declarations hide those it imports). The exported file is git-ignored, so a clone without
/// a member's key still builds and runs, without the ground station's API key.
public enum Secrets {
    /// The ground station's API key, sent by `GroundStationClient`.
    public static var groundStationAPIKey: String { "" }
}
