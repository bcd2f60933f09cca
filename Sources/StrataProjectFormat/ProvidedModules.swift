/// The module names a graph node provides to `import`.
public enum ProvidedModules: Sendable, Hashable {
    /// One module named after the target, as SwiftPM names a source target's module.
    case own
    /// These modules: an external product's targets, a binary artifact's or a system library's module map.
    case named([String])
    /// Not known, and why (a package not resolved yet, an artifact not downloaded). The rules
    /// never report such a dependency unused, nor guess which imports it provides.
    case unknown(reason: String)
}
