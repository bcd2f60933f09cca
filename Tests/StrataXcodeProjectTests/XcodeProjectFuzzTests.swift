import Foundation
import StrataDiagnostics
import StrataFileSystem
import StrataProjectFormat
import Testing

@testable import StrataXcodeProject

/// Whatever a project file's objects say, the reader answers with a project or with errors at
/// lines of the file, never a crash: 10,000 variants of the fixture whose objects refer to ids
/// that are not there or name objects of the wrong kind, lose fields, change kind or repeat.
@Suite struct XcodeProjectFuzzTests {
    /// The disk, but with the project file's bytes given.
    struct ProjectFileOverlay: WorkspaceFiles {
        let path: String
        let bytes: [UInt8]

        func read(_ path: String) -> Result<[UInt8], FileContents.Failure> {
            path == self.path ? .success(bytes) : LocalFiles().read(path)
        }

        func exists(_ path: String) -> Bool { path == self.path || LocalFiles().exists(path) }
        func children(of path: String) -> [String] { LocalFiles().children(of: path) }
    }

    @Test func anyDamageToTheObjectsGivesAProjectOrErrorsInsideTheFile() throws {
        let project = XcodeProjectTests.folder + "/Station.xcodeproj"
        let file = project + "/project.pbxproj"
        // Without Xcode's comments and indentation, which are half the bytes and no object.
        let lines = try #require(LocalFiles().contents(of: file)).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            Self.withoutComments(String(decoding: $0, as: UTF8.self).drop { $0 == "\t" })
        }
        let ids = Array(Set(lines.compactMap { $0.firstMatch(of: /[0-9A-F]{24}/).map { String($0.output) } })).sorted()
        let kinds = Array(ProjectReader.knownKinds).sorted() + ["XCFutureThing"]
        var state: UInt64 = 0xC0DE
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33) % bound
        }
        func mutated() -> [String] {
            var copy = lines
            for _ in 0...next(3) {
                let at = next(copy.count)
                switch next(5) {
                case 0: copy.remove(at: at)
                case 1: copy.insert(copy[next(copy.count)], at: at)
                case 2:
                    // Another object's id, or one that is not there.
                    let replacement = next(4) == 0 ? "0000000000000000DEADBEEF" : ids[next(ids.count)]
                    copy[at] = Self.replacingFirst(in: copy[at], after: "", upTo: " ", with: replacement)
                case 3: copy[at] = Self.replacingFirst(in: copy[at], after: "isa = ", upTo: ";", with: kinds[next(kinds.count)])
                default: copy[at] = Self.replacingFirst(in: copy[at], after: "= ", upTo: ";", with: "\"\"")
                }
            }
            return copy
        }
        var (read, refused) = (0, 0)
        for _ in 0..<10_000 {
            let variant = mutated()
            let files = ProjectFileOverlay(path: file, bytes: Array(variant.joined(separator: "\n").utf8))
            do {
                let read_ = try XcodeProject(path: project, files: files, configuration: "Debug")
                for dependency in read_.targets.flatMap(\.dependencies) {
                    #expect(dependency.location.path == file && (1...variant.count).contains(dependency.location.line))
                }
                read += 1
            } catch {
                for diagnostic in error.diagnostics {
                    #expect(diagnostic.location?.path == file, "\(diagnostic)")
                    #expect((1...variant.count).contains(diagnostic.location?.line ?? 0), "\(diagnostic)")
                    #expect(diagnostic.hint != nil, "\(diagnostic)")
                }
                refused += 1
            }
        }
        // Both answers occur: the mutations reach the reader, not only the parser.
        #expect(read > 1_000 && refused > 1_000, "read \(read), refused \(refused)")
    }

    /// `line` without its `/* … */` comments.
    static func withoutComments(_ line: Substring) -> String {
        var result = "", rest = line
        while let open = rest.range(of: "/*"), let close = rest[open.upperBound...].range(of: "*/") {
            result += rest[..<open.lowerBound]
            rest = rest[close.upperBound...]
        }
        return result + rest
    }

    /// `line` with the text between the first `start` (the line's start if empty) and the next `end`
    /// replaced; the line as it was when either is missing. (Swift's Regex would do, but costs a
    /// second per thousand variants in a debug build.)
    static func replacingFirst(in line: String, after start: String, upTo end: Character, with replacement: String) -> String {
        let body = line[...]
        guard let from = start.isEmpty ? body.startIndex : body.range(of: start)?.upperBound,
            let to = body[from...].firstIndex(of: end)
        else { return line }
        return String(line[..<from]) + replacement + String(line[to...])
    }
}
