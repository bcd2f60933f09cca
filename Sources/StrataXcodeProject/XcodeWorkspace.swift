import Foundation
public import StrataDiagnostics
import StrataFileSystem
import StrataLexer
public import StrataManifest
public import StrataProjectFormat

/// What an Xcode workspace (`App.xcworkspace`) lists in its `contents.xcworkspacedata`: the
/// projects, and the folders of Swift packages dragged into it, each with the line that names it.
///
/// The file is XML of two elements: `<FileRef location = "…">` and `<Group location = "…">`,
/// which nests others. A location is `group:path` (relative to the enclosing group's folder, the
/// workspace's folder at the top), `container:path` (relative to the workspace's folder),
/// `absolute:path`, or `self:` (the project an embedded workspace sits in); `developer:` paths are
/// Xcode's own and left out. It is read with a scanner of those elements rather than an XML
/// library, so that each reference keeps its line and the strata binary links no libxml2.
public struct XcodeWorkspace: Sendable {
    /// The `.xcworkspace` folder.
    public var path: String
    /// The `.xcodeproj` folders it lists.
    public var projects: [Located<String>] = []
    /// Other folders it lists that hold a `Package.swift`.
    public var packageFolders: [Located<String>] = []

    /// The id of every problem with a workspace file.
    public static let errorID = "invalid-xcode-workspace"

    /// Reads the workspace at `path` (its `.xcworkspace` folder).
    public init(path: String, files: any WorkspaceFiles) throws(InputErrors) {
        self.path = path
        let file = path + "/contents.xcworkspacedata"
        let bytes: [UInt8]
        switch files.read(file) {
        case .success(let contents): bytes = contents
        case .failure(let failure):
            throw InputErrors(
                .inputError(
                    Self.errorID, "cannot read '\(PathResolution.name(of: path))': \(failure)", at: .file(file),
                    hint: "an Xcode workspace is a folder holding contents.xcworkspacedata; check the path in 'adopt.xcode'"))
        }
        let lines = LineIndex(SourceText(bytes: bytes))
        func location(_ offset: Int) -> SourceLocation {
            let (line, column) = lines.position(of: offset)
            return SourceLocation(path: file, line: line, column: column)
        }
        let folder = PathResolution.parent(of: path)
        var groups: [String] = [folder]
        for element in try Self.elements(in: bytes, location: location) {
            switch element.kind {
            case .groupEnd:
                if groups.count > 1 { groups.removeLast() }
            case .group, .fileReference:
                let resolved = element.location.flatMap { Self.resolve($0, group: groups.last!, workspace: folder) }
                if element.kind == .group {
                    groups.append(resolved ?? groups.last!)
                    if element.isEmpty { groups.removeLast() }
                    continue
                }
                guard let resolved else { continue }
                let named = Located(resolved, at: location(element.offset))
                if resolved.hasSuffix(".xcodeproj") {
                    if !projects.contains(where: { $0.value == resolved }) { projects.append(named) }
                } else if files.exists(resolved + "/Package.swift"), !packageFolders.contains(where: { $0.value == resolved }) {
                    packageFolders.append(named)
                }
            }
        }
    }

    /// A location attribute as an absolute path; nil for Xcode's own files and kinds not known.
    static func resolve(_ location: String, group: String, workspace: String) -> String? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let kind = location[..<colon], path = String(location[location.index(after: colon)...])
        switch kind {
        case "group": return PathResolution.resolve(path, in: group)
        case "container": return PathResolution.resolve(path, in: workspace)
        case "absolute": return PathResolution.standardize(path)
        // An embedded workspace (App.xcodeproj/project.xcworkspace) names the project it is in.
        case "self": return PathResolution.name(of: workspace).hasSuffix(".xcodeproj") ? workspace : nil
        default: return nil
        }
    }

    // MARK: Scanning

    struct Element {
        enum Kind { case fileReference, group, groupEnd }
        var kind: Kind
        var offset: Int
        var location: String?
        /// `<Group … />`: a group that ends where it starts.
        var isEmpty = false
    }

    /// The `FileRef` and `Group` elements, and the ends of groups, in order. Other elements
    /// (`Workspace`, `</FileRef>`, the XML declaration, comments) are stepped over.
    static func elements(in bytes: [UInt8], location: (Int) -> SourceLocation) throws(InputErrors) -> [Element] {
        func damaged(_ message: String, at offset: Int) -> InputErrors {
            InputErrors(
                .inputError(
                    errorID, message, at: location(offset), hint: "the file is damaged; restore it from version control, or let Xcode write it again")
            )
        }
        var elements: [Element] = []
        var index = 0
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
            if bytes[open...].starts(with: Array("<!--".utf8)) {
                guard let end = find(Array("-->".utf8), in: bytes, from: open + 4) else { throw damaged("a comment that does not end", at: open) }
                index = end + 3
                continue
            }
            guard let close = bytes[open...].firstIndex(of: UInt8(ascii: ">")) else { throw damaged("an element that does not end", at: open) }
            let tag = bytes[(open + 1)..<close]
            index = close + 1
            let name = String(decoding: tag.prefix { !isSpace($0) && $0 != UInt8(ascii: "/") }, as: UTF8.self)
            switch name {
            case "FileRef", "Group":
                let attributes = try attributes(of: tag, damaged: damaged)
                elements.append(
                    Element(
                        kind: name == "Group" ? .group : .fileReference, offset: open, location: attributes["location"],
                        isEmpty: tag.last == UInt8(ascii: "/")))
            case "/Group":
                elements.append(Element(kind: .groupEnd, offset: open))
            default:
                continue
            }
        }
        return elements
    }

    /// `name = "value"` pairs of one element, entities decoded.
    private static func attributes(
        of tag: ArraySlice<UInt8>, damaged: (String, Int) -> InputErrors
    ) throws(InputErrors) -> [String: String] {
        var attributes: [String: String] = [:]
        var index = tag.startIndex
        while let equals = tag[index...].firstIndex(of: UInt8(ascii: "=")) {
            let name = String(decoding: tag[index..<equals].reversed().drop(while: isSpace).prefix { !isSpace($0) }.reversed(), as: UTF8.self)
            guard let quoteIndex = tag[(equals + 1)...].firstIndex(where: { !isSpace($0) }),
                tag[quoteIndex] == UInt8(ascii: "\"") || tag[quoteIndex] == UInt8(ascii: "'")
            else { throw damaged("the value of '\(name)' is not quoted", equals - 1) }
            let quote = tag[quoteIndex]
            guard let end = tag[(quoteIndex + 1)...].firstIndex(of: quote) else {
                throw damaged("the value of '\(name)' does not end", quoteIndex - 1)
            }
            attributes[name] = decodingEntities(String(decoding: tag[(quoteIndex + 1)..<end], as: UTF8.self))
            index = end + 1
        }
        return attributes
    }

    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= needle.count, start <= bytes.count - needle.count else { return nil }
        return (start...(bytes.count - needle.count)).first { bytes[$0..<($0 + needle.count)].elementsEqual(needle) }
    }
}
