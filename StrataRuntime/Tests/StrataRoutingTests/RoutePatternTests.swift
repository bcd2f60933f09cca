import StrataRouting
import Testing

@Suite struct RoutePatternTests {
    @Test(arguments: [
        "iss://cosmonaut/:id<Int>/suit?tab=",
        "iss://cosmonaut",
        "iss://cosmonaut/:id/suit/:tab?",
        "iss://files/*path",
        "iss://files/*",
        "iss://log/:level?/:since<Int>?",
        "iss://search?q=&page=<Int>",
        "iss://cosmonaut/:tab??page=<Int>",
        "iss://cosmonaut/",
    ])
    func validPatternsParse(_ text: String) throws {
        #expect(try RoutePattern(text).description == text)
    }

    @Test(arguments: [
        ("cosmonaut/:id", 1, "a pattern starts with a scheme and '://', as in iss://cosmonaut/:id"),
        ("i s://cosmonaut", 1, "'i s' is not a URL scheme"),
        ("iss://", 7, "the pattern has no host after '://'"),
        ("iss://cosmonaut//suit", 17, "empty segment ('//')"),
        ("iss://files/*path/more", 19, "'*path' matches the rest of the path, so it must be the last segment"),
        ("iss://cosmonaut/:id<Int/suit", 17, "':id<Int': a parameter type is written :name<Type>"),
        ("iss://cosmonaut/:/suit", 17, "':' is not a parameter: write :name or :name<Type>"),
        ("iss://cosmonaut/:id/:id", 21, "the parameter ':id' appears twice"),
        ("iss://cosmonaut/:id?id=<Int>", 21, "the parameter 'id' appears twice"),
        ("iss://search?q=&q=", 14, "the parameter 'q' appears twice"),
        ("iss://cosmonaut/suit-:id", 17, "'suit-:id' mixes literal text with parameter syntax; a parameter takes a whole segment"),
        ("iss://cosmonaut?/x", 7, "the host cannot be optional"),
        ("iss://files/*path?", 13, "a wildcard already matches zero segments; drop the '?'"),
    ])
    func invalidPatternsNameTheColumn(_ text: String, column: Int, message: String) {
        #expect(throws: RouteRegistrationError.invalidPattern(text, column: column, message: message)) { try RoutePattern(text) }
    }

    @Test func tooManyOptionalSegmentsAreRefused() {
        let text = "iss://x/" + (1...7).map { ":p\($0)?" }.joined(separator: "/")
        #expect(throws: RouteRegistrationError.self) { try RoutePattern(text) }
    }

    @Test func urlsSplitIntoSegmentsAndQuery() throws {
        let url = try #require(RouteURL("ISS://Cosmonaut/Oleg%20K/suit?tab=oxygen&flag&x=%E2%9C%93#top"))
        #expect(url.scheme == "iss")
        #expect(url.segments == ["cosmonaut", "Oleg K", "suit"])
        #expect(url.queryItems.map(\.name) == ["tab", "flag", "x"])
        #expect(url.queryValue("x") == "✓")
        #expect(url.queryValue("flag") == "")
        #expect(RouteURL("cosmonaut/42") == nil)
        #expect(RouteURL("://x") == nil)
    }
}
