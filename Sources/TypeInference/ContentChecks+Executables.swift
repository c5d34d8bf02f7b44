import UniformTypes

/// ContentChecks: executables: MZ headers (DOS, NE, LX/LE, DLLs), CPython bytecode, ELF kinds.
extension ContentChecks {
    /// The executable an MZ header introduces: the new header that `e_lfanew` (byte 0x3C) points
    /// to says PE (Windows NT), NE (16-bit Windows and OS/2) or LX/LE (OS/2 and DOS extenders);
    /// without one it is a DOS program. Nil for a PE image (libmagic names those) and for what is
    /// not MZ.
    static func mzExecutable(_ head: [UInt8]) -> (String, String)? {
        guard head.count >= 0x40, head.starts(with: Array("MZ".utf8)) else { return nil }
        let offset = Int(le32(head, 0x3C))
        // A relocation table before 0x40 means the header has no e_lfanew: plain DOS.
        if le16(head, 0x18) < 0x40 || offset < 0x40 || offset + 4 > head.count {
            return ("com.microsoft.dos-executable", "DOS executable")
        }
        switch (head[offset], head[offset + 1]) {
        case (0x50, 0x45) where head[offset + 2] == 0 && head[offset + 3] == 0: return nil
        case (0x4E, 0x45): return ("com.microsoft.ne-executable", "NE executable (16-bit Windows or OS/2)")
        case (0x4C, 0x58), (0x4C, 0x45): return ("com.ibm.lx-executable", "LX executable (OS/2 or a DOS extender)")
        default: return ("com.microsoft.dos-executable", "DOS executable")
        }
    }

    /// A Windows PE image whose header marks it as a DLL.
    static func isWindowsDLL(_ head: [UInt8]) -> Bool {
        guard head.count > 0x40, head.starts(with: Array("MZ".utf8)) else { return false }
        let offset = Int(le32(head, 0x3C))
        guard offset >= 0x40, offset + 24 <= head.count, head[offset..<(offset + 4)].elementsEqual([0x50, 0x45, 0, 0])
        else { return false }
        return le16(head, offset + 22) & 0x2000 != 0
    }

    /// CPython bytecode: a little-endian magic number, then CR LF. From 3.7 (magic 3390 on, PEP
    /// 552) a 32-bit flags word follows, 0 to 3; before it, only the magic numbers of releases
    /// count (CPython's importlib/_bootstrap_external.py lists them), since the development
    /// numbers between them are shared with other formats (pcapng starts 0A 0D 0D 0A: 3338).
    static func pythonBytecode(_ head: [UInt8]) -> (String, String)? {
        guard head.count >= 16, head[2] == 0x0D, head[3] == 0x0A else { return nil }
        let magic = le16(head, 0)
        let released: Set<UInt16> = [62211, 3131, 3151, 3180, 3230, 3310, 3350, 3351, 3379]
        let flagged = (3390...4000).contains(magic) && head[4] <= 3 && head[5] == 0 && head[6] == 0 && head[7] == 0
        return flagged || released.contains(magic) ? ("org.python.bytecode", "Python bytecode") : nil
    }

    /// The MIME type libmagic gives an ELF file, read from its header as libmagic reads it: by
    /// `e_type`, relocatable `application/x-object`, executable `application/x-executable`, core
    /// `application/x-coredump`; a shared object is `application/x-pie-executable` when its
    /// dynamic section's DT_FLAGS_1 has DF_1_PIE, or, where that section lies past `head`, when it
    /// asks for an interpreter (PT_INTERP) and exports no SONAME we could see, else
    /// `application/x-sharedlib`. Nil for anything that is not ELF.
    @_spi(Fuzzing) public static func elfMIMEType(_ head: [UInt8]) -> String? {
        guard head.count >= 52, head[0] == 0x7F, head[1] == 0x45, head[2] == 0x4C, head[3] == 0x46 else { return nil }
        let is64 = head[4] == 2
        let little = head[5] != 2
        func read(_ offset: Int, _ size: Int) -> Int? {
            guard offset >= 0, size <= 8, offset + size <= head.count else { return nil }
            var value = 0
            for index in 0..<size {
                let byte = Int(head[offset + (little ? size - 1 - index : index)])
                value = (value << 8) | byte
            }
            return value
        }
        switch read(16, 2) {
        case 1: return "application/x-object"
        case 2: return "application/x-executable"
        case 4: return "application/x-coredump"
        case 3: break
        default: return nil
        }
        let word = is64 ? 8 : 4
        guard let programHeaders = read(is64 ? 32 : 28, word), let entrySize = read(is64 ? 54 : 42, 2),
            let count = read(is64 ? 56 : 44, 2), entrySize >= (is64 ? 56 : 32), (0..<head.count).contains(programHeaders)
        else { return "application/x-sharedlib" }
        var interpreter = false
        var dynamic: (offset: Int, size: Int)?
        for index in 0..<count {
            let entry = programHeaders + index * entrySize
            guard let type = read(entry, 4) else { break }
            if type == 3 { interpreter = true }
            if type == 2, let offset = read(entry + (is64 ? 8 : 4), word), let size = read(entry + (is64 ? 32 : 16), word),
                (0..<head.count).contains(offset), (0...head.count).contains(size)
            {
                dynamic = (offset, size)
            }
        }
        if let dynamic, dynamic.offset + dynamic.size <= head.count {
            // Elf_Dyn entries: tag, value; DT_FLAGS_1 is 0x6ffffffb, DF_1_PIE 0x08000000.
            var entry = dynamic.offset
            while entry + 2 * word <= dynamic.offset + dynamic.size, let tag = read(entry, word), tag != 0 {
                if tag == 0x6FFF_FFFB, let flags = read(entry + word, word) {
                    return flags & 0x0800_0000 != 0 ? "application/x-pie-executable" : "application/x-sharedlib"
                }
                entry += 2 * word
            }
            return "application/x-sharedlib"
        }
        return interpreter ? "application/x-pie-executable" : "application/x-sharedlib"
    }
}
