import Foundation
import Testing

/// The runtime libraries' safety rules (docs/ARCHITECTURE.md, "The runtime libraries"), checked on
/// their sources: no underscored or unsafe shortcuts, pointers only where the lock and the URL
/// splitter need them, and every `@unchecked Sendable` says why it is sound.
@Suite struct SafetyRuleTests {
    /// Constructs no runtime source may use: each one trades a check for speed.
    static let forbidden = [
        "_withUnsafeGuaranteedRef", "Unmanaged", "unsafeDowncast", "unsafeBitCast", "pthread_getspecific", "pthread_setspecific",
        "pthread_key_create", "@_", "import Synchronization", "nonisolated(unsafe)",
    ]
    /// The files that may use unsafe pointers, and why (each file says so where it does).
    static let pointerFiles: Set<String> = [
        // The platform lock needs a fixed address: a ManagedBuffer's tail element.
        "StrataRuntimeSupport/Lock.swift",
        // Splitting a URL on its UTF-8 bytes, through String.withUTF8's bounds of the buffer.
        "StrataRouting/RouteURL.swift",
    ]

    @Test func noSourceUsesAForbiddenConstruct() throws {
        var findings: [String] = []
        for (file, lines) in try Self.codeLines() {
            for (number, line) in lines {
                for construct in Self.forbidden where line.contains(construct) {
                    findings.append("\(file):\(number): uses \(construct)")
                }
                if line.contains("Unsafe") && !Self.pointerFiles.contains(file) {
                    findings.append("\(file):\(number): uses an unsafe pointer outside \(Self.pointerFiles.sorted())")
                }
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func everyUncheckedSendableSaysWhyItIsSound() throws {
        var findings: [String] = []
        for (file, text) in try PlatformFloorTests.sources() {
            let lines = text.components(separatedBy: "\n")
            for (index, line) in lines.enumerated() where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                guard line.contains("@unchecked Sendable") else { continue }
                // The reason is a comment naming `@unchecked Sendable`, in the type's doc comment
                // above it or first thing in its body.
                let around = lines[max(0, index - 12)..<min(lines.count, index + 3)]
                if !around.contains(where: { $0.contains("// `@unchecked Sendable`") || $0.contains("/// `@unchecked Sendable`") }) {
                    findings.append("\(file):\(index + 1): @unchecked Sendable without a comment saying why it is sound")
                }
            }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    /// Every line of every runtime source that is code, not a comment, numbered from 1.
    static func codeLines() throws -> [(String, [(Int, String)])] {
        try PlatformFloorTests.sources().map { file, text in
            let lines = text.components(separatedBy: "\n").enumerated().compactMap { index, line -> (Int, String)? in
                let code = line.components(separatedBy: "//").first ?? ""
                return code.trimmingCharacters(in: .whitespaces).isEmpty ? nil : (index + 1, code)
            }
            return (file, lines)
        }
    }
}
