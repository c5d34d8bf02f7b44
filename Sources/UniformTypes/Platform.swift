// The C library, once for every module: uti's modules call POSIX directly (open, read, stat,
// mkstemp, ...). Re-exported, so a file that imports UniformTypes (or a module built on it)
// needs no platform block of its own.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
