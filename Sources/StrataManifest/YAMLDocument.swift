import StrataDiagnostics
import Yams

/// The one way Strata turns YAML text into a tree: strata.yml, XcodeGen specs and their
/// includes, podspec JSON, the version record, the edits of strata.yml. Yams composes the text
/// (libyaml refuses nesting deeper than 1,000 on its own), and the tree is then held to limits
/// before anything walks it, so that a hostile file (a "billion laughs": aliases of aliases that
/// expand to billions of nodes) is refused at its line, with exit 2, instead of taking the
/// machine's memory.
enum YAMLDocument {
    /// The largest file read, in bytes: ten times the strata.yml of 10,000 modules.
    static let maximumBytes = 16 << 20
    /// The most nodes a document may have once every alias is expanded.
    static let maximumNodes = 1_000_000
    /// The deepest nesting of lists and mappings.
    static let maximumDepth = 200

    /// The tree of `text` (read from `path`), or nil for an empty document.
    static func compose(_ text: String, path: String) throws(InputErrors) -> Node? {
        try compose(text, path: path) { text throws in try Yams.compose(yaml: text, Resolver.basic) }
    }

    /// `compose` with Yams' default resolver (which types numbers and booleans).
    static func composeTyped(_ text: String, path: String) throws(InputErrors) -> Node? {
        try compose(text, path: path) { text throws in try Yams.compose(yaml: text) }
    }

    /// Refuses a text larger than `maximumBytes`.
    static func checkSize(_ text: String, path: String) throws(InputErrors) {
        let size = text.utf8.count
        guard size <= maximumBytes else {
            throw InputErrors(
                .inputError(
                    "yaml-too-large", "\(fileName(path)) is \(size >> 20) MiB; Strata reads YAML files of up to \(maximumBytes >> 20) MiB",
                    at: .file(path), hint: "split it with includes, or check that this is the file you meant"))
        }
    }

    private static func compose(_ text: String, path: String, _ composer: (String) throws -> Node?) throws(InputErrors) -> Node? {
        try checkSize(text, path: path)
        let root: Node?
        do {
            root = try composer(text)
        } catch {
            throw InputErrors([YAMLErrorTranslator.diagnostic(for: error, text: text, path: path)])
        }
        if let root, let problem = limitProblem(root, path: path) { throw InputErrors(problem) }
        return root
    }

    /// The error for the first node past a limit, or nil if the tree keeps them. The walk stops
    /// there, so it costs at most `maximumNodes` steps whatever the file expands to.
    static func limitProblem(_ root: Node, path: String) -> Diagnostic? {
        var stack: [(node: Node, depth: Int)] = [(root, 1)]
        var count = 0
        while let (node, depth) = stack.popLast() {
            count += 1
            let location = SourceLocation(path: path, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
            if count > maximumNodes {
                return .inputError(
                    "yaml-too-large",
                    "\(fileName(path)) expands to more than 1,000,000 values once its aliases are repeated; the last one read is here",
                    at: location, hint: "an alias (*name) repeats everything its anchor (&name) names: use fewer, or smaller, anchors")
            }
            if depth > maximumDepth {
                return .inputError(
                    "yaml-too-large", "\(fileName(path)) nests lists and mappings more than \(maximumDepth) deep", at: location,
                    hint: "no Strata or XcodeGen file needs this; check that this is the file you meant")
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping.reversed() {
                    stack.append((value, depth + 1))
                    stack.append((key, depth + 1))
                }
            case .sequence(let sequence):
                for item in sequence.reversed() { stack.append((item, depth + 1)) }
            case .scalar, .alias:
                continue
            }
        }
        return nil
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
