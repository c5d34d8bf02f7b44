import UniformTypes

/// Where commands write: standard output (buffered, flushed per record when streaming) and
/// standard error (one line per problem). Swift 6 forbids the C `stdout` global, so this writes to
/// the descriptors directly; or, for a command run in-process (`UTIContext.capturing`), into
/// memory.
public final class Output: @unchecked Sendable {
    private var buffer: [UInt8] = []
    /// The descriptor written to, or nil: kept in `captured`.
    private let descriptor: Int32?
    private var captured: [UInt8] = []
    private let lock = Lock()

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// An output that keeps what is written, for `UTIContext.capturing`.
    init() {
        descriptor = nil
    }

    /// Everything written and flushed so far (a capturing output; empty for a descriptor).
    public var capturedBytes: [UInt8] { lock.withLock { captured } }

    /// Standard output of the command running now (the process's, or a capturing context's).
    public static var standard: Output { UTIContext.current.standardOutput }
    /// Standard error of the command running now.
    public static var error: Output { UTIContext.current.standardError }

    /// What happens when the reader of a descriptor went away (EPIPE, `uti ... | head`): by
    /// default the output is dropped; the executable's main.swift ends the process quietly, as
    /// Unix tools do. A library never exits the process.
    nonisolated(unsafe) public static var onBrokenPipe: () -> Void = {}
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
                    Self.onBrokenPipe()
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

    /// Writes a one-line error to standard error at once: `uti: MESSAGE`, made terminal-safe.
    public static func reportError(_ message: String) {
        error.line("uti: " + terminalSafe(message))
        error.flush()
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
        guard needsEscape(scalar) else { output.unicodeScalars.append(scalar); return }
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

/// What a command runs with: its standard output and error, and environment variables that
/// override the process's (standard input is descriptor 0, which `capturing` points at bytes). The process's own context is
/// the default; `capturing` runs a command in-process with outputs kept in memory (the tests'
/// way to run most commands without starting a process).
public final class UTIContext: @unchecked Sendable {
    /// Where the command's standard output goes.
    public let standardOutput: Output
    /// Where its errors go.
    public let standardError: Output
    /// Variables that replace the process's for the commands' own settings (`UTI_TYPES`,
    /// `UTI_FAST_PATH`).
    public let environment: [String: String]

    init(standardOutput: Output, standardError: Output, environment: [String: String]) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.environment = environment
    }

    /// The process's descriptors and environment.
    public static let process = UTIContext(
        standardOutput: Output(descriptor: 1), standardError: Output(descriptor: 2), environment: [:])

    private static let lock = Lock()
    /// One in-process run at a time: commands share the process's globals.
    private static let runLock = Lock()
    nonisolated(unsafe) private static var active: UTIContext?

    /// The context of the command running now.
    public static var current: UTIContext { lock.withLock { active } ?? process }

    /// Runs `body` with a context that keeps standard output and error in memory, with
    /// `standardInput` as its input and `environment` over the process's; returns the status and
    /// what it wrote.
    public static func capturing(
        standardInput: [UInt8]? = nil, environment: [String: String] = [:], _ body: () -> Int32
    ) -> (status: Int32, standardOutput: [UInt8], standardError: [UInt8]) {
        runLock.withLock {
            let input = standardInput ?? []
            let context = UTIContext(standardOutput: Output(), standardError: Output(), environment: environment)
            lock.withLock { active = context }
            defer { lock.withLock { active = nil } }
            // Standard input is descriptor 0 for every reader (identify -, --files-from -,
            // sessions): for the run it is a file holding the bytes, then the process's again.
            let saved = dup(0)
            var template = Array("/tmp/uti-stdin-XXXXXX".utf8CString)
            let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if file >= 0 {
                _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
                _ = input.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
                _ = lseek(file, 0, SEEK_SET)
                _ = dup2(file, 0)
                close(file)
            }
            defer {
                if saved >= 0 {
                    _ = dup2(saved, 0)
                    close(saved)
                }
            }
            let status = body()
            context.standardOutput.flush()
            context.standardError.flush()
            return (status, context.standardOutput.capturedBytes, context.standardError.capturedBytes)
        }
    }

    /// A variable of the context, else of the process.
    public func variable(_ name: String) -> String? {
        if let value = environment[name] { return value }
        return getenv(name).map { String(cString: $0) }
    }
}

/// write(2), named apart from the method called write.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
