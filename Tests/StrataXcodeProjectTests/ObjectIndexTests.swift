import Testing

@testable import StrataXcodeProject

/// The table a project's objects are found in by id, held to `Dictionary` (what it replaced)
/// as the oracle: every id finds the object a dictionary of the same objects, inserted in the
/// same order, finds, and an id that is not there finds nothing.
@Suite struct ObjectIndexTests {
    /// Ids as tools write them: Xcode's 24 random digits, counters (XcodeGen's and the
    /// synthetic project's, which differ in a few low digits), short hand-written ones, and ones
    /// longer than a key packs, which differ only past their 24th byte.
    static func ids(count: Int, seed: UInt64) -> [String] {
        var random = SplitMix(seed: seed)
        let long = String(repeating: "L", count: 30)
        return (0..<count).map { index in
            switch index % 4 {
            case 0: String((0..<24).map { _ in "0123456789ABCDEF".randomElement(using: &random)! })
            case 1: Self.counter(index)
            case 2: "T\(index)"
            default: long + "-\(index)"
            }
        }
    }

    /// A counter's id, its digits reversed so that ids differ in their first bytes and agree
    /// in the rest.
    static func counter(_ index: Int) -> String {
        let digits = String(String(index, radix: 16, uppercase: true).reversed())
        return digits + String(repeating: "0", count: 24 - digits.count)
    }

    @Test(arguments: [0, 1, 7, 1_000, 20_000])
    func everyIdFindsWhatADictionaryFinds(count: Int) {
        let ids = Self.ids(count: count, seed: UInt64(count))
        // Every tenth id written again later: the later object is the one found.
        let written = ids + ids.enumerated().filter { $0.offset % 10 == 3 }.map(\.element)
        let objects = Self.objects(written)
        let index = ObjectIndex(objects)
        var oracle: [ObjectKey: ProjectObject] = [:]
        for object in objects { oracle[object.key] = object }
        for id in ids {
            let key = ObjectKey(id)
            #expect(index[key] === oracle[key], "\(id)")
        }
        for absent in Self.ids(count: 200, seed: 99) + ["", "T-1", String(repeating: "L", count: 30) + "-x"] {
            let key = ObjectKey(absent)
            #expect(index[key] === oracle[key], "\(absent)")
        }
        let replaced = objects.indices.filter { oracle[objects[$0].key] !== objects[$0] }
        #expect(index.replaced == Set(replaced))
    }

    /// Two tables of the same ids draw different seeds, and both find everything.
    @Test func tablesOfTheSameIdsAgreeWhateverTheirSeeds() {
        let objects = Self.objects(Self.ids(count: 5_000, seed: 5))
        let (first, second) = (ObjectIndex(objects), ObjectIndex(objects))
        for object in objects {
            #expect(first[object.key] === object && second[object.key] === object)
        }
    }

    /// The objects are kept in the runs they were made in on all cores: a table of runs finds
    /// what a table of one array of them all finds, and a position names the same object.
    @Test(arguments: [1, 255, 256, 257, 5_000])
    func anIndexOfRunsFindsWhatOneArrayFinds(count: Int) {
        let ids = Self.ids(count: count, seed: UInt64(count))
        let objects = Self.objects(ids + ids.enumerated().filter { $0.offset % 7 == 2 }.map(\.element))
        let runs = stride(from: 0, to: objects.count, by: 256).map { Array(objects[$0..<min($0 + 256, objects.count)]) }
        let ofRuns = ObjectIndex(Runs(runs: runs, shift: 8), keys: Runs(runs: runs.map { $0.map(\.key) }, shift: 8))
        let ofOne = ObjectIndex(objects)
        #expect(ofRuns.objects.count == objects.count)
        #expect(objects.indices.allSatisfy { ofRuns.objects[$0] === objects[$0] })
        #expect(Array(ofRuns.objects.enumerated.map(\.offset)) == Array(objects.indices))
        for id in ids + ["absent", "T-1"] {
            let key = ObjectKey(id)
            #expect(ofRuns[key] === ofOne[key] && ofRuns.position(of: key) == ofOne.position(of: key), "\(id)")
        }
        #expect(ofRuns.replaced == ofOne.replaced)
    }

    @Test func aValuePerObjectIsFoundByTheObject() throws {
        let objects = try ProjectObjects(path: "/w/App.xcodeproj/project.pbxproj", bytes: Array(PropertyListParserTests.project.utf8))
        var names = PerObject<String>(objects)
        let reference = try #require(objects["1A1B2C3D4E5F60718293A4B5"])
        let configuration = try #require(objects["2A1B2C3D4E5F60718293A4B5"])
        names[reference] = "App.swift"
        #expect(names[reference] == "App.swift")
        #expect(names[configuration] == nil)
    }

    /// One object of kind `PBXGroup` per id, in order.
    static func objects(_ ids: [String]) -> [ProjectObject] {
        let text = "{ " + ids.enumerated().map { "\"\($0.element)\" = { isa = PBXGroup; n = \($0.offset); };" }.joined(separator: " ") + " }"
        let list = try! PropertyListParser.parseList(Array(text.utf8))
        return list.root.dictionary!.indexPairs.enumerated().map { position, entry in
            ProjectObject(key: list.key(at: entry.key)!, isa: "PBXGroup", list: list, idNode: entry.key, fieldsNode: entry.value, position: position)
        }
    }
}

/// A seeded generator, so that a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE5_E9B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
