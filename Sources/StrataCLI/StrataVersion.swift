/// The version `strata --version` prints.
public enum StrataVersion {
    public static let current = "0.1.0"
}
