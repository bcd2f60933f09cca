/// The argument labels of the PackageDescription calls the static reader reads, in the order the
/// API declares them (tools versions 5.5 to 6.2). A call whose labels are not one of these — a
/// misspelt, missing, reordered, repeated or extra label — is not read statically: SwiftPM would
/// refuse it, so the manifest goes to `swift package dump-package`, which reports SwiftPM's own
/// error. Reading it anyway gave a graph SwiftPM never builds (`dependencie: ["A"]` read as no
/// dependency, `.target(dependencies: …, name: …)` read as a target).
enum PackageDescriptionSignatures {
    /// One parameter: the labels it may take (nil for an unlabelled one), and whether it has a default.
    struct Parameter {
        var labels: Set<String?>
        var required: Bool

        static func required(_ label: String?) -> Parameter { Parameter(labels: [label], required: true) }
        static func optional(_ labels: String?...) -> Parameter { Parameter(labels: Set(labels), required: false) }
        static func oneOf(_ labels: String?...) -> Parameter { Parameter(labels: Set(labels), required: true) }
    }

    /// A call's parameters in order; overloads that differ only in defaulted parameters are one.
    typealias Signature = [Parameter]

    /// Where a call appears, which decides what its name means (`.plugin` is a product, a target
    /// or a plugin usage).
    enum Family: Sendable {
        case package, product, packageDependency, target, targetDependency, condition, pluginUsage, resource
    }

    /// The labels of `arguments` fit one of the signatures of `name` in `family`.
    static func accepts(_ name: String, in family: Family, labels: [String?]) -> Bool {
        guard let overloads = signatures(family)[name] else { return false }
        return overloads.contains { fits(labels, $0) }
    }

    /// The labels, in order, each to a parameter after the one before, every required parameter given.
    static func fits(_ labels: [String?], _ signature: Signature) -> Bool {
        var position = 0
        for label in labels {
            while position < signature.count, !signature[position].labels.contains(label) {
                if signature[position].required { return false }
                position += 1
            }
            guard position < signature.count else { return false }
            position += 1
        }
        return signature[position...].allSatisfy { !$0.required }
    }

    private static let targetTail: Signature = [
        .optional("dependencies"), .optional("path"), .optional("exclude"), .optional("sources"), .optional("resources"),
        .optional("publicHeadersPath"), .optional("packageAccess"), .optional("cSettings"), .optional("cxxSettings"),
        .optional("swiftSettings"), .optional("linkerSettings"), .optional("plugins"),
    ]

    private static func signatures(_ family: Family) -> [String: [Signature]] {
        switch family {
        case .package:
            return [
                "Package": [
                    [
                        .required("name"), .optional("defaultLocalization"), .optional("platforms"), .optional("pkgConfig"),
                        .optional("providers"), .optional("products"), .optional("traits"), .optional("dependencies"), .optional("targets"),
                        .optional("swiftLanguageModes", "swiftLanguageVersions"), .optional("cLanguageStandard"),
                        .optional("cxxLanguageStandard"),
                    ]
                ]
            ]
        case .product:
            return [
                "library": [[.required("name"), .optional("type"), .required("targets")]],
                "executable": [[.required("name"), .required("targets")]],
                "plugin": [[.required("name"), .required("targets")]],
            ]
        case .packageDependency:
            let requirement = Parameter.oneOf("from", "exact", "branch", "revision", nil)
            return [
                "package": [
                    [.optional("name"), .required("url"), requirement, .optional("traits")],
                    [.optional("name"), .required("path"), .optional("traits")],
                    [.required("id"), .oneOf("from", "exact", nil), .optional("traits")],
                ]
            ]
        case .target:
            return [
                "target": [[.required("name")] + targetTail],
                "executableTarget": [[.required("name")] + targetTail],
                "testTarget": [[.required("name")] + targetTail.filter { !$0.labels.contains("publicHeadersPath") }],
                "macro": [
                    [
                        .required("name"), .optional("dependencies"), .optional("path"), .optional("exclude"), .optional("sources"),
                        .optional("packageAccess"), .optional("swiftSettings"), .optional("linkerSettings"), .optional("plugins"),
                    ]
                ],
                "plugin": [
                    [
                        .required("name"), .required("capability"), .optional("dependencies"), .optional("path"), .optional("exclude"),
                        .optional("sources"), .optional("packageAccess"),
                    ]
                ],
                "systemLibrary": [[.required("name"), .optional("path"), .optional("pkgConfig"), .optional("providers")]],
                "binaryTarget": [[.required("name"), .required("path")], [.required("name"), .required("url"), .required("checksum")]],
            ]
        case .targetDependency:
            return [
                "target": [[.required("name"), .optional("condition")]],
                "byName": [[.required("name"), .optional("condition")]],
                "product": [[.required("name"), .optional("package"), .optional("moduleAliases"), .optional("condition")]],
            ]
        case .condition:
            return ["when": [[.optional("platforms"), .optional("traits")]]]
        case .pluginUsage:
            return ["plugin": [[.required("name"), .optional("package")]]]
        case .resource:
            return [
                "process": [[.required(nil), .optional("localization")]],
                "copy": [[.required(nil)]],
                "embedInCode": [[.required(nil)]],
            ]
        }
    }
}
