import UTICommands
import UniformTypes

// The reader of standard output went away (`uti identify -r / | head`): end quietly, as Unix
// tools do. Only the executable ends the process; the library drops the rest of the output.
Output.onBrokenPipe = { _exit(0) }
// The process ends when the command returns: what it is done with (libmagic's handles) is not
// torn down first.
ProcessLifetime.endsAfterCommand = true
exit(UTIMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
