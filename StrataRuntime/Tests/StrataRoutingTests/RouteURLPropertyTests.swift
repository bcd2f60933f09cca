import Foundation
import StrataRouting
import Testing

/// The URL splitter works on UTF-8 bytes for speed; here it is checked against a plain splitter
/// written with String operations and Foundation's percent-decoding, on random URLs (seeded, so
/// a failure names what to replay) and on the edge cases one by one.
@Suite struct RouteURLPropertyTests {
    @Test(arguments: 0..<20)
    func theByteSplitterAgreesWithAPlainOne(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let text = Self.randomURL(using: &random)
            let url = RouteURL(text)
            let expected = Self.plainSplit(text)
            #expect(url?.scheme == expected?.scheme, "seed \(seed): \(text)")
            #expect(url?.segments == expected?.segments, "seed \(seed): \(text)")
            #expect(url?.queryItems.map(\.name) == expected?.query.map(\.name), "seed \(seed): \(text)")
            #expect(url?.queryItems.map(\.value) == expected?.query.map(\.value), "seed \(seed): \(text)")
        }
    }

    @Test func edgeCases() throws {
        // A fragment ends the URL, before or after the query.
        #expect(RouteURL("iss://a/b#frag?x=1")?.segments == ["a", "b"])
        #expect(RouteURL("iss://a/b#frag?x=1")?.queryItems.isEmpty == true)
        #expect(RouteURL("iss://a?x=1#y&z=2")?.queryItems.map(\.name) == ["x"])
        // Empty segments and query items are dropped.
        #expect(RouteURL("iss://a//b/")?.segments == ["a", "b"])
        #expect(RouteURL("iss://a?&x=1&&y")?.queryItems.map(\.name) == ["x", "y"])
        // A host with no path, and no host at all.
        #expect(RouteURL("iss://host")?.segments == ["host"])
        #expect(RouteURL("iss://")?.segments == [])
        // The host is lower-cased, also when it was escaped; the path keeps its case.
        #expect(RouteURL("iss://%41BC/Def")?.segments == ["abc", "Def"])
        // Malformed escapes and escapes of invalid UTF-8 are kept as written.
        #expect(RouteURL("iss://a/100%/%zz/%FF")?.segments == ["a", "100%", "%zz", "%FF"])
        // The scheme: letters, digits, + - . only, then "://".
        #expect(RouteURL("a+b.c-1://x")?.scheme == "a+b.c-1")
        #expect(RouteURL("i s://x") == nil)
        #expect(RouteURL("iss:/x") == nil)
        #expect(RouteURL("iss:") == nil)
        #expect(RouteURL("") == nil)
    }

    /// What the splitter must return, written the plain way.
    static func plainSplit(_ text: String) -> (scheme: String, segments: [String], query: [(name: String, value: String)])? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        let schemeCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-.")
        guard !scheme.isEmpty, scheme.allSatisfy(schemeCharacters.contains), text[colon...].hasPrefix("://") else { return nil }
        var rest = text[text.index(colon, offsetBy: 3)...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var path = rest
        var query: [(name: String, value: String)] = []
        if let mark = rest.firstIndex(of: "?") {
            path = rest[..<mark]
            for item in rest[rest.index(after: mark)...].split(separator: "&") {
                if let equals = item.firstIndex(of: "=") {
                    query.append((decoded(item[..<equals]), decoded(item[item.index(after: equals)...])))
                } else {
                    query.append((decoded(item), ""))
                }
            }
        }
        let segments = path.split(separator: "/").enumerated().map { index, segment in
            index == 0 ? decoded(segment).lowercased() : decoded(segment)
        }
        return (scheme.lowercased(), segments, query)
    }

    private static func decoded(_ text: Substring) -> String { String(text).removingPercentEncoding ?? String(text) }

    /// A URL-like text: sometimes a bad scheme or separator, then pieces that exercise every
    /// delimiter, letter case and well-formed escapes (one and three bytes).
    static func randomURL(using random: inout SplitMix64) -> String {
        let schemes = ["iss", "ISS", "a+b.c-d", "", "i s", "x1"]
        let separators = ["://", "://", "://", ":/", ":", "//"]
        let pieces = ["a", "Bc", "42", "/", "/", "/", "?", "#", "&", "=", "%41", "%e2%9c%93", "%2F", "~", ".", "é"]
        var text = schemes[random.next(below: schemes.count)] + separators[random.next(below: separators.count)]
        for _ in 0..<random.next(below: 14) { text += pieces[random.next(below: pieces.count)] }
        return text
    }
}
