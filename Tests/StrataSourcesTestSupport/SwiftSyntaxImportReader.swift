public import StrataSources
import SwiftParser
import SwiftSyntax

/// The reference: import declarations as swift-syntax's parser sees them — every `ImportDecl`
/// at the top level of the file, directly or inside top-level `#if` clauses. Used by the tests
/// and the benchmarks; never linked into `strata`.
public enum SwiftSyntaxImportReader {
    public static func imports(in bytes: [UInt8]) -> [ImportDeclaration] {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let converter = SourceLocationConverter(fileName: "", tree: tree)
        var found: [ImportDeclaration] = []

        func visit(_ items: CodeBlockItemListSyntax, _ clauses: [IfConfigClause]) {
            for item in items {
                guard case .decl(let decl) = item.item else { continue }
                if let declaration = decl.as(ImportDeclSyntax.self) {
                    if let read = read(declaration, clauses) { found.append(read) }
                } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
                    var negated: [String] = []
                    for clause in ifConfig.clauses {
                        let condition = clause.condition.map { tokens($0) }
                        let current = IfConfigClause(negated: negated, condition: condition.flatMap { $0.isEmpty ? nil : $0 })
                        if case .statements(let statements) = clause.elements {
                            visit(statements, clauses + [current])
                        }
                        if let condition = current.condition { negated.append(condition) }
                    }
                }
            }
        }

        func read(_ declaration: ImportDeclSyntax, _ clauses: [IfConfigClause]) -> ImportDeclaration? {
            let path = declaration.path.map { unescaped($0.name) }
            guard let first = declaration.path.first, first.name.presence == .present, !path.isEmpty else { return nil }
            let keyword = declaration.importKeyword.startLocation(converter: converter)
            let module = first.name.startLocation(converter: converter)
            let access = declaration.modifiers.first { ["public", "package", "internal", "fileprivate", "private"].contains($0.name.text) }
            return ImportDeclaration(
                path: path,
                kind: declaration.importKindSpecifier.flatMap { ImportDeclaration.Kind(rawValue: $0.text) },
                attributes: attributes(declaration.attributes),
                accessLevel: access?.name.text,
                line: keyword.line, column: keyword.column, moduleLine: module.line, moduleColumn: module.column,
                conditions: clauses)
        }

        func attributes(_ list: AttributeListSyntax) -> [ImportAttribute] {
            list.flatMap { element -> [ImportAttribute] in
                switch element {
                case .attribute(let attribute):
                    let arguments = attribute.arguments.map { tokens($0, separator: "") }
                    return [ImportAttribute(name: attribute.attributeName.trimmedDescription, arguments: arguments)]
                case .ifConfigDecl(let ifConfig):
                    return ifConfig.clauses.flatMap { clause -> [ImportAttribute] in
                        guard case .attributes(let nested) = clause.elements else { return [] }
                        return attributes(nested)
                    }
                }
            }
        }

        visit(tree.statements, [])
        return found
    }

    /// Condition tokens are joined by spaces, attribute arguments without (as the scanner does).
    private static func tokens(_ node: some SyntaxProtocol, separator: String = " ") -> String {
        node.tokens(viewMode: .sourceAccurate).map(\.text).joined(separator: separator)
    }

    private static func unescaped(_ token: TokenSyntax) -> String {
        let text = token.text
        if text.count >= 2, text.hasPrefix("`"), text.hasSuffix("`") { return String(text.dropFirst().dropLast()) }
        return text
    }
}

/// Byte ranges of regex literals in swift-syntax's token stream: runs of adjacent regex
/// tokens (`#`, `/`, the pattern, `/`, `#`).
public enum SwiftSyntaxRegexSpans {
    public static func spans(in bytes: [UInt8]) -> [Range<Int>] {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        var spans: [Range<Int>] = []
        for token in tree.tokens(viewMode: .sourceAccurate) {
            switch token.tokenKind {
            case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern:
                let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
                let end = token.endPositionBeforeTrailingTrivia.utf8Offset
                if let last = spans.last, last.upperBound == start {
                    spans[spans.count - 1] = last.lowerBound..<end
                } else {
                    spans.append(start..<end)
                }
            default:
                continue
            }
        }
        return spans.filter { !$0.isEmpty }
    }
}
