import TypeInference
import UniformTypes

/// What a command is done with but the process may simply end with. Closing a libmagic handle
/// frees every entry of the database it parsed and unmaps the file: a tenth of a one-shot
/// `uti identify`, spent on a process about to exit. The executable's context says the process
/// ends after the command (`UTIContext.endsProcess`); in-process callers (the tests, a program
/// linking the commands) do not, and everything is released as usual.
enum ProcessLifetime {
    private static let lock = Lock()
    nonisolated(unsafe) private static var kept: [AnyObject] = []

    /// Keeps `objects` alive until the process exits when `processEnds`.
    static func keep(_ objects: [AnyObject], if processEnds: Bool) {
        guard processEnds, !objects.isEmpty else { return }
        lock.withLock { kept.append(contentsOf: objects) }
    }
}

extension UTIContext {
    /// An inferrer over `catalog` with the context's shared-mime-info database and a libmagic
    /// handle of its own, as the commands make one: libmagic's database (the environment's
    /// `MAGIC`, else its default) is loaded when the first file needs it (a file uti's own checks
    /// decide never does; one that needs it when it cannot be loaded is an error naming the file
    /// and why), and the handle is kept until the process exits when it exits after the command.
    func inferrer(catalog: TypeCatalog, followSymlinks: Bool = false) -> TypeInferrer {
        let inferrer = TypeInferrer(
            catalog: catalog, database: database, sniffer: MagicSniffer.loadingWhenFirstAsked(environment: environment),
            followSymlinks: followSymlinks, environment: environment)
        inferrer.workingFolder = workingFolder
        ProcessLifetime.keep([inferrer], if: endsProcess)
        return inferrer
    }
}
