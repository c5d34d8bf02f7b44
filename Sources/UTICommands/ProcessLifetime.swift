import TypeInference
import UniformTypes

/// What a command is done with but the process may simply end with. Closing a libmagic handle
/// frees every entry of the database it parsed and unmaps the file: a tenth of a one-shot
/// `uti identify`, spent on a process about to exit. The executable's main.swift says the
/// process ends after the command; in-process callers (the tests, a program linking the
/// commands) leave it unset, and everything is released as usual.
public enum ProcessLifetime {
    /// Whether the process exits when the command returns (set by the executable only).
    nonisolated(unsafe) public static var endsAfterCommand = false

    private static let lock = Lock()
    nonisolated(unsafe) private static var kept: [AnyObject] = []

    /// Keeps `objects` alive until the process exits, when it exits after this command; else
    /// lets them go.
    static func keepUntilExit(_ objects: [AnyObject]) { keep(objects, if: endsAfterCommand) }

    /// Keeps `objects` alive until the process exits when `processEnds`.
    static func keep(_ objects: [AnyObject], if processEnds: Bool) {
        guard processEnds, !objects.isEmpty else { return }
        lock.withLock { kept.append(contentsOf: objects) }
    }
}

extension TypeInferrer {
    /// An inferrer over `catalog` with a libmagic handle of its own, as the commands make one:
    /// libmagic's database is loaded when the first file needs it (a file uti's own checks
    /// decide never does; one that needs it when it cannot be loaded is an error naming the
    /// file and why), and the handle is kept until the process exits when it exits after the
    /// command.
    static func forCommand(catalog: TypeCatalog, followSymlinks: Bool = false) -> TypeInferrer {
        let inferrer = TypeInferrer(catalog: catalog, sniffer: MagicSniffer.loadingWhenFirstAsked(), followSymlinks: followSymlinks)
        ProcessLifetime.keepUntilExit([inferrer])
        return inferrer
    }
}
