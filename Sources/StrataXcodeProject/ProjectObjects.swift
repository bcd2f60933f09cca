public import StrataDiagnostics
import StrataLexer

/// The objects of a `project.pbxproj`, by their ids, each with the place it is written: what
/// every part of the project reader looks things up in.
///
/// A project file is one dictionary whose `objects` entry holds every object (targets, build
/// phases, files, groups, configurations) keyed by a 24-digit id; objects refer to each other by
/// those ids, and `rootObject` names the `PBXProject`.
public struct ProjectObjects: Sendable {
    /// Absolute path of the `project.pbxproj`.
    public let path: String
    /// The `PBXProject`'s id.
    public let rootObject: String
    private let objects: [String: ProjectObject]
    private let lines: LineIndex

    /// How many objects the file holds.
    public var count: Int { objects.count }

    /// Every object, in no particular order.
    public var all: Dictionary<String, ProjectObject>.Values { objects.values }

    /// Reads the objects of the project file at `path` from its bytes.
    public init(path: String, bytes: [UInt8]) throws(InputErrors) {
        let lines = LineIndex(SourceText(bytes: bytes))
        func failure(_ message: String, at offset: Int, hint: String) -> InputErrors {
            let (line, column) = lines.position(of: offset)
            return InputErrors(.inputError(Self.errorID, message, at: SourceLocation(path: path, line: line, column: column), hint: hint))
        }
        let list: PropertyList
        do throws(PropertyListError) {
            list = try PropertyListParser.parseList(bytes)
        } catch {
            throw failure(error.message, at: error.offset, hint: error.hint)
        }
        self.path = path
        self.lines = lines
        // The parser reads nothing but a dictionary at the root.
        (objects, rootObject) = try Self.index(list.root.dictionary!) {
            failure($0, at: $1, hint: "the file is damaged; restore it from version control")
        }
    }

    /// The object with this id, if the file has one.
    public subscript(id: String) -> ProjectObject? {
        objects[id]
    }

    /// Where `offset` is in the file.
    public func location(of offset: Int) -> SourceLocation {
        let (line, column) = lines.position(of: offset)
        return SourceLocation(path: path, line: line, column: column)
    }

    /// Where an object is written.
    public func location(of object: ProjectObject) -> SourceLocation {
        location(of: object.offset)
    }

    /// The id of every problem in a project file.
    public static let errorID = "invalid-xcode-project"

    /// The `objects` dictionary by id, and the root object's id, which must name a `PBXProject`.
    private static func index(
        _ root: PropertyListDictionary, failure: (_ message: String, _ offset: Int) -> InputErrors
    ) throws(InputErrors) -> ([String: ProjectObject], String) {
        guard let objectsNode = root["objects"] else { throw failure("the project file has no 'objects'", 0) }
        guard let entries = objectsNode.dictionary?.pairs else {
            throw failure("'objects' is \(objectsNode.kindDescription), not a dictionary", objectsNode.offset)
        }
        var objects: [String: ProjectObject] = [:]
        objects.reserveCapacity(entries.count)
        for (key, value) in entries {
            let id = key.string ?? ""
            guard let fields = value.dictionary else {
                throw failure("the object '\(id)' is \(value.kindDescription), not a dictionary", value.offset)
            }
            guard let isa = fields["isa"]?.string else {
                throw failure("the object '\(id)' has no 'isa'", value.offset)
            }
            objects[id] = ProjectObject(id: id, isa: isa, fields: fields, offset: key.offset)
        }
        guard let rootNode = root["rootObject"], let rootObject = rootNode.string else {
            throw failure("the project file has no 'rootObject'", 0)
        }
        guard let project = objects[rootObject] else {
            throw failure("'rootObject' names '\(rootObject)', which is not among the objects", rootNode.offset)
        }
        guard project.isa == "PBXProject" else {
            throw failure("'rootObject' names a \(project.isa), not a PBXProject", rootNode.offset)
        }
        return (objects, rootObject)
    }
}

/// One object of a project file: its kind (`isa`) and its fields. A class: the reader passes
/// objects from step to step a hundred thousand times in a large project, and a reference is
/// one count to keep where the fields would be three.
public final class ProjectObject: Sendable {
    public let id: String
    /// `PBXNativeTarget`, `PBXFileReference`, `XCBuildConfiguration`…
    public let isa: String
    public let fields: PropertyListDictionary
    /// Where its id is written, which Xcode's diffs and merge conflicts show too.
    public let offset: Int

    init(id: String, isa: String, fields: PropertyListDictionary, offset: Int) {
        self.id = id
        self.isa = isa
        self.fields = fields
        self.offset = offset
    }

    /// A string field.
    public func string(_ key: StaticString) -> String? {
        fields[key]?.string
    }

    /// A list of ids (or other strings): `targets`, `buildPhases`, `files`, `children`…; empty when
    /// the field is missing.
    public func strings(_ key: StaticString) -> [String] {
        guard let list = fields[key], list.node.kind == .array else { return [] }
        return list.children.compactMap { PropertyListNode(list: list.list, index: $0).string }
    }
}
