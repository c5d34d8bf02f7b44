/// ContentChecks: HP-GL and HP-GL/2, the plotter language, by its instruction syntax.
extension ContentChecks {
    /// The mnemonics of HP-GL's instructions: the HP 7475A's HP-GL, what the HP 7550A added, and
    /// HP-GL/2's instruction groups (configuration and status, vector, polygon, line and fill
    /// attributes, character, technical graphics, palette, dual context, digitizing), as two
    /// upper-case letters packed into 16 bits.
    private static let plotterMnemonics: Set<UInt16> = Set(
        """
        AA AC AD AP AR AS AT BL BP BR BZ CA CC CF CI CM CO CP CR CS CT CV DC DF DI DL DP DR DS DT DV \
        EA EC EP ER ES EW FI FN FP FR FS FT GC GM GP IM IN IP IR IV IW KY LA LB LM LO LT MC MG MT NP \
        NR OA OC OD OE OF OG OH OI OK OL OO OP OS OT OW PA PB PC PD PE PG PM PP PR PS PT PU PW QL RA \
        RF RO RP RR RT SA SB SC SD SG SI SL SM SP SR SS ST SV TD TL TR UC UL VS WD WG WU XT YT
        """.split(separator: " ").map { word in UInt16(word.utf8.first!) << 8 | UInt16(word.utf8.last!) })

    /// What the two HP-GL checks answer (hpgl for text, hpgl-binary with ETX-ended labels).
    static let hpglAnswer = ("org.freedesktop.mime.application.vnd.hp-hpgl", "HP-GL plotter instructions", false)

    /// The flags an encoded polyline (PE) may hold besides its values: select pen, pen up,
    /// fractional data, absolute, 7-bit mode.
    private static let polylineFlags: [UInt8] = Array(":<>=7".utf8)

