import FileAccess
import UniformTypes

/// The target a fuzzing run feeds, from UTI_FUZZ_TARGET (scripts/fuzz sets it).
let selectedTarget: FuzzTarget = {
    let name = getenv("UTI_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTarget(rawValue: name) else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        complain("UTI_FUZZ_TARGET must be one of \(names) (it is \"\(name)\")")
        exit(2)
    }
    return target
}()

/// One line on standard error.
func complain(_ message: String) {
    let line = Array("uti-fuzz: \(message)\n".utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// libFuzzer's entry point, built in with `-sanitize=fuzzer` (scripts/fuzz).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
    selectedTarget.run(bytes)
    return 0
}

#if FUZZING
/// libFuzzer's driver: SwiftPM makes the module's entry point `main`, so the fuzzing build
/// starts libFuzzer from there rather than from libFuzzer's own `main`.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
enum Fuzz {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        _ = selectedTarget
        exit(runFuzzerDriver(&argc, &argv) { start, count in fuzzOne(start, count) })
    }
}
#else
/// Without libFuzzer: `uti-fuzz TARGET FILE...` runs files through a target, to replay a crash
/// or a corpus; `uti-fuzz --list` names the targets.
@main
enum Replay {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--list" {
            for target in FuzzTarget.allCases { print("\(target.rawValue)\t\(target.summary)") }
            return
        }
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            complain("usage: uti-fuzz TARGET FILE... | uti-fuzz --list")
            exit(2)
        }
        var status: Int32 = 0
        for path in arguments.dropFirst() {
            guard let bytes = try? FileContents.read(path: path) else {
                complain("\(path): cannot be read")
                status = 1
                continue
            }
            target.run(bytes)
        }
        exit(status)
    }
}
#endif
