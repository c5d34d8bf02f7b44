import Testing
@testable import UTICommands

/// What a command is done with lives on until the process exits only when the process exits
/// after the command (the executable says so); in-process runs release it as usual.
@Suite struct ProcessLifetimeTests {
    final class Handle {}

    @Test func objectsAreKeptOnlyWhenTheProcessEndsAfterTheCommand() {
        weak var released: Handle?
        weak var kept: Handle?
        do {
            let first = Handle(), second = Handle()
            released = first
            kept = second
            ProcessLifetime.keep([first], if: false)
            ProcessLifetime.keep([second], if: true)
        }
        #expect(released == nil)
        #expect(kept != nil)
        #expect(!ProcessLifetime.endsAfterCommand, "only the executable sets it")
    }
}
