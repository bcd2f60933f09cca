import Testing

@testable import StrataXcodeProject

/// A large file parsed in parts on all cores reads into exactly the nodes, or the first error,
/// that a parse from the start gives: whatever the parts' cuts land on.
@Suite struct PropertyListPartsTests {
    /// A project file in Xcode's layout with `count` objects: one-line objects, objects over
    /// several lines, comments and sections, and shell scripts whose quoted text holds lines
    /// that look like objects (where a cut may land and must not be believed).
    static func project(objects count: Int) -> String {
        var lines = ["// !$*UTF8*$!", "{", "\tarchiveVersion = 1;", "\tclasses = {", "\t};", "\tobjectVersion = 77;", "\tobjects = {", ""]
        for index in 0..<count {
            let id = String(repeating: "0", count: 24 - String(index).count) + String(index)
            switch index % 5 {
            case 0:
                lines.append("/* Begin section \(index) */")
                lines.append("\t\t\(id) /* File\(index).swift in Sources */ = {isa = PBXBuildFile; fileRef = \(id) /* File\(index).swift */; };")
            case 1:
                lines.append("\t\t\(id) = {isa = PBXFileReference; path = \"File \(index).swift\"; sourceTree = \"<group>\"; };")
            case 2:
                lines += [
                    "\t\t\(id) /* Debug */ = {", "\t\t\tisa = XCBuildConfiguration;", "\t\t\tbuildSettings = {",
                    "\t\t\t\tOTHER_SWIFT_FLAGS = (", "\t\t\t\t\t\"-DDEBUG\",", "\t\t\t\t);", "\t\t\t};", "\t\t\tname = Debug;", "\t\t};",
                ]
            case 3:
                lines += [
                    "\t\t\(id) /* Script */ = {", "\t\t\tisa = PBXShellScriptBuildPhase;",
                    "\t\t\tshellScript = \"echo start\n\t\t\(id)9 = {isa = Fake; };\n\t\tX = { ;\n\";", "\t\t};",
                ]
            default:
                lines.append("\t\t\(id) = {isa = PBXGroup; children = (); blob = <0fbd 7a>; }; // a line comment")
            }
        }
        lines += ["\t};", "\trootObject = 000000000000000000000000;", "}", ""]
        return lines.joined(separator: "\n")
    }

    @Test(arguments: [2, 3, 8, 64])
    func partsGiveTheNodesOfAParseFromTheStart(parts: Int) throws {
        let bytes = Array(Self.project(objects: 3_000).utf8)
        let whole = try PropertyListParser.parseList(bytes, parts: 1)
        let inParts = try PropertyListParser.parseList(bytes, parts: parts, minimumPartSize: 1_024)
        #expect(Self.firstDifference(inParts.nodes, whole.nodes) == nil)
        // The parts were parsed ahead, so the comparison compares something.
        let parsedAhead = bytes.withUnsafeBufferPointer { SpeculativeParts($0, parts: parts, minimumPartSize: 1_024).count }
        #expect(parsedAhead >= parts / 2)
    }

    /// A cut on a line of a quoted script that looks like an object starts a part that cannot
    /// be the parse's: it is never taken in.
    @Test func aCutInsideAStringThatLooksLikeAnObjectIsNotBelieved() throws {
        let bytes = Array(Self.project(objects: 3_000).utf8)
        let fake = Array("9 = {isa = Fake; };".utf8)
        let at = try #require(bytes.indices.first { bytes[$0...].starts(with: fake) })
        let start = try #require(bytes.withUnsafeBufferPointer { SpeculativeParts.entryStart(in: $0, after: at - 30) })
        #expect(start == at - 24)
        let part = bytes.withUnsafeBufferPointer { SpeculativeParts.parse($0, from: start, until: nil) }
        #expect(part == nil)
        let (inParts, whole) = try (PropertyListParser.parseList(bytes, parts: 64, minimumPartSize: 512), PropertyListParser.parseList(bytes, parts: 1))
        #expect(Self.firstDifference(inParts.nodes, whole.nodes) == nil)
    }

    /// Where two parses' nodes first differ (a message short enough to read), nil if nowhere.
    static func firstDifference(_ first: [PropertyList.Node], _ second: [PropertyList.Node]) -> String? {
        guard first != second else { return nil }
        let index = first.indices.first { $0 >= second.count || first[$0] != second[$0] } ?? first.count
        return "\(first.count) and \(second.count) nodes, first different at \(index)"
    }

    /// Damage anywhere (bytes changed, added or taken out where they matter most) gives the
    /// same nodes or the same first error, at the same offset, in parts as from the start.
    @Test func damageGivesTheErrorAParseFromTheStartGives() {
        let bytes = Array(Self.project(objects: 400).utf8)
        let specials = Array("{}();=\"'/*<>\\\n\0 a".utf8)
        var state: UInt64 = 0xC0FFEE
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        var disagreements: [String] = []
        for round in 0..<1_500 {
            var copy = bytes
            for _ in 0...next(2) {
                let at = next(copy.count)
                switch next(3) {
                case 0: copy[at] = specials[next(specials.count)]
                case 1: copy.insert(specials[next(specials.count)], at: at)
                default: copy.remove(at: at)
                }
            }
            let whole = Result { () throws(PropertyListError) in try PropertyListParser.parseList(copy, parts: 1).nodes }
            let inParts = Result { () throws(PropertyListError) in try PropertyListParser.parseList(copy, parts: 16, minimumPartSize: 256).nodes }
            switch (whole, inParts) {
            case (.success(let a), .success(let b)) where a == b: continue
            case (.failure(let a), .failure(let b)) where a == b: continue
            default: disagreements.append("round \(round)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
