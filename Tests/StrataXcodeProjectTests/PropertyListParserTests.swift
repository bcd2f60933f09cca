import Testing

@testable import StrataXcodeProject

/// The old-style property list reader: what Xcode writes reads back with every node at its
/// offset, and every kind of damage is an error at the place it is found.
@Suite struct PropertyListParserTests {
    static let project = #"""
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 77;
        	objects = {

        /* Begin PBXBuildFile section */
        		0A1B2C3D4E5F60718293A4B5 /* App.swift in Sources */ = {isa = PBXBuildFile; fileRef = 1A1B2C3D4E5F60718293A4B5 /* App.swift */; };
        /* End PBXBuildFile section */
        		1A1B2C3D4E5F60718293A4B5 /* App.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = App.swift; sourceTree = "<group>"; };
        		2A1B2C3D4E5F60718293A4B5 = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				LD_RUNPATH_SEARCH_PATHS = (
        					"$(inherited)",
        					"@executable_path/Frameworks",
        				);
        				INFOPLIST_KEY_NSHumanReadableCopyright = "\"Quoted\" \\ tab\there\nline \U00e9";
        				SWIFT_VERSION = 5.0;
        			};
        			name = Debug;
        		};
        		3A1B2C3D4E5F60718293A4B5 = {isa = Thing; blob = <0fbd 7A>; single = 'it s'; };
        		4A1B2C3D4E5F60718293A4B5 /* Project object */ = {isa = PBXProject; targets = (); };
        	};
        	rootObject = 4A1B2C3D4E5F60718293A4B5 /* Project object */;
        }

        """#

    @Test func readsWhatXcodeWritesWithEveryNodeAtItsOffset() throws {
        let bytes = Array(Self.project.utf8)
        let root = try #require(try PropertyListParser.parse(bytes).dictionary)
        #expect(root["archiveVersion"]?.string == "1")
        #expect(root["classes"]?.dictionary?.entries.isEmpty == true)
        #expect(root["rootObject"]?.string == "4A1B2C3D4E5F60718293A4B5")
        let objects = try #require(root["objects"]?.dictionary)
        #expect(objects.entries.map(\.key) == ["0A1B2C3D4E5F60718293A4B5", "1A1B2C3D4E5F60718293A4B5", "2A1B2C3D4E5F60718293A4B5", "3A1B2C3D4E5F60718293A4B5",
            "4A1B2C3D4E5F60718293A4B5",
        ])
        let reference = try #require(objects["1A1B2C3D4E5F60718293A4B5"]?.dictionary)
        #expect(reference["sourceTree"]?.string == "<group>")
        #expect(reference["lastKnownFileType"]?.string == "sourcecode.swift")

        let settings = try #require(objects["2A1B2C3D4E5F60718293A4B5"]?.dictionary?["buildSettings"]?.dictionary)
        #expect(settings["LD_RUNPATH_SEARCH_PATHS"]?.array?.compactMap(\.string) == ["$(inherited)", "@executable_path/Frameworks"])
        #expect(settings["INFOPLIST_KEY_NSHumanReadableCopyright"]?.string == "\"Quoted\" \\ tab\there\nline é")
        #expect(settings["SWIFT_VERSION"]?.string == "5.0")

        let thing = try #require(objects["3A1B2C3D4E5F60718293A4B5"]?.dictionary)
        if case .data(let data) = thing["blob"]?.value { #expect(data == [0x0F, 0xBD, 0x7A]) } else { Issue.record("blob is not data") }

        // Offsets point at the first byte of the key and of the value.
        let entry = try #require(objects.entries.first { $0.key == "1A1B2C3D4E5F60718293A4B5" })
        #expect(Self.text(bytes, at: entry.keyOffset, count: 24) == "1A1B2C3D4E5F60718293A4B5")
        #expect(Self.text(bytes, at: entry.value.offset, count: 4) == "{isa")
        let path = try #require(reference.entries.first { $0.key == "path" })
        #expect(Self.text(bytes, at: path.value.offset, count: 9) == "App.swift")
    }

    @Test func unquotedStringsHoldLettersDigitsAndTheSevenMarksAlone() {
        let allowed = Set(("abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ" + "0123456789" + "_$+/:.-").utf8)
        let disagreeing = (0...255).map(UInt8.init).filter { PropertyListParser.isUnquoted($0) != allowed.contains($0) }
        #expect(disagreeing.isEmpty, "\(disagreeing)")
    }

    @Test func singleQuotedStringsEndAtTheirQuote() throws {
        let root = try #require(try PropertyListParser.parse(Array("{ a = 'x y'; b = \"'\"; }".utf8)).dictionary)
        #expect(root["a"]?.string == "x y")
        #expect(root["b"]?.string == "'")
    }

    /// Two keys looked up in one pass read as each looked up alone: the last of a repeated key,
    /// nil for one not there, an escaped key decoded before it is compared.
    @Test func twoKeysInOnePassReadAsEachAlone() throws {
        let list = try PropertyListParser.parseList(Array(#"{ a = 1; b = (x, y); a = 3; "c\"d" = e; f = { }; }"#.utf8))
        func alone(_ key: StaticString) -> Int32? { list.value(forKey: key, in: 0) }
        for (first, second): (StaticString, StaticString) in [("a", "b"), ("b", "a"), (#"c"d"#, "a"), ("f", "missing"), ("missing", "a")] {
            let both = list.values(forKeys: first, second, in: 0)
            #expect(both.0 == alone(first) && both.1 == alone(second), "\(first), \(second)")
        }
        #expect(list.string(at: try #require(alone("a"))) == "3")
        #expect(list.string(at: try #require(alone(#"c"d"#))) == "e")
        #expect(list.values(forKeys: "a", "b", in: try #require(alone("b"))) == (nil, nil))
    }

    @Test func aKeyWrittenTwiceReadsAsItsLastValue() throws {
        let root = try #require(try PropertyListParser.parse(Array("{ a = 1; a = 2; }".utf8)).dictionary)
        #expect(root["a"]?.string == "2")
    }

    @Test(arguments: [
        // A project cut short: the error is at the dictionary that never closes.
        ("{ a = { b = c; ", PropertyListError(.unclosed("dictionary"), at: 6)),
        ("{ a = (x, y", PropertyListError(.unclosed("array"), at: 6)),
        ("{ a = \"open", PropertyListError(.unclosed("string"), at: 6)),
        ("{ a = b; /* never closed", PropertyListError(.unclosed("comment"), at: 9)),
        // Unbalanced: one brace too many at the end, or one missing in the middle.
        ("{ a = b; } }", PropertyListError(.trailingText, at: 11)),
        ("{ a = { b = c; ; }", PropertyListError(.expected("a key or '}'", found: "';'"), at: 15)),
        ("{ a = b }", PropertyListError(.expected("';' after the value of 'a'", found: "'}'"), at: 8)),
        ("{ a b; }", PropertyListError(.expected("'=' after the key 'a'", found: "'b'"), at: 4)),
        ("{ a = (x y); }", PropertyListError(.expected("',' or ')' after an array item", found: "'y'"), at: 9)),
        ("{ a = <0f1>; }", PropertyListError(.oddHexDigits, at: 6)),
        ("{ a = <0g>; }", PropertyListError(.expected("a hexadecimal digit or '>' in data", found: "'g'"), at: 8)),
        ("{ a = b;\0 }", PropertyListError(.nulByte, at: 8)),
        ("{ a = \"b\0\"; }", PropertyListError(.nulByte, at: 8)),
        ("", PropertyListError(.empty, at: 0)),
        ("  // only a comment\n", PropertyListError(.empty, at: 0)),
        ("(a, b)", PropertyListError(.rootNotDictionary, at: 0)),
        ("<?xml version=\"1.0\"?><plist/>", PropertyListError(.notOldStyle("an XML property list"), at: 0)),
        ("{ a = ; }", PropertyListError(.expected("a value", found: "';'"), at: 6)),
    ])
    func damageIsAnErrorWhereItIsFound(text: String, expected: PropertyListError) {
        #expect(throws: expected) { try PropertyListParser.parse(Array(text.utf8)) }
    }

    @Test func nestingDeeperThanTheLimitIsAnErrorNotACrash() {
        let deep = "{ a = " + String(repeating: "(", count: 100_000)
        #expect(throws: PropertyListError(.tooDeep, at: 6 + PropertyListParser.maximumDepth - 1)) {
            try PropertyListParser.parse(Array(deep.utf8))
        }
        let allowed = "{ a = " + String(repeating: "(", count: 10) + String(repeating: ")", count: 10) + "; }"
        #expect(throws: Never.self) { try PropertyListParser.parse(Array(allowed.utf8)) }
    }

    /// Whatever the bytes, the parser answers with a tree or an error inside the file, never a
    /// crash: every truncation of the project, and mutations of it that replace, insert and
    /// remove bytes that matter to the syntax.
    @Test func anyDamageGivesATreeOrAnErrorInsideTheFile() {
        let bytes = Array(Self.project.utf8)
        let specials = Array("{}()<>=;,\"'/*\\\0 \nabc09".utf8)
        var variants = (0..<bytes.count).map { Array(bytes[..<$0]) }
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        while variants.count < 10_000 {
            var copy = bytes
            for _ in 0...next(3) {
                let at = next(copy.count)
                switch next(3) {
                case 0: copy[at] = specials[next(specials.count)]
                case 1: copy.insert(specials[next(specials.count)], at: at)
                default: copy.remove(at: at)
                }
            }
            variants.append(copy)
        }
        var parsed = 0
        for variant in variants {
            do {
                _ = try PropertyListParser.parse(variant)
                parsed += 1
            } catch {
                #expect((0...variant.count).contains(error.offset), "error at \(error.offset) outside \(variant.count) bytes")
            }
        }
        // Some mutations land in comments or strings and leave a readable file.
        #expect(parsed > 0)
    }

    static func text(_ bytes: [UInt8], at offset: Int, count: Int) -> String {
        String(decoding: bytes[offset..<min(offset + count, bytes.count)], as: UTF8.self)
    }
}
