import Testing

@testable import UTICommands

/// What a command is done with lives on until the process exits only when the process exits
/// after the command (the executable says so); in-process runs release it as usual.
@Suite struct ProcessLifetimeTests {
    final class Handle {}

    @Test func objectsAreKeptOnlyWhenTheProcessEndsAfterTheCommand() {
        var released = Handle()
        ProcessLifetime.keep([released], if: false)
        #expect(isKnownUniquelyReferenced(&released), "nothing else holds it")
        var kept = Handle()
        ProcessLifetime.keep([kept], if: true)
        #expect(!isKnownUniquelyReferenced(&kept), "held until the process exits")
    }
}
