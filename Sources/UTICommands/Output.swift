import UniformTypes

/// Where commands write: standard output (buffered, flushed per record when streaming) and
/// standard error (one line per problem). Swift 6 forbids the C `stdout` global, so this writes to
/// the descriptors directly.
public final class Output: @unchecked Sendable {
    private var buffer: [UInt8] = []
    private let descriptor: Int32
    private let lock = Lock()

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Standard output.
    public static let standard = Output(descriptor: 1)
    /// Standard error.
    public static let error = Output(descriptor: 2)

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
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes { raw in
                systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                // The reader went away (`| head`): end quietly, as Unix tools do.
                if errno == EPIPE { _exit(0) }
                // Anything else (a full disk, a closed descriptor) loses output: say so and fail,
                // as coreutils do, rather than exit 0 with a truncated result.
                if descriptor == 1 {
                    let reason = String(cString: strerror(errno)).lowercased()
                    let message = Array("uti: cannot write to standard output: \(reason)\n".utf8)
                    _ = message.withUnsafeBytes { systemWrite(2, $0.baseAddress!, $0.count) }
                    _exit(1)
                }
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
    public var isTerminal: Bool { isatty(descriptor) == 1 }
}

/// write(2), named apart from the method called write.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
