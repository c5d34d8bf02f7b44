import FileAccess
import SharedMIMEInfo
import UTICommands
import UniformTypes

// The process's own setup, which no library does for it.
// A reader that went away (`uti identify -r / | head`) is a failed write, not a signal that kills
// uti mid-record; the output then ends the process quietly, as Unix tools do.
signal(SIGPIPE, SIG_IGN)
// Past `ulimit -f`, a write fails (EFBIG) and is reported, and no temporary is left, instead of
// the process being killed mid-write.
signal(SIGXFSZ, SIG_IGN)
// Interrupted, uti removes the temporary it is writing, then ends as the signal says.
for interruption in [SIGINT, SIGTERM, SIGHUP] {
    signal(interruption) { number in
        InterruptCleanup.removeTemporary()
        signal(number, SIG_DFL)
        raise(number)
    }
}
// The one real context: the process's descriptors and environment. The process ends when the
// command returns, so what the command is done with (libmagic's handles) is not torn down first.
let environment = Environment(cStrings: environ)
let context = UTIContext(
    standardInput: 0, standardOutput: Output(descriptor: 1, onBrokenPipe: { _exit(0) }), standardError: Output(descriptor: 2),
    environment: environment, endsProcess: true)
// UTType's lookups (UTType("..."), conformance in item providers) see the system's
// shared-mime-info types; built on the first lookup only.
TypeCatalog.use { TypeCatalog.system(in: environment) }
exit(UTIMain.run(arguments: Array(CommandLine.arguments.dropFirst()), in: context))
