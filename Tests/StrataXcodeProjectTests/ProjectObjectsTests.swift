import StrataDiagnostics
import Testing

@testable import StrataXcodeProject

/// The objects of a project file by id, and the located errors of a file whose objects do not
/// make a project.
@Suite struct ProjectObjectsTests {
    @Test func objectsAreFoundByIdWithTheirKindAndLine() throws {
        let objects = try ProjectObjects(path: "/w/App.xcodeproj/project.pbxproj", bytes: Array(PropertyListParserTests.project.utf8))
        #expect(objects.count == 5)
        #expect(objects.rootObject.description == "4A1B2C3D4E5F60718293A4B5")
        let reference = try #require(objects["1A1B2C3D4E5F60718293A4B5"])
        #expect(reference.isa == "PBXFileReference")
        #expect(reference.string("path") == "App.swift")
        #expect(objects.location(of: reference) == SourceLocation(path: "/w/App.xcodeproj/project.pbxproj", line: 12, column: 3))
        let configuration = try #require(objects["2A1B2C3D4E5F60718293A4B5"])
        #expect(configuration.strings("missing").isEmpty)
        #expect(objects["4A1B2C3D4E5F60718293A4B5"]?.strings("targets") == [])
    }

    /// Objects are kept by kind in the file's order, across the runs they are made in; an id
    /// written twice is its last object, and only that one is of its kind.
    @Test func objectsOfAKindComeInTheFilesOrderAndAnIdWrittenTwiceIsItsLast() throws {
        let groups = (0..<5_000).map { "G\($0) = { isa = PBXGroup; };" }.joined(separator: "\n  ")
        let text = """
            { objects = {
              ROOT = { isa = PBXProject; };
              TWICE = { isa = PBXGroup; name = first; };
              \(groups)
              TWICE = { isa = PBXFileReference; name = last; };
              ODD = { isa = PBXSomethingNew; };
            }; rootObject = ROOT; }
            """
        let objects = try ProjectObjects(path: "/w/project.pbxproj", bytes: Array(text.utf8))
        #expect(objects["TWICE"]?.isa == "PBXFileReference" && objects["TWICE"]?.string("name") == "last")
        #expect(objects.objects(ofKind: "PBXGroup").map(\.id) == (0..<5_000).map { "G\($0)" })
        #expect(objects.objects(ofKind: "PBXFileReference").map(\.id) == ["TWICE"])
        #expect(objects.objects(ofKinds: ["PBXSomethingNew", "PBXProject"]).map(\.id) == ["ROOT", "ODD"])
        #expect(Set(objects.kinds) == ["PBXProject", "PBXGroup", "PBXFileReference", "PBXSomethingNew"])
    }

    /// Ids are keys made from their bytes: Xcode's 24 digits, short hand-written ones, quoted
    /// ones with escapes, and ones longer than a key packs, which differ only past their 24th byte.
    @Test func everyKindOfIdFindsItsObjectAndOnlyIt() throws {
        let long = String(repeating: "L", count: 24)
        let text = """
            { objects = {
              ROOT = { isa = PBXProject; targets = (T1, "T\\"2", \(long)-first-of-two, \(long)-second-of-two); };
              T1 = { isa = PBXNativeTarget; name = one; };
              "T\\"2" = { isa = PBXNativeTarget; name = two; };
              \(long)-first-of-two = { isa = PBXNativeTarget; name = three; };
              \(long)-second-of-two = { isa = PBXNativeTarget; name = four; };
            }; rootObject = ROOT; }
            """
        let objects = try ProjectObjects(path: "/w/project.pbxproj", bytes: Array(text.utf8))
        let root = try #require(objects[objects.rootObject])
        let names = root.references("targets").map { objects[$0]?.string("name") }
        #expect(names == ["one", "two", "three", "four"])
        #expect(objects["T\"2"]?.string("name") == "two" && objects[#"T\"2"#] == nil)
        #expect(objects[long + "-first-of-two"]?.id == long + "-first-of-two")
        #expect(ObjectKey(long + "-first-of-two").description == long + "…")
        #expect(objects[long + "-third"] == nil && objects["T3"] == nil)
    }

    @Test(arguments: [
        ("{ a = b; }", "the project file has no 'objects'", (1, 1)),
        ("{ objects = (a); }", "'objects' is an array, not a dictionary", (1, 13)),
        ("{ objects = { X = y; }; }", "the object 'X' is a string, not a dictionary", (1, 19)),
        ("{ objects = { X = { name = n; }; }; }", "the object 'X' has no 'isa'", (1, 19)),
        ("{ objects = { X = { isa = PBXProject; }; }; }", "the project file has no 'rootObject'", (1, 1)),
        ("{ objects = { X = { isa = PBXProject; }; };\n  rootObject = Y; }", "'rootObject' names 'Y', which is not among the objects", (2, 16)),
        ("{ objects = { X = { isa = PBXGroup; }; }; rootObject = X; }", "'rootObject' names a PBXGroup, not a PBXProject", (1, 56)),
        ("{ objects = {\n  X = { isa = PBXProject; ", "this dictionary is never closed: the file ends inside it", (2, 7)),
    ])
    func aFileWhoseObjectsMakeNoProjectIsALocatedError(text: String, message: String, position: (Int, Int)) {
        do {
            _ = try ProjectObjects(path: "/w/project.pbxproj", bytes: Array(text.utf8))
            Issue.record("read without an error: \(text)")
        } catch {
            let diagnostic = error.diagnostics.first
            #expect(error.diagnostics.count == 1)
            #expect(diagnostic?.id == "invalid-xcode-project")
            #expect(diagnostic?.message == message)
            #expect(diagnostic?.location == SourceLocation(path: "/w/project.pbxproj", line: position.0, column: position.1))
            #expect(diagnostic?.hint?.isEmpty == false)
        }
    }
}
