import UTICommands
import UniformTypes

exit(UTIMain.run(arguments: Array(CommandLine.arguments.dropFirst())))
