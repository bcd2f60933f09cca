public import StrataDiagnostics
import StrataFileSystem
import StrataLexer

/// The objects of a `project.pbxproj`, by their ids, each with the place it is written: what
/// every part of the project reader looks things up in.
///
/// A project file is one dictionary whose `objects` entry holds every object (targets, build
/// phases, files, groups, configurations) keyed by a 24-digit id; objects refer to each other by
/// those ids, and `rootObject` names the `PBXProject`.
public struct ProjectObjects: Sendable {
    /// Absolute path of the `project.pbxproj`.
    public private(set) var path: String
    /// The `PBXProject`'s id.
    public let rootObject: ObjectKey
    private let objects: ObjectIndex
    /// The objects of each kind, in the file's order: most steps want one or two kinds of the
    /// hundred thousand objects a large project holds.
    private let byKind: [String: [ProjectObject]]
    private let lines: LineIndex

    /// How many objects the file holds.
    public var count: Int { objects.objects.count - objects.replaced.count }

    /// The kinds of object the file holds.
    public var kinds: Dictionary<String, [ProjectObject]>.Keys { byKind.keys }

    /// The objects of one kind (`PBXGroup`), in the file's order.
    public func objects(ofKind kind: String) -> [ProjectObject] {
        byKind[kind] ?? []
    }

    /// The objects of any of these kinds, in the file's order.
    public func objects(ofKinds kinds: some Sequence<String>) -> [ProjectObject] {
        kinds.flatMap { objects(ofKind: $0) }.sorted { $0.offset < $1.offset }
    }

