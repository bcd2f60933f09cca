import Foundation
import Testing

@testable import StrataFileSystem

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct PathResolutionTests {
    static let cases: [(relative: String, folder: String)] = [
        ("Sources/A", "/work/ws"), ("./Sources/./A/", "/work/ws"), ("../Shared/B", "/work/ws/Packages/A"),
        ("../../..", "/work"), ("/abs/./x/../y", "/ignored"), ("a//b///c", "/r"), (".", "/r/s"), ("..", "/"),
        ("Sources/Ünïcode Folder/A", "/work/with space"), ("x/..", "/r"), ("...", "/r"), ("..a/b", "/r"),
    ]

    /// Foundation's URL is the oracle: the same paths without asking the file system.
    @Test(arguments: cases)
    func agreesWithFoundation(relative: String, folder: String) {
        let url =
            relative.hasPrefix("/")
            ? URL(fileURLWithPath: relative)
            : URL(fileURLWithPath: folder, isDirectory: true).appendingPathComponent(relative)
        #expect(PathResolution.resolve(relative, in: folder) == url.standardizedFileURL.path)
    }

    @Test func aPathInsideAFolderIsTheRestAfterItsSlash() {
        #expect(PathResolution.path("/w/Sources/A", inside: "/w") == "Sources/A")
        #expect(PathResolution.path("/w", inside: "/w") == "")
        #expect(PathResolution.path("/w/", inside: "/w/") == "")
        #expect(PathResolution.path("/w/a", inside: "/w/") == "a")
        #expect(PathResolution.path("/a", inside: "/") == "a")
        #expect(PathResolution.path("/work", inside: "/w") == nil)
        #expect(PathResolution.path("/w", inside: "/w/a") == nil)
        #expect(PathResolution.path("/x/w/a", inside: "/w") == nil)
        #expect(PathResolution.path("/w/Ünï côde/🛰.swift", inside: "/w/Ünï côde") == "🛰.swift")
        // Byte for byte, as the file system compares names: é composed is not é decomposed.
        #expect(PathResolution.path("/w/caf\u{E9}/a", inside: "/w/cafe\u{301}") == nil)
    }

    @Test func standardizeKeepsTheRootAndDropsATrailingSlash() {
        #expect(PathResolution.standardize("/") == "/")
        #expect(PathResolution.standardize("/a/b/") == "/a/b")
        #expect(PathResolution.standardize("/../a") == "/a")
    }

    /// The fast path for paths that are already standard answers exactly as splitting and joining does.
    @Test func theFastPathAgreesWithTheComponentWalkOnEveryShapeOfPath() {
        let parts = ["a", ".", "..", "", "...", ".a", "a.", "a..b", "Sources", "..x"]
        var checked = 0
        for first in parts {
            for second in parts {
                for third in parts {
                    for prefix in ["/", "//", ""] {
                        for suffix in ["", "/"] {
                            let path = prefix + [first, second, third].joined(separator: "/") + suffix
                            guard path.hasPrefix("/") else { continue }
                            #expect(PathResolution.standardize(path) == PathResolution.walkingComponents(path), "\(path)")
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(checked == 4_200)
    }

    /// A path's name is its last component, as splitting it at its slashes gives it (the path
    /// itself when it has none: `/`, the empty path).
    @Test func aNameIsTheLastComponentOfEveryShapeOfPath() {
        let parts = ["a", "", "é.swift", "App.xcodeproj", ".."]
        var checked = 0
        for first in parts {
            for second in parts {
                for prefix in ["/", "//", ""] {
                    for suffix in ["", "/", "//"] {
                        let path = prefix + first + "/" + second + suffix
                        let split = path.split(separator: "/").last.map(String.init) ?? path
                        #expect(PathResolution.name(of: path) == split, "\(path)")
                        checked += 1
                    }
                }
            }
        }
        for path in ["", "/", "//", "name", "/name"] {
            #expect(PathResolution.name(of: path) == (path.split(separator: "/").last.map(String.init) ?? path), "\(path)")
        }
        #expect(checked == 225)
    }
}
