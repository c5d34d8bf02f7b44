import UTICommands

#if canImport(Glibc)
import Glibc
#endif

exit(UTIMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
