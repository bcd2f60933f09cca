import Foundation
import StrataDiagnostics
import Testing

@Suite struct NullWhenAbsentTests {
    private struct Document: Encodable {
        @NullWhenAbsent var everything: String?
        var plain: String?
    }

    private func json(_ document: Document) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }

    @Test func anAbsentValueIsWrittenAsNullWhereAPlainOptionalIsLeftOut() throws {
        #expect(try json(Document(everything: nil, plain: nil)) == #"{"everything":null}"#)
    }

    @Test func aPresentValueIsWrittenAsItself() throws {
        #expect(try json(Document(everything: "strata.yml changed", plain: "x")) == #"{"everything":"strata.yml changed","plain":"x"}"#)
    }
}
