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
    public let rootObject: ObjectKey
    private let objects: [ObjectKey: ProjectObject]
    private let lines: LineIndex

    /// How many objects the file holds.
    public var count: Int { objects.count }

    /// Every object, in no particular order.
    public var all: Dictionary<ObjectKey, ProjectObject>.Values { objects.values }

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
        objects[ObjectKey(id)]
    }

    /// The object with this id, if the file has one.
    public subscript(key: ObjectKey) -> ProjectObject? {
        objects[key]
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
    ) throws(InputErrors) -> ([ObjectKey: ProjectObject], ObjectKey) {
        guard let objectsNode = root["objects"] else { throw failure("the project file has no 'objects'", 0) }
        guard let entries = objectsNode.dictionary else {
            throw failure("'objects' is \(objectsNode.kindDescription), not a dictionary", objectsNode.offset)
        }
        let pairs = entries.pairs
        var objects: [ObjectKey: ProjectObject] = [:]
        objects.reserveCapacity(pairs.count)
        var kinds = ObjectKinds()
        for (key, value) in pairs {
            guard let fields = value.dictionary else {
                throw failure("the object '\(key.string ?? "")' is \(value.kindDescription), not a dictionary", value.offset)
            }
            guard let isa = fields["isa"], let kind = kinds.name(of: isa) else {
                throw failure("the object '\(key.string ?? "")' has no 'isa'", value.offset)
            }
            // A key node is always a string: the parser reads nothing else as a key.
            let id = key.key!
            objects[id] = ProjectObject(key: id, idNode: key, isa: kind, fields: fields)
        }
        guard let rootNode = root["rootObject"], let rootObject = rootNode.key else {
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

/// The kind names (`isa`) of a project's objects, each made a `String` once: a known kind is
/// the literal this reader compares with (made without allocating), another is decoded the first
/// time it is met.
private struct ObjectKinds {
    private var names: [ObjectKey: String]

    init() {
        names = Dictionary(ProjectReader.knownKinds.map { (ObjectKey($0), $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func name(of node: PropertyListNode) -> String? {
        guard let key = node.key else { return nil }
        if let known = names[key] { return known }
        guard let text = node.string else { return nil }
        names[key] = text
        return text
    }
}

/// One object of a project file: its kind (`isa`) and its fields. A class: the reader passes
/// objects from step to step a hundred thousand times in a large project, and a reference is
/// one count to keep where the fields would be three.
public final class ProjectObject: Sendable {
    /// Its id, as the objects are found by.
    public let key: ObjectKey
    /// Its id as the file writes it, which Xcode's diffs and merge conflicts show too.
    let idNode: PropertyListNode
    /// `PBXNativeTarget`, `PBXFileReference`, `XCBuildConfiguration`…
    public let isa: String
    public let fields: PropertyListDictionary

    init(key: ObjectKey, idNode: PropertyListNode, isa: String, fields: PropertyListDictionary) {
        self.key = key
        self.idNode = idNode
        self.isa = isa
        self.fields = fields
    }

    /// Its id as text.
    public var id: String { idNode.string ?? key.description }

    /// Where its id is written.
    public var offset: Int { idNode.offset }

    /// A string field.
    public func string(_ key: StaticString) -> String? {
        fields[key]?.string
    }

    /// A list of strings (`platformFilters`, `membershipExceptions`); empty when the field is missing.
    public func strings(_ key: StaticString) -> [String] {
        guard let list = fields[key], list.node.kind == .array else { return [] }
        return list.children.compactMap { PropertyListNode(list: list.list, index: $0).string }
    }

    /// The id a field names (`target`, `fileRef`), as a key.
    public func reference(_ key: StaticString) -> ObjectKey? {
        fields[key]?.key
    }

    /// The ids a list names (`targets`, `buildPhases`, `files`, `children`…), as keys; empty when
    /// the field is missing.
    public func references(_ key: StaticString) -> [ObjectKey] {
        guard let list = fields[key], list.node.kind == .array else { return [] }
        return list.children.compactMap { PropertyListNode(list: list.list, index: $0).key }
    }
}
