import UTICommands

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

exit(UTIMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
