#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where commands write: standard output (buffered, flushed per record when streaming) and
/// standard error (one line per problem). Swift 6 forbids the C `stdout` global, so this writes to
/// the descriptors directly.
public final class Output: @unchecked Sendable {
    private var buffer: [UInt8] = []
    private let descriptor: Int32
    private let lock = NSLockShim()

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

    /// Writes a one-line error to standard error at once: `uti: MESSAGE`.
    public static func reportError(_ message: String) {
        error.line("uti: " + message)
        error.flush()
    }

    /// Whether the descriptor is a terminal (colour and layout choices depend on it).
    public var isTerminal: Bool { isatty(descriptor) == 1 }
}

/// A minimal mutex over pthread, so that this module needs no Foundation.
final class NSLockShim: @unchecked Sendable {
    private var mutex = pthread_mutex_t()
    init() { pthread_mutex_init(&mutex, nil) }
    deinit { pthread_mutex_destroy(&mutex) }
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        return try body()
    }
}

/// write(2), named apart from the method called write.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
