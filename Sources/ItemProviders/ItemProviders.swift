// The library's drag-and-drop API, as programs import it: everything of ItemProvidersCore, and
// `NSItemProvider` (NSItemProvider.swift), Apple's class over `ItemProvider`. The class needs all
// of Foundation (`Progress`, `NSLock`), whose static initializers cost every process that links
// it about a millisecond at start; the command-line tool links ItemProvidersCore, which needs
// only FoundationEssentials, and so never pays for them.
@_exported import ItemProvidersCore
