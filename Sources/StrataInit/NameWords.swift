/// The words of a module name, as its camel case and separators spell them:
/// `LoginFeature` → Login, Feature; `HTTPClientKit` → HTTP, Client, Kit; `Domain00042` → Domain, 00042;
/// `design_system` → design, system.
enum NameWords {
    static func split(_ name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        func flush() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" || character == "." || character == " " {
                flush()
                continue
            }
            if let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord =
                    // lower → Upper: loginFeature
                    (previous.isLowercase && character.isUppercase)
                    // letter ↔ digit: Domain00042
                    || (previous.isLetter && character.isNumber) || (previous.isNumber && character.isLetter)
                    // the last capital of an acronym starts the next word: HTTPClient
                    || (previous.isUppercase && character.isUppercase && next?.isLowercase == true)
                if startsWord { flush() }
            }
            current.append(character)
        }
        flush()
        return words
    }

    /// The word a layer affix is compared by: lower case, a plural `s` dropped (`Features` and
    /// `Feature` are one affix).
    static func key(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.count > 3, lower.hasSuffix("s"), !lower.hasSuffix("ss") { return String(lower.dropLast()) }
        return lower
    }
}
