import Foundation
import StrataAge

/// Issue 19: StrataAge encrypts and decrypts a 100 MB file at ≥ 80% of the `age` command's
/// throughput. Each round runs both, one after the other, file to file as streams
/// (`AgeFile.encryptFile`/`decryptFile`, as `age` reads and writes), with the same X25519 key;
/// the ratio is the median of the rounds' ratios.
/// `age` needs no more than a file path; StrataAge is timed in process, so `age`'s start-up
/// (a few milliseconds) counts against it, which at 100 MB is under 1%.
enum AgeThroughputBenchmark {
    static func run(megabytes: Int, rounds: Int) throws {
        guard let age = executable("age") else {
            print("age throughput: skipped, no 'age' on the PATH (Debian: apt-get install age)")
            return
        }
        let folder = NSTemporaryDirectory() + "strata-age-benchmark-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = folder + "/plain", identityFile = folder + "/identity.txt"
        var generator = SystemRandomNumberGenerator()
        let size = megabytes * 1_000_000
        var bytes = [UInt8](repeating: 0, count: size)
        bytes.withUnsafeMutableBytes { buffer in
            for offset in stride(from: 0, to: size - 7, by: 8) {
                buffer.storeBytes(of: generator.next() as UInt64, toByteOffset: offset, as: UInt64.self)
            }
        }
        try Data(bytes).write(to: URL(fileURLWithPath: plain))
        let identity = X25519Identity()
        try (identity.text + "\n").write(toFile: identityFile, atomically: true, encoding: .utf8)
        let recipient = identity.recipient

        var rows: [String: [Double]] = [:]
        let clock = ContinuousClock()
        for round in 0...rounds {
            let strataEncrypt = try clock.measure {
                try AgeFile.encryptFile(at: plain, to: folder + "/strata.age", recipients: [recipient])
            }
            // The in-memory functions too (what strata secrets uses for its small file), with the
            // whole file read and written by Foundation.
            let memoryEncrypt = try clock.measure {
                let input = try Data(contentsOf: URL(fileURLWithPath: plain)).withUnsafeBytes { Array($0) }
                try Data(AgeFile.encrypt(input, to: [recipient])).write(to: URL(fileURLWithPath: folder + "/memory.age"))
            }
            let memoryDecrypt = try clock.measure {
                let input = try Data(contentsOf: URL(fileURLWithPath: folder + "/memory.age")).withUnsafeBytes { Array($0) }
                try Data(AgeFile.decrypt(input, with: [identity])).write(to: URL(fileURLWithPath: folder + "/memory.out"))
            }
            let ageEncrypt = try clock.measure { try shell(age, ["-r", recipient.text, "-o", folder + "/age.age", plain]) }
            // Each decrypts the other's file: the interop is checked on the way.
            let strataDecrypt = try clock.measure {
                try AgeFile.decryptFile(at: folder + "/age.age", to: folder + "/strata.out", identities: [identity])
            }
            let ageDecrypt = try clock.measure { try shell(age, ["-d", "-i", identityFile, "-o", folder + "/age.out", folder + "/strata.age"]) }
            for output in ["strata.out", "age.out", "memory.out"]
            where !FileManager.default.contentsEqual(atPath: folder + "/" + output, andPath: plain) {
                fatalError("\(output) differs from the input")
            }
            if round == 0 { continue }  // warm-up
            for (name, strata, reference) in [
                ("encrypt", strataEncrypt, ageEncrypt), ("decrypt", strataDecrypt, ageDecrypt),
                ("encrypt in memory", memoryEncrypt, ageEncrypt), ("decrypt in memory", memoryDecrypt, ageDecrypt),
            ] {
                rows[name + " strata", default: []].append(Double(size) / 1e6 / (strata.milliseconds / 1_000))
                rows[name + " age", default: []].append(Double(size) / 1e6 / (reference.milliseconds / 1_000))
                rows[name + " ratio", default: []].append(reference.milliseconds / strata.milliseconds)
            }
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        print("age throughput: \(megabytes) MB, X25519, file to file, \(rounds) rounds side by side (median)")
        print("| operation | StrataAge | age \(version(age)) | StrataAge / age |")
        print("|---|---|---|---|")
        for name in ["encrypt", "decrypt", "encrypt in memory", "decrypt in memory"] {
            let strata = median(rows[name + " strata"]!), reference = median(rows[name + " age"]!), ratio = median(rows[name + " ratio"]!)
            print(String(format: "| %@ | %.0f MB/s | %.0f MB/s | **%.0f%%** |", name, strata, reference, ratio * 100))
        }
        print("")
    }

    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func version(_ age: String) -> String {
        (try? RegistryBenchmark.shell(age, ["--version"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "?"
    }

    static func shell(_ executable: String, _ arguments: [String]) throws {
        _ = try RegistryBenchmark.shell(executable, arguments)
    }
}
