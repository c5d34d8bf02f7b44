// The C library for the pthread mutex: this module's only use of it, not re-exported (FileAccess,
// where I/O lives, passes the C library on to the modules that read and write files).
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
/// A mutex over pthread, for the few places that share state between threads (the running
/// catalog, output buffers, work counters). Foundation's NSLock is not used: UniformTypes needs
/// no Foundation, and Synchronization's Mutex needs macOS 15.
package final class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Inlinable, so that each caller's use is specialized: an unspecialized generic call needs
    /// the runtime metadata of `T`, instantiated at the first call with each type.
    @inlinable package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// The value in `slot`, under the lock; when there is none yet, `build`'s, kept there: a value
    /// built once, on first use (a catalog's tag index, a database's name globs). A plain
    /// optional field and this lock, rather than a generic box class, whose metadata each value
    /// type would cost at every start; inlinable for the same reason.
    @inlinable package func value<T>(get: () -> T?, set: (T) -> Void, orBuild build: () throws -> T) rethrows -> T {
        // The slot is read and written through closures, inside the lock: an `inout` argument
        // would begin its access to a class's stored property before the lock is taken, which
        // the thread sanitizer reports as a race between workers (and exclusivity checking
        // could trap on).
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        if let value = get() { return value }
        let built = try build()
        set(built)
        return built
    }
}
