import FileAccess
import SharedMIMEInfo
import UniformTypes

/// Where commands write: standard output (buffered, flushed per record when streaming) and
/// standard error (one line per problem), each an `Output` of the command's `UTIContext`. Swift 6
/// forbids the C `stdout` global, so this writes to a descriptor directly; or, for a command run
/// in-process (`UTIContext.capturing`), into memory.
public final class Output: @unchecked Sendable {
    private var buffer: [UInt8] = []
    /// The descriptor written to, or nil: kept in `captured`.
    let descriptor: Int32?
    private var captured: [UInt8] = []
    private let lock = Lock()

    /// An output that writes to `descriptor`. When the descriptor's reader goes away (EPIPE,
    /// `uti ... | head`) the rest is dropped and `onBrokenPipe` is called: the executable's
    /// main.swift ends the process quietly there, as Unix tools do; a library never exits.
    public init(descriptor: Int32, onBrokenPipe: @escaping @Sendable () -> Void = {}) {
        self.descriptor = descriptor
        self.onBrokenPipe = onBrokenPipe
    }

    /// An output that keeps what is written (`capturedBytes`), for `UTIContext.capturing`.
    public init() {
        descriptor = nil
        onBrokenPipe = {}
    }

    /// Everything written and flushed so far (a capturing output; empty for a descriptor).
    public var capturedBytes: [UInt8] { lock.withLock { captured } }

    /// What happens when the reader of the descriptor went away, after the output is dropped.
    private let onBrokenPipe: @Sendable () -> Void
    /// Set once the reader went away or a write failed: later writes are dropped.
    private var broken = false
    /// Why a write failed (not EPIPE), if one did.
    public private(set) var failure: String?

    /// Appends text; it reaches the descriptor at the next `flush()` or when the buffer is large.
    public func write(_ text: String) {
        lock.withLock {
            buffer.append(contentsOf: text.utf8)
            if buffer.count >= 1 << 16 { flushLocked() }
        }
    }

    /// Appends raw bytes, such as a file name that is not UTF-8.
    public func writeBytes(_ bytes: [UInt8]) {
        lock.withLock {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { flushLocked() }
        }
    }

    /// Appends a line.
    public func line(_ text: String) { write(text + "\n") }

    /// Sends everything buffered to the descriptor.
    public func flush() {
        lock.withLock { flushLocked() }
    }

    private func flushLocked() {
        guard let descriptor else {
            captured += buffer
            buffer.removeAll(keepingCapacity: true)
            return
        }
        if broken {
            buffer.removeAll(keepingCapacity: true)
            return
        }
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                // The reader went away (`| head`): nothing more is written; main.swift ends the
                // process quietly, as Unix tools do.
                if errno == EPIPE {
                    broken = true
                    onBrokenPipe()
                    break
                }
                // Anything else (a full disk, a closed descriptor) loses output: the command
                // fails (UTIMain.run says so and exits 1, as coreutils do) rather than exit 0
                // with a truncated result; nothing more is written.
                if failure == nil { failure = String(cString: strerror(errno)).lowercased() }
                broken = true
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes a one-line error at once: `uti: MESSAGE`, made terminal-safe.
    public func reportError(_ message: String) {
        line("uti: " + Self.terminalSafe(message))
        flush()
    }

    /// Text as a terminal can show it without being steered by it, as `ls -b` shows names:
    /// control characters (C0, DEL, C1) become `\n`, `\t`, `\r` or `\xHH`, and bidirectional
    /// controls and line or paragraph separators `\u{HHHH}`. Everything else is kept, backslashes
    /// included, so that ordinary names read as they are. JSON output is never escaped this way.
    public static func terminalSafe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var output = ""
        for scalar in text.unicodeScalars { append(scalar, to: &output) }
        return output
    }

    /// A name that need not be UTF-8, terminal-safe; a byte that is not part of valid UTF-8 is
    /// shown as `\xHH`.
    public static func terminalSafe(bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return terminalSafe(text) }
        var output = ""
        UTF8Runs.forEach(bytes[...]) { run in
            for scalar in String(decoding: run, as: UTF8.self).unicodeScalars { append(scalar, to: &output) }
        } invalid: { byte in
            output += hexEscape(byte)
        }
        return output
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to output: inout String) {
        guard needsEscape(scalar) else {
            output.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": output += "\\n"
        case "\t": output += "\\t"
        case "\r": output += "\\r"
        case _ where scalar.value <= 0x7F: output += hexEscape(UInt8(scalar.value))
        default:
            let hex = String(scalar.value, radix: 16, uppercase: true)
            output += "\\u{" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "}"
        }
    }

    private static func hexEscape(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "\\x" + (hex.count == 1 ? "0" : "") + hex
    }

    /// Whether the descriptor is a terminal (colour and layout choices depend on it).
    public var isTerminal: Bool { descriptor.map { isatty($0) == 1 } ?? false }
}

