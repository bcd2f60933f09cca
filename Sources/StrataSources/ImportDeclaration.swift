/// One `import` declaration of a Swift file, with everything that can qualify it.
public struct ImportDeclaration: Sendable, Hashable, Codable {
    /// The declaration kind of `import struct A.B` and its siblings; nil for a module import.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case `typealias`, `struct`, `class`, `enum`, `protocol`, `let`, `var`, `func`
    }

    /// The import path: `["Foundation"]`, `["Darwin", "C"]`, `["Foundation", "NSString"]`
    /// (backticks removed).
    public var path: [String]
    public var kind: Kind?
    /// Attributes in source order, e.g. `testable`, `_spi(Internal)`, `preconcurrency`.
    public var attributes: [ImportAttribute]
    /// `public`, `package`, `internal`, `fileprivate` or `private`, if written.
    public var accessLevel: String?
    /// Position of the `import` keyword (1-based line, UTF-8 column).
    public var line: Int
    public var column: Int
    /// Position of the module name.
    public var moduleLine: Int
    public var moduleColumn: Int
    /// The `#if` clauses the declaration sits in, outermost first.
    public var conditions: [IfConfigClause]

    public init(
        path: [String], kind: Kind?, attributes: [ImportAttribute], accessLevel: String?, line: Int, column: Int,
        moduleLine: Int, moduleColumn: Int, conditions: [IfConfigClause]
    ) {
        self.path = path
        self.kind = kind
        self.attributes = attributes
        self.accessLevel = accessLevel
        self.line = line
        self.column = column
        self.moduleLine = moduleLine
        self.moduleColumn = moduleColumn
        self.conditions = conditions
    }

    /// The module imported (the first path component).
    public var module: String { path[0] }

    public func hasAttribute(_ name: String) -> Bool {
        attributes.contains { $0.name == name }
    }

    /// `@testable import`.
    public var isTestable: Bool { hasAttribute("testable") }

    /// `@_exported import`: the module's clients see the imported module too.
    public var isExported: Bool { hasAttribute("_exported") }
}

/// An attribute on an import: its name without `@`, and its argument text (tokens joined
/// without spaces), e.g. `_spi` and `Internal`.
public struct ImportAttribute: Sendable, Hashable, Codable, CustomStringConvertible {
    public var name: String
    public var arguments: String?

    public init(name: String, arguments: String? = nil) {
        self.name = name
        self.arguments = arguments
    }

    public var description: String { arguments.map { "@\(name)(\($0))" } ?? "@\(name)" }
}

/// A clause of a `#if` block: the block's earlier conditions, which must all be false, and
/// this clause's own condition (nil for `#else`). Conditions are kept as their tokens joined
/// by single spaces (`os ( Linux ) && ! DEBUG`): independent of layout and comments, and
/// lexed back into the same tokens when evaluated.
public struct IfConfigClause: Sendable, Hashable, Codable, CustomStringConvertible {
    public var negated: [String]
    public var condition: String?

    public init(negated: [String], condition: String?) {
        self.negated = negated
        self.condition = condition
    }

    public var description: String {
        let parts = negated.map { "!(\(Self.display($0)))" } + (condition.map { [Self.display($0)] } ?? [])
        return parts.isEmpty ? "true" : parts.joined(separator: " && ")
    }

    /// A condition as people write it: `os(Linux) && !DEBUG`.
    public static func display(_ condition: String) -> String {
        var result = ""
        for token in condition.split(separator: " ") {
            switch token {
            case "&&", "||": result += " \(token) "
            case ",": result += ", "
            default: result += token
            }
        }
        return result
    }
}
