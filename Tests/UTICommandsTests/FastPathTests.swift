import Foundation
import Testing
import UTITestSupport

@testable import UTICommands

/// The fast path of `uti conforms`, `uti type` and `uti identify` takes the simple forms and leaves the rest to
/// swift-argument-parser; `uti(...)` (Support.swift) runs every conforms and type invocation of
/// the tests both ways and compares, and the README's are compared here.
@Suite struct FastPathTests {
    @Test(arguments: [
        ["conforms", "public.png", "public.image"],
        ["conforms", "--verbose", ".go", "public.plain-text"],
        ["conforms", "public.png", "-v", "image/png"],
        ["type", "public.png"],
        ["type", "public.png", "com.apple.application-bundle", "--format", "json"],
        ["type", "--extension", "go", "MD", ".toml", "--mime", "application/zstd", "--format", "jsonl"],
        ["type", "-e", "md"],
        ["type", "dyn.ah62d4rv4ge81g6pq", "--format", "jsonl"],
    ])
    func takesTheSimpleForms(arguments: [String]) {
        #expect(FastPath.plan(arguments) != nil)
    }

    @Test(arguments: [
        ["conforms"],
        ["conforms", "public.png"],
        ["conforms", "public.png", "public.image", "public.data"],
        ["conforms", "public.png", "public.image", "--types", "x.json"],
        ["conforms", "--", "public.png", "public.image"],
        ["conforms", "-vv", "public.png", "public.image"],
        ["conforms", "help", "public.image"],
        ["conforms", "public.png", "no.such.type"],
        ["conforms", "public.png", ".no-such-extension"],
        ["type"],
        ["type", "--format", "json"],
        ["type", "--format", "yaml", "public.png"],
        ["type", "--format=json", "public.png"],
        ["type", "public.png", "--format", "json", "--format", "text"],
        ["type", "-e", "--format", "json"],
        ["type", "-e"],
        ["type", "--all", "-e", "plist"],
        ["type", "--dynamic", "-e", "sql"],
        ["type", "-e", "md", "--conforming-to", "public.text"],
        ["type", "com.example.unknown", "public.jpeg"],
        ["type", "public.png", "--help"],
        ["identify", "public.png"],
        [],
    ])
    func leavesEverythingElseToTheParser(arguments: [String]) {
        #expect(FastPath.plan(arguments) == nil)
    }

    @Test(arguments: [
        ["identify", "a.png"],
        ["identify", "-b", "a.png", "b.txt"],
        ["identify", "a.png", "--mime-type", "-b"],
        ["identify", "-i", "a.png"],
        ["identify", "--format", "jsonl", "a.png"],
        ["identify", "a.png", "--format", "json"],
    ])
    func identifyTakesTheSimpleForms(arguments: [String]) {
        #expect(FastPath.identify(arguments, in: quietContext) != nil)
    }

    @Test(arguments: [
        ["identify"],
        ["identify", "-"],
        ["identify", "--", "a.png"],
        ["identify", "-r", "Fixtures"],
        ["identify", "-b", "-b", "a.png"],
        ["identify", "--format", "yaml", "a.png"],
        ["identify", "--format", "json", "-b", "a.png"],
        ["identify", "--explain", "a.png"],
        ["identify", "--types", "x.json", "a.png"],
        ["identify", "help"],
        ["identify", "a.png", "--help"],
        ["type", "a.png"],
    ])
    func identifyLeavesEverythingElseToTheParser(arguments: [String]) {
        #expect(FastPath.identify(arguments, in: quietContext) == nil)
    }

    /// Every `uti conforms` and `uti type` of the README prints and exits the same with the fast
    /// path off.
    @Test func readmeExamplesAgreeWithTheFullParser() throws {
        let bin = utiExecutable.deletingLastPathComponent().path
        let examples = ReadmeExample.all.filter { $0.command.contains("uti conforms") || $0.command.contains("uti type") }
        #expect(examples.count >= 3)
        for example in examples {
            let script = "export PATH='\(bin)':\"$PATH\"; " + example.command
            let fast = try runProgram("/bin/bash", ["-c", script])
            let full = try runProgram("/bin/bash", ["-c", script], environment: ["UTI_FAST_PATH": "0"])
            #expect(fast.status == full.status, "\(example.command)")
            #expect(fast.stdout == full.stdout, "\(example.command)")
            #expect(fast.stderr == full.stderr, "\(example.command)")
        }
    }
}

/// A context with no variables set: the fast path reads the context it is given, so no other
/// run (one with `UTI_FAST_PATH=0`) can turn it off for this one.
let quietContext = UTIContext(standardOutput: Output(), standardError: Output(), environment: .empty)
