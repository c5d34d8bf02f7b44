// The C library, for every module that does I/O: uti's modules call POSIX directly (open, read,
// stat, mkstemp, ...). Re-exported here, where file access lives, so that a module that imports
// FileAccess needs no platform block of its own; UniformTypes, which reads no file, imports it for
// itself and passes it on to no one.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Musl)
@_exported import Musl
#elseif canImport(Darwin)
@_exported import Darwin
#endif
