public import StrataDiagnostics
public import StrataFileSystem

/// Reading a file the user gave Strata (strata.yml, a Package.swift, a template, a source file
/// being edited): only a regular file is read, never waited on, and anything else is an input
/// error at its path (`unreadable-file`, exit 2).
public enum InputFile {
    /// The file's bytes.
    public static func bytes(_ path: String) throws(InputErrors) -> [UInt8] {
        switch FileContents.read(path) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw InputErrors(problem(path, failure))
        }
    }

    /// The file's text; bytes that are not UTF-8 are replaced.
    public static func text(_ path: String) throws(InputErrors) -> String {
        String(decoding: try bytes(path), as: UTF8.self)
    }

    /// The error for a file that could not be read.
    public static func problem(_ path: String, _ failure: FileContents.Failure, what: String = "") -> Diagnostic {
        .inputError("unreadable-file", "cannot read \(what.isEmpty ? "" : what + " ")'\(path)': \(failure)", at: .file(path), hint: failure.hint)
    }
}