/// What a command runs with, passed to it as SwiftPM passes `SwiftCommandState`: its standard
/// input (a descriptor), output and error, its environment, and what that environment finds (the
/// system's shared-mime-info database and catalog, libmagic's database). Nothing in the commands
/// reads the process's state: the executable's `main.swift` makes the one real context (the
/// process's descriptors and `environ`); the tests and a program that links the commands make
/// their own, and any number run at once.
public final class UTIContext: @unchecked Sendable {
    /// The descriptor standard input is read from (`identify -`, `--files-from -`, sessions).
    public let standardInput: Int32
    /// Where the command's standard output goes.
    public let standardOutput: Output
    /// Where its errors go.
    public let standardError: Output
    /// The variables the commands and the libraries read (`UTI_TYPES`, `NO_COLOR`,
    /// `XDG_DATA_DIRS`, `MAGIC`, `TMPDIR`, ...).
    public let environment: Environment
    /// Whether the process ends when the command returns (the executable's context only): then
    /// what the command is done with (libmagic's handles) is not torn down first.
    public let endsProcess: Bool
    /// The folder the command's relative paths are resolved in: arguments, `--files-from`,
    /// `-r` walks, manifests and their globs, declaration and policy files, sessions,
    /// destinations and `--out` folders. The process's own by default; records and messages
    /// keep each path as given.
    public let workingFolder: WorkingFolder

    private let lock = Lock()
    nonisolated(unsafe) private var resolvedDatabase: SharedMIMEDatabase??

    /// A context of these streams and variables.
    public init(
        standardInput: Int32 = 0, standardOutput: Output, standardError: Output, environment: Environment,
        workingFolder: WorkingFolder = .current, endsProcess: Bool = false
    ) {
        self.standardInput = standardInput
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
        self.workingFolder = workingFolder
        self.endsProcess = endsProcess
    }

    /// The variable `name` of the context's environment.
    public func variable(_ name: String) -> String? { environment[name] }

    /// Writes a one-line error to standard error at once: `uti: MESSAGE`, made terminal-safe.
    public func reportError(_ message: String) { standardError.reportError(message) }

    /// The system's shared-mime-info database as the environment finds it (nil for none), looked
    /// up once; each damaged cache it passed over is said once, as a warning.
    public var database: SharedMIMEDatabase? {
        lock.withLock {
            if let resolvedDatabase { return resolvedDatabase }
            let database = SharedMIMEDatabase.system(in: environment)
            for refusal in SharedMIMEDatabase.refusals(in: environment) { reportError("warning: " + refusal.message) }
            resolvedDatabase = .some(database)
            return database
        }
    }

    /// The built-in catalog with the database's types added.
    public var systemCatalog: TypeCatalog {
        _ = database
        return TypeCatalog.system(in: environment)
    }

    /// Runs `body` with a context whose standard output and error are kept in memory, whose
    /// standard input is `standardInput`'s bytes, whose environment is `environment` and whose
    /// relative paths resolve in `workingFolder`; returns the status and what it wrote. Runs on
    /// any thread, any number at once.
    public static func capturing(
        standardInput: [UInt8]? = nil, environment: Environment, workingFolder: WorkingFolder = .current, _ body: (UTIContext) -> Int32
    ) -> (status: Int32, standardOutput: [UInt8], standardError: [UInt8]) {
        // Standard input is a descriptor for every reader: an unlinked file holding the bytes.
        var template = Array((environment.temporaryFolder + "/uti-stdin-XXXXXX").utf8CString)
        var input = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        if input >= 0 {
            _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
            let bytes = standardInput ?? []
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { write(input, $0.baseAddress! + offset, $0.count - offset) }
                guard written > 0 else { break }
                offset += written
            }
            _ = lseek(input, 0, SEEK_SET)
        } else {
            input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        }
        defer { if input >= 0 { close(input) } }
        let context = UTIContext(
            standardInput: input, standardOutput: Output(), standardError: Output(), environment: environment, workingFolder: workingFolder)
        let status = body(context)
        context.standardOutput.flush()
        context.standardError.flush()
        return (status, context.standardOutput.capturedBytes, context.standardError.capturedBytes)
    }
}

/// write(2), named apart from the method called write.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
