import FileAccess
import ItemProvidersCore
import UniformTypes

/// The temporary file a command is writing (`check --output`'s report before its rename, a drop's
/// load before its link), so that an interrupted process leaves no partial file. The libraries
/// install no signal handler: the executable's main.swift does, and its handler calls
/// `removeTemporary()` (async-signal-safe: one `unlinkat` of a name copied in advance) before the
/// signal ends the process as usual. Process-wide by nature, as signals are: one temporary at a
/// time, the last one registered.
public enum InterruptCleanup {
    nonisolated(unsafe) private static var writing: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var folder: Int32 = AT_FDCWD
    /// Commands run at once in one process (a server's requests) register and forget their
    /// temporaries one at a time: two that swapped the name together freed one copy twice and
    /// another never. The signal handler takes no lock; it reads the name as before.
    private static let lock = Lock()

    /// Marks `name`, relative to the folder open as `descriptor` (or the working folder), as the
    /// temporary being written.
    static func register(_ name: String, in descriptor: Int32 = AT_FDCWD) {
        let copy = strdup(name)
        lock.withLock {
            let previous = writing
            writing = nil
            folder = descriptor
            writing = copy
            free(previous)
        }
    }

    /// Forgets the temporary: it was renamed or removed.
    static func unregister() {
        lock.withLock {
            let previous = writing
            writing = nil
            folder = AT_FDCWD
            free(previous)
        }
    }

    /// Removes the temporary being written, if any: what a signal handler calls.
    public static func removeTemporary() {
        if let name = writing { unlinkat(folder, name, 0) }
    }

    /// The reporter a command's loader is given: each temporary it writes is registered here.
    static let reporter = Reporter()

    struct Reporter: TemporaryFileReporter {
        func writing(_ name: String, in folder: Int32) { InterruptCleanup.register(name, in: folder) }
        func finished(_ name: String) { InterruptCleanup.unregister() }
    }
}