    /// Reads the objects of the project file at `path` from its bytes.
    public init(path: String, bytes: [UInt8]) throws(InputErrors) {
        // The line index (for locations) is made on another core while the file parses.
        let (lines, parsed) = ParallelMap.both({ LineIndex(SourceText(bytes: bytes)) }) {
            Result { () throws(PropertyListError) in try PropertyListParser.parseList(bytes) }
        }
        func failure(_ message: String, at offset: Int, hint: String) -> InputErrors {
            let (line, column) = lines.position(of: offset)
            return InputErrors(.inputError(Self.errorID, message, at: SourceLocation(path: path, line: line, column: column), hint: hint))
        }
        let list: PropertyList
        switch parsed {
        case .success(let parsedList): list = parsedList
        case .failure(let error): throw failure(error.message, at: error.offset, hint: error.hint)
        }
        self.path = path
        self.lines = lines
        // The parser reads nothing but a dictionary at the root.
        (objects, byKind, rootObject) = try Self.index(list.root.dictionary!) {
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

    /// The position of the object with this id, if the file has one: what edges find targets
    /// by, without a reference to the target's object.
    func position(of key: ObjectKey) -> Int? {
        objects.position(of: key)
    }

    /// The kind of the object at `position`.
    func isa(at position: Int) -> String {
        objects.objects[position].isa
    }

    /// The object at `position`.
    func object(at position: Int) -> ProjectObject {
        objects.objects[position]
    }

    /// How many objects the file writes, a repeated id each time: the positions objects have.
    var positions: Int { objects.objects.count }

    /// Where `offset` is in the file.
    public func location(of offset: Int) -> SourceLocation {
        let (line, column) = lines.position(of: offset)
        return SourceLocation(path: path, line: line, column: column)
    }

    /// Where an object is written.
    public func location(of object: ProjectObject) -> SourceLocation {
        location(of: object.offset)
    }

    /// The same objects, the locations they make holding a path of their own: for the reader on
    /// one core, since every location holds its path, and cores counting references to one
    /// string wait on each other.
    func withOwnPath() -> ProjectObjects {
        var copy = self
        copy.path = String(decoding: Array(path.utf8), as: UTF8.self)
        return copy
    }

    /// The id of every problem in a project file.
    public static let errorID = "invalid-xcode-project"

    /// log2 of how many objects are made in a run.
    private static let runShift = 11

    /// The `objects` dictionary by id and by kind, and the root object's id, which must name a `PBXProject`.
    private static func index(
        _ root: PropertyListDictionary, failure: (_ message: String, _ offset: Int) -> InputErrors
    ) throws(InputErrors) -> (ObjectIndex, [String: [ProjectObject]], ObjectKey) {
        guard let objectsNode = root["objects"] else { throw failure("the project file has no 'objects'", 0) }
        guard let entries = objectsNode.dictionary else {
            throw failure("'objects' is \(objectsNode.kindDescription), not a dictionary", objectsNode.offset)
        }
        // Each object is made on whichever core is free, in runs of neighbours; the runs are
        // then indexed in the file's order, so a duplicated id reads as its last object, as Xcode
        // reads it, and the first damaged object is the one reported.
        // Runs of the entries' node numbers, not of nodes: a node holds the list, and 150,000
        // entries made and let go as nodes were a tenth of the reading in reference counting.
        let shared = entries.list
        let made = ParallelMap.map(ParallelMap.chunks(entries.indexPairs, of: 1 << runShift), chunksPerCore: 4) { run in
            // The run's objects hold a list of their own over the same nodes and bytes: each
            // object is one more reference to its list, and the cores' objects counting
            // references to one list made the cores wait on each other.
            let list = shared.sharingStorage()
            var kinds = ObjectKinds()
            var made = MadeObjects()
            made.objects.reserveCapacity(run.count)
            made.keys.reserveCapacity(run.count)
            for position in run.indices {
                let (key, value) = run[position]
                func damage(_ problem: String) -> (String, Int) {
                    ("the object '\(list.string(at: key) ?? "")' \(problem)", Int(list.nodes[Int(value)].start))
                }
                guard list.nodes[Int(value)].kind == .dictionary else {
                    made.damage = damage("is \(PropertyListNode(list: list, index: value).kindDescription), not a dictionary")
                    break
                }
                guard let isa = list.value(forKey: "isa", in: value), let (kind, number) = kinds.kind(of: isa, in: list) else {
                    made.damage = damage("has no 'isa'")
                    break
                }
                // A key node is always a string: the parser reads nothing else as a key.
                let object = ProjectObject(key: list.key(at: key)!, isa: kind, list: list, idNode: key, fieldsNode: value, position: position)
                made.objects.append(object)
                made.keys.append(object.key)
                made.add(object, ofKindNumbered: number)
            }
            return made
        }
        if let (message, offset) = made.lazy.compactMap(\.damage).first { throw failure(message, offset) }
        let objects = ObjectIndex(Runs(runs: made.map(\.objects), shift: runShift), keys: Runs(runs: made.map(\.keys), shift: runShift))
        let byKind = Self.groupedByKind(made, index: objects)
        guard let rootNode = root["rootObject"], let rootObject = rootNode.key else {
            throw failure("the project file has no 'rootObject'", 0)
        }
        guard let project = objects[rootObject] else {
            throw failure("'rootObject' names '\(rootObject)', which is not among the objects", rootNode.offset)
        }
        guard project.isa == "PBXProject" else {
            throw failure("'rootObject' names a \(project.isa), not a PBXProject", rootNode.offset)
        }
        return (objects, byKind, rootObject)
    }
}

extension ProjectObjects {
    /// The objects of each kind in the file's order, but those a later object with the same id
    /// replaced: each run's lists of its kinds joined, a kind's name hashed once a run.
    private static func groupedByKind(_ runs: [MadeObjects], index: ObjectIndex) -> [String: [ProjectObject]] {
        var byKind: [String: [ProjectObject]] = [:]
        for run in runs {
            for var list in run.byKind {
                guard let kind = list.first?.isa else { continue }
                if !index.replaced.isEmpty { list.removeAll { index[$0.key] !== $0 } }
                // A kind's first list is taken as it is, not copied.
                if byKind[kind] == nil { byKind[kind] = list } else { byKind[kind]! += list }
            }
        }
        return byKind
    }
}

/// The objects one run of the `objects` dictionary holds, in the file's order, and the first
/// damaged one's problem, where the run stops.
private struct MadeObjects: Sendable {
    var objects: [ProjectObject] = []
    /// Their keys, in the same order: gathered here, where each object was just made, rather
    /// than read back from 150,000 objects scattered over the heap.
    var keys: [ObjectKey] = []
    /// The objects again, a list for each kind, by the number ``ObjectKinds`` gave the kind.
    var byKind: [[ProjectObject]] = []
    var damage: (message: String, offset: Int)?

    mutating func add(_ object: ProjectObject, ofKindNumbered number: Int) {
        while byKind.count <= number { byKind.append([]) }
        byKind[number].append(object)
    }
}

/// The kind names (`isa`) of a project's objects, each made a `String` once and numbered in
/// the order met: a known kind is the literal this reader compares with (made without
/// allocating), another is decoded the first time it is met.
private struct ObjectKinds {
    private static let known = Dictionary(ProjectReader.knownKinds.map { (ObjectKey($0), $0) }, uniquingKeysWith: { first, _ in first })
    private var numbers: [ObjectKey: (name: String, number: Int)] = [:]
    /// The kind met last: objects of a kind are often written together.
    private var last: (key: ObjectKey, name: String, number: Int)?

    /// The kind's name and number; nil when the node is not a string.
    mutating func kind(of node: Int32, in list: PropertyList) -> (name: String, number: Int)? {
        guard let key = list.key(at: node) else { return nil }
        if let last, last.key == key { return (last.name, last.number) }
        let kind: (name: String, number: Int)
        if let seen = numbers[key] {
            kind = seen
        } else {
            guard let name = Self.known[key] ?? list.string(at: node) else { return nil }
            kind = (name, numbers.count)
            numbers[key] = kind
        }
        last = (key, kind.name, kind.number)
        return kind
    }
}

/// One object of a project file: its kind (`isa`) and its fields. A class: the reader passes
/// objects from step to step a hundred thousand times in a large project, and a reference is
/// one count to keep where the fields would be three.
///
/// Its fields are read from the list by node number (see ``PropertyList/value(forKey:in:)``):
/// the cores reading targets share the list, and nodes handed from call to call counted
/// references to it, which made the cores wait on each other.
public final class ProjectObject: Sendable {
    /// Its id, as the objects are found by.
    public let key: ObjectKey
    /// `PBXNativeTarget`, `PBXFileReference`, `XCBuildConfiguration`…
    public let isa: String
    /// Its place among the file's objects: what a ``PerObject`` table finds it by.
    let position: Int
    private let list: PropertyList
    /// The node of its id as the file writes it, which Xcode's diffs and merge conflicts show too.
    private let idNode: Int32
    /// The node of its fields' dictionary.
    private let fieldsNode: Int32

    init(key: ObjectKey, isa: String, list: PropertyList, idNode: Int32, fieldsNode: Int32, position: Int) {
        self.key = key
        self.isa = isa
        self.list = list
        self.idNode = idNode
        self.fieldsNode = fieldsNode
        self.position = position
    }

    /// Its fields.
    public var fields: PropertyListDictionary { PropertyListDictionary(list: list, index: fieldsNode) }

    /// Its id as text.
    public var id: String { list.string(at: idNode) ?? key.description }

    /// Where its id is written.
    public var offset: Int { Int(list.nodes[Int(idNode)].start) }

    /// A string field.
    public func string(_ key: StaticString) -> String? {
        list.value(forKey: key, in: fieldsNode).flatMap { list.string(at: $0) }
    }

    /// A list of strings (`platformFilters`, `membershipExceptions`); empty when the field is missing.
    public func strings(_ key: StaticString) -> [String] {
        list.value(forKey: key, in: fieldsNode).map { list.strings(in: $0) } ?? []
    }

    /// The id a field names (`target`, `fileRef`), as a key.
    public func reference(_ key: StaticString) -> ObjectKey? {
        list.value(forKey: key, in: fieldsNode).flatMap { list.key(at: $0) }
    }

    /// The ids two fields name, found in one pass: for an object that names one or the other
    /// (`target` or `targetProxy`, `productRef` or `fileRef`).
    func references(_ first: StaticString, _ second: StaticString) -> (ObjectKey?, ObjectKey?) {
        let (firstNode, secondNode) = list.values(forKeys: first, second, in: fieldsNode)
        return (firstNode.flatMap { list.key(at: $0) }, secondNode.flatMap { list.key(at: $0) })
    }

    /// A list of strings and a string, found in one pass (`platformFilters`, `platformFilter`).
    func stringsAndString(_ first: StaticString, _ second: StaticString) -> (strings: [String], string: String?) {
        let (firstNode, secondNode) = list.values(forKeys: first, second, in: fieldsNode)
        return (firstNode.map { list.strings(in: $0) } ?? [], secondNode.flatMap { list.string(at: $0) })
    }

    /// The entries of a dictionary field (`buildSettings`) in the file's order, each value a
    /// string, a list of strings joined by spaces, or nil for any other value; empty when the
    /// field is missing or not a dictionary.
    public func stringEntries(_ key: StaticString) -> [(key: String, value: String?)] {
        guard let dictionary = list.value(forKey: key, in: fieldsNode) else { return [] }
        return list.entries(of: dictionary).map { key, value in
            let text = list.string(at: value) ?? (list.nodes[Int(value)].kind == .array ? list.strings(in: value).joined(separator: " ") : nil)
            return (list.string(at: key) ?? "", text)
        }
    }

    /// The ids a list names (`targets`, `buildPhases`, `files`, `children`…), as keys; empty when
    /// the field is missing.
    public func references(_ key: StaticString) -> [ObjectKey] {
        guard let items = list.value(forKey: key, in: fieldsNode) else { return [] }
        return list.items(of: items).compactMap { list.key(at: $0) }
    }
}