    /// Whether bytes are HP-GL or HP-GL/2 plotter instructions, read by the syntax HP gives them
    /// (PCL 5 Printer Language Technical Reference, part II, "HP-GL/2 Commands and Syntax"; the
    /// HP 7475A's Interfacing and Programming Manual for HP-GL and its device-control
    /// instructions): a two-letter mnemonic of `plotterMnemonics`, in one case throughout; numeric
    /// parameters separated by commas, spaces or signs, or a quoted string; and a terminator, a
    /// semicolon, white space or the next mnemonic's first letter. A label (`LB`, `WD`, `BL`)
    /// runs to its terminator, ETX unless `DT` chose another; an encoded polyline (`PE`), its
    /// flags and base-64 or base-32 characters, to a semicolon; `SM` and `DT` take one
    /// character. A plotter's device-control instruction (ESC, `.`, a letter, numbers separated
    /// by `;`, `:`) may come between them, as drivers write them first, and PCL's printer reset
    /// (ESC E) and mode switches (ESC % n B enters HP-GL/2). Everything read must be
    /// instructions: two after PCL's entry into HP-GL/2, or else of two kinds at least, three of
    /// which one has parameters, or two with parameters. Where the bytes may be cut
    /// (`isComplete` false), the last instruction may be unfinished. Text that merely starts with
    /// two of the letters (`PACKAGE = ...`, `SPDXVersion:`) is not.
    static func isHPGL(_ bytes: ArraySlice<UInt8>, isComplete: Bool) -> Bool {
        var index = bytes.startIndex
        let end = bytes.endIndex
        var instructions = 0
        var withParameters = 0
        var first: UInt16?
        var twoKinds = false
        var labelTerminator: UInt8 = 0x03
        var lowerCase: Bool?
        var enteredByPCL = false
        func upper(_ byte: UInt8) -> UInt8 { (0x61...0x7A).contains(byte) ? byte - 0x20 : byte }
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(upper(byte)) }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        // Whether an instruction may run to the end of the bytes unfinished: where they may be cut.
        let cut = !isComplete
        while index < end {
            let byte = bytes[index]
            if isSpace(byte) || byte == UInt8(ascii: ";") {
                index += 1
                continue
            }
            if byte == 0x1B {
                guard index + 1 < end else {
                    guard cut else { return false }
                    break
                }
                if bytes[index + 1] == UInt8(ascii: "E") {
                    // PCL's printer reset.
                    index += 2
                    continue
                }
                if bytes[index + 1] == UInt8(ascii: "%") {
                    // PCL's ESC % n B, which enters HP-GL/2 mode (or A, back to PCL; -12345X,
                    // the universal exit).
                    index += 2
                    if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
                    let digits = index
                    while index < end, isDigit(bytes[index]) { index += 1 }
                    guard index < end else {
                        guard cut else { return false }
                        break
                    }
                    guard index > digits, [UInt8(ascii: "A"), UInt8(ascii: "B"), UInt8(ascii: "X")].contains(bytes[index]) else { return false }
                    if bytes[index] == UInt8(ascii: "B") { enteredByPCL = true }
                    index += 1
                    continue
                }
                // ESC . and a device-control instruction's letter (or parenthesis), its numbers,
                // its colon.
                guard bytes[index + 1] == UInt8(ascii: ".") else { return false }
                guard index + 2 < end else {
                    guard cut else { return false }
                    break
                }
                guard (0x28...0x5A).contains(bytes[index + 2]) else { return false }
                index += 3
                while index < end, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ";") { index += 1 }
                if index < end, bytes[index] == UInt8(ascii: ":") { index += 1 }
                continue
            }
            guard index + 1 < end else {
                guard cut else { return false }
                break
            }
            guard isLetter(byte), isLetter(bytes[index + 1]) else { return false }
            // Both letters in one case, the case of every mnemonic before (a program writes them
            // so; prose's capitals do not).
            let lower = byte >= 0x61
            guard (bytes[index + 1] >= 0x61) == lower, lowerCase == nil || lowerCase == lower else { return false }
            lowerCase = lower
            let mnemonic = UInt16(upper(byte)) << 8 | UInt16(upper(bytes[index + 1]))
            guard plotterMnemonics.contains(mnemonic) else { return false }
            index += 2
            instructions += 1
            if let first { twoKinds = twoKinds || first != mnemonic } else { first = mnemonic }
            switch mnemonic {
            case 0x4C42, 0x5744, 0x424C:  // LB, WD, BL: a label, to its terminator
                guard let close = bytes[index...].firstIndex(of: labelTerminator) else {
                    index = end
                    guard cut else { return false }
                    continue
                }
                index = close + 1
                withParameters += 1
            case 0x5045:  // PE: flags (: < > = 7) and values in base 64 or 32 (? to ~), to a semicolon
                while index < end, bytes[index] != UInt8(ascii: ";") {
                    let next = bytes[index]
                    guard (0x3F...0x7E).contains(next) || polylineFlags.contains(next) else { return false }
                    index += 1
                }
                guard index < end || cut else { return false }
                withParameters += 1
            case 0x4454, 0x534D:  // DT, SM: one character (none resets), then for DT a mode
                if index < end, bytes[index] != UInt8(ascii: ";"), !isSpace(bytes[index]) {
                    if mnemonic == 0x4454 { labelTerminator = bytes[index] }
                    index += 1
                    withParameters += 1
                }
                while index < end, isDigit(bytes[index]) || bytes[index] == UInt8(ascii: ",") { index += 1 }
                guard index == end || bytes[index] == UInt8(ascii: ";") || isSpace(bytes[index]) else { return false }
            default:
                // Numbers and their separators, or a quoted string (CO's comment, MG's message).
                var numbers = false
                while index < end {
                    let next = bytes[index]
                    if isDigit(next) {
                        numbers = true
                    } else if next == UInt8(ascii: "\"") {
                        guard let close = bytes[(index + 1)...].firstIndex(of: next) else {
                            index = end
                            guard cut else { return false }
                            break
                        }
                        index = close
                        numbers = true
                    } else if !(next == UInt8(ascii: ",") || next == UInt8(ascii: ".") || next == UInt8(ascii: "+")
                        || next == UInt8(ascii: "-") || next == 0x20 || next == 0x09)
                    {
                        break
                    }
                    index += 1
                }
                if numbers { withParameters += 1 }
                // The terminator: a semicolon, white space, the next mnemonic's letter, ESC.
                guard index == end || bytes[index] == UInt8(ascii: ";") || isSpace(bytes[index]) || isLetter(bytes[index]) || bytes[index] == 0x1B
                else { return false }
            }
        }
        return (enteredByPCL && instructions >= 2) || ((instructions >= 3 || withParameters >= 2) && twoKinds && withParameters >= 1)
    }
}
