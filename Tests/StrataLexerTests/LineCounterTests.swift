import StrataLexer
import Testing

@Suite struct LineCounterTests {
    @Test func positionsAreCountedForwardAndBackAlike() {
        let source = SourceText("ab\ncd\r\nef\rgh")
        var counter = LineCounter(source)
        let expected = [(0, 1, 1), (3, 2, 1), (5, 2, 3), (6, 2, 4), (7, 3, 1), (10, 4, 1), (11, 4, 2)]
        for (offset, line, column) in expected {
            #expect(counter.position(of: offset) == (line, column), "offset \(offset)")
            #expect(source.lineAndColumn(of: offset) == (line, column), "offset \(offset)")
        }
        #expect(counter.position(of: 4) == (2, 2))  // asking backwards restarts
    }
}
