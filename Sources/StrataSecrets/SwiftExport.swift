public import Foundation
import StrataSources

/// The Swift file `strata secrets export --swift` writes: an enum `Secrets` with one property
/// per secret, each value masked so that neither the value nor what unmasks it is ever a run of
/// bytes in the source or in the compiled app.
///
/// Each value is XORed with a key stream from SplitMix64, seeded by a fresh random 64-bit seed
/// per value and per export (no key is kept anywhere). The seed travels inside the value's byte
/// array, one byte in every other place among the first sixteen ("layout" below), so that no two
/// of its bytes are neighbours and the compiler sees no constant to fold: an optimiser that saw
/// the seed as arguments of the one call of the unmasking function did fold them into one 64-bit
/// constant. `SwiftExportTests` compiles the file with `swiftc -O` and searches the binary for
/// every value, key stream and seed.
///
/// This is obfuscation, not encryption: it keeps the values out of the repository and out of
/// `strings` of the app, not from someone who runs the app under a debugger (docs/SECRETS.md).
public enum SwiftExport {
    /// One secret to export.
    public struct Secret: Sendable {
        public var name: String
        public var value: Data

        public init(name: String, value: Data) {
            self.name = name
            self.value = value
        }
    }

    /// The access level of the `Secrets` enum and its properties: `public` for a module of its
    /// own, `internal` inside the module that uses them (which then hides any other `Secrets`
    /// it imports, such as placeholder values for builds without the secrets).
    public enum Access: String, Sendable, CaseIterable {
        case `public`, package, `internal`
    }

    /// The file's text for `secrets`, in name order, with random numbers from `seeds` (the
    /// system's unless a test gives others): two per secret, its seed and then its padding.
    public static func source<Seeds: RandomNumberGenerator>(for secrets: [Secret], access: Access = .public, seeds: inout Seeds) -> String {
        let prefix = access == .internal ? "" : access.rawValue + " "
        var lines: [String] = header
        lines.append(prefix + "enum Secrets {")
        for secret in secrets.sorted(by: { $0.name < $1.name }) {
            let seed: UInt64 = seeds.next()
            let padding: UInt64 = seeds.next()
            lines.append(property(for: secret, seed: seed, padding: padding, access: prefix))
        }
        lines += footer
        return lines.joined(separator: "\n") + "\n"
    }

    /// The file's text for `secrets`, with fresh random seeds.
    public static func source(for secrets: [Secret], access: Access = .public) -> String {
        var generator = SystemRandomNumberGenerator()
        return source(for: secrets, access: access, seeds: &generator)
    }

    static let header: [String] = [
        ExportedSecretsFile.marker + ". Do not edit, and do not commit it: git must ignore it.",
        "// The values are obfuscated, not encrypted: they stay out of the repository and out of `strings`",
        "// of the app, not away from someone who runs the app under a debugger (docs/SECRETS.md).",
        "",
        "/// The workspace's secrets, from `strata secrets`.",
    ]

    static let footer: [String] = [
        "}",
        "",
        "/// Unmasks an exported secret of `count` bytes: even places 0–14 of `data` hold the seed,",
        "/// odd places 1–15 the first eight masked bytes (or padding), and the rest the rest.",
        "@inline(never) @_optimize(none)",
        "private func strataSecretsReveal(_ data: [UInt8], _ count: Int) -> [UInt8] {",
        "    var state: UInt64 = 0",
        "    for index in 0..<8 { state |= UInt64(data[2 * index]) << UInt64(8 * index) }",
        "    var word: UInt64 = 0",
        "    var value: [UInt8] = []",
        "    value.reserveCapacity(count)",
        "    for index in 0..<count {",
        "        if index % 8 == 0 {",
        "            state = state &+ 0x9E37_79B9_7F4A_7C15",
        "            var mixed = state",
        "            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9",
        "            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB",
        "            word = mixed ^ (mixed >> 31)",
        "        }",
        "        let masked = index < 8 ? data[2 * index + 1] : data[index + 8]",
        "        value.append(masked ^ UInt8(truncatingIfNeeded: word >> UInt64(8 * (index % 8))))",
        "    }",
        "    return value",
        "}",
    ]

    /// The property for one secret: a `String` when the value is UTF-8 text, else `[UInt8]`.
    static func property(for secret: Secret, seed: UInt64, padding: UInt64, access prefix: String) -> String {
        let masked: [UInt8] = zip(Array(secret.value), keyStream(seed: seed, count: secret.value.count)).map { $0 ^ $1 }
        let call = "strataSecretsReveal(" + arrayLiteral(layout(masked: masked, seed: seed, padding: padding)) + ", " + String(masked.count) + ")"
        let name = "`" + secret.name + "`"
        if String(data: secret.value, encoding: .utf8) != nil {
            return "    " + prefix + "static var " + name + ": String { String(decoding: " + call + ", as: UTF8.self) }"
        }
        return "    " + prefix + "static var " + name + ": [UInt8] { " + call + " }"
    }

    /// The array the generated `strataSecretsReveal` reads: the seed's bytes (low first) in the
    /// even places 0–14, the first eight masked bytes in the odd places 1–15 (padding's bytes
    /// where the value is shorter), then the rest of the masked bytes.
    static func layout(masked: [UInt8], seed: UInt64, padding: UInt64) -> [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(16 + max(0, masked.count - 8))
        for index in 0..<8 {
            data.append(UInt8(truncatingIfNeeded: seed >> UInt64(8 * index)))
            data.append(index < masked.count ? masked[index] : UInt8(truncatingIfNeeded: padding >> UInt64(8 * index)))
        }
        if masked.count > 8 { data += masked[8...] }
        return data
    }

    /// `[0x1F, 0xA0, …]`.
    static func arrayLiteral(_ bytes: [UInt8]) -> String {
        let digits: [String] = bytes.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0x0" + hex : "0x" + hex
        }
        return "[" + digits.joined(separator: ", ") + "]"
    }

    /// SplitMix64's bytes from `seed`, low byte of each word first: what the generated
    /// `strataSecretsReveal` XORs with.
    static func keyStream(seed: UInt64, count: Int) -> [UInt8] {
        var state = seed
        var word: UInt64 = 0
        var stream: [UInt8] = []
        stream.reserveCapacity(count)
        for index in 0..<count {
            if index % 8 == 0 {
                state = state &+ 0x9E37_79B9_7F4A_7C15
                var mixed = state
                mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
                mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
                word = mixed ^ (mixed >> 31)
            }
            stream.append(UInt8(truncatingIfNeeded: word >> UInt64(8 * (index % 8))))
        }
        return stream
    }
}
