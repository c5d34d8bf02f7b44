import UniformTypes

/// ContentChecks: Fortran's statements for the language rules (Catalog/languages.json), fixed form and free form.
extension ContentChecks {
    /// Whether one line (without its indentation) is a Fortran statement no other language
    /// checked here writes so (ISO/IEC 1539-1:2018: 14.1 program units, 8.2 type declarations,
    /// 8.7 IMPLICIT, 11.1.7 DO, 12.6 PRINT and WRITE with `*` for the default unit and format,
    /// 14.2.2 USE; fixed form's statement labels before CONTINUE and FORMAT). Its keywords in
    /// lower case or all in capitals, as Fortran programmers write them; none ends with `;`, `{`
    /// or `}`. Not CALL, END IF or END FUNCTION: VBScript and Vim script write those the same way.
    static func isFortran(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, Keyword.fortranInitials[Int(first)],
            let last = line.last, last != UInt8(ascii: ";"), last != UInt8(ascii: "{"), last != UInt8(ascii: "}")
        else { return false }
        // A statement label (1 to 5 digits, fixed form's columns 1-5) before CONTINUE or FORMAT.
        let label = line.prefix { $0 >= 0x30 && $0 <= 0x39 }
        if !label.isEmpty {
            let statement = line[label.endIndex...].drop { $0 == 0x20 || $0 == 0x09 }
            guard label.count <= 5, statement.startIndex > label.endIndex else { return false }
            return fortranWord(statement, FortranWord.continueWord) == statement.endIndex
                || fortranWord(statement, FortranWord.format).map { statement[$0...].drop { $0 == 0x20 }.first == UInt8(ascii: "(") } ?? false
        }
        func name(after index: ArraySlice<UInt8>.Index) -> ArraySlice<UInt8> {
            line[index...].drop { $0 == 0x20 }.prefix { isIdentifier($0) }
        }
        // Program units and their ends: `program hello`, `subroutine swap(a, b)`, `end program`.
        for unit in FortranWord.units {
            if let end = fortranWord(line, unit) {
                let unitName = name(after: end)
                let rest = line[unitName.endIndex...].drop { $0 == 0x20 }
                return !unitName.isEmpty && (rest.isEmpty || rest.first == UInt8(ascii: "(")) && (unit.lower != FortranWord.program.lower || rest.isEmpty)
            }
        }
        if let end = fortranWord(line, FortranWord.end) {
            let rest = line[end...].drop { $0 == 0x20 }
            // `end do` alone; a program's or subroutine's end may name it (not `end if`, `end
            // function`: VBScript writes those in lower case too, and Ruby's `end if x`).
            if fortranWord(rest, FortranWord.doWord) == line.endIndex { return true }
            for unit in [FortranWord.program, FortranWord.subroutine] {
                if let after = fortranWord(rest, unit) { return name(after: after).endIndex == line.endIndex }
            }
            return false
        }
        if fortranWord(line, FortranWord.enddo) == line.endIndex { return true }
        if let end = fortranWord(line, FortranWord.implicit) {
            let rest = line[end...].drop { $0 == 0x20 }
            return fortranWord(rest, FortranWord.none) == line.endIndex
                || FortranWord.types.contains { fortranWord(rest, $0) != nil }
        }
        // Declarations: `integer :: i`, `real(8), intent(in) :: x`, `INTEGER I, J`.
        for type in FortranWord.types {
            guard let end = fortranWord(line, type) else { continue }
            if contains(Keyword.fortranDeclarator, in: line[end...]) { return true }
            // A list of names, each one word with its dimensions or none: `real x(10), y`.
            guard line[end...].first == 0x20 else { return false }
            let names = line[end...].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false).map {
                $0.drop { $0 == 0x20 }.reversed().drop { $0 == 0x20 }.reversed()
            }
            return names.allSatisfy { entity in
                let name = entity.prefix { isIdentifier($0) }
                let dimensions = entity.dropFirst(name.count)
                return !name.isEmpty && (dimensions.isEmpty || (dimensions.first == UInt8(ascii: "(") && dimensions.last == UInt8(ascii: ")")))
            }
        }
        // `print *, x` and `print *`; `write (*,*) x`, `read(5, *) n`.
        if let end = fortranWord(line, FortranWord.print) {
            let rest = line[end...].drop { $0 == 0x20 }
            return rest.first == UInt8(ascii: "*") && (rest.count == 1 || rest.dropFirst().drop { $0 == 0x20 }.first == UInt8(ascii: ","))
        }
        for io in FortranWord.transfers {
            guard let end = fortranWord(line, io) else { continue }
            let rest = line[end...].drop { $0 == 0x20 }
            guard rest.first == UInt8(ascii: "(") else { return false }
            let unit = rest.dropFirst().drop { $0 == 0x20 }.prefix { $0 == UInt8(ascii: "*") || ($0 >= 0x30 && $0 <= 0x39) }
            return !unit.isEmpty && rest[unit.endIndex...].drop { $0 == 0x20 }.first == UInt8(ascii: ",")
        }
        // `do i = 1, n` and `do 10 i = 1, n`.
        if let end = fortranWord(line, FortranWord.doWord) {
            var rest = line[end...].drop { $0 == 0x20 }
            rest = rest.drop { $0 >= 0x30 && $0 <= 0x39 }.drop { $0 == 0x20 }
            let variable = rest.prefix { isIdentifier($0) }
            return !variable.isEmpty && rest[variable.endIndex...].drop { $0 == 0x20 }.first == UInt8(ascii: "=") && rest.contains(UInt8(ascii: ","))
        }
        // `use iso_fortran_env` and `use mpi, only: comm` (Perl's, Rust's and PHP's end with `;`).
        if let end = fortranWord(line, FortranWord.use) {
            let module = name(after: end)
            let rest = line[module.endIndex...]
            return !module.isEmpty && (rest.isEmpty || rest.starts(with: Keyword.fortranOnly))
        }
        return false
    }

    /// A Fortran keyword (one or more words) as `isFortran` compares it: in lower case and all
    /// in capitals, spelled once.
    struct FortranWord {
        let lower: [UInt8], upper: [UInt8]

        init(_ word: String) {
            lower = Array(word.utf8)
            upper = lower.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        }

        static let continueWord = FortranWord("continue"), format = FortranWord("format"), end = FortranWord("end")
        static let doWord = FortranWord("do"), enddo = FortranWord("enddo"), program = FortranWord("program")
        static let subroutine = FortranWord("subroutine"), implicit = FortranWord("implicit"), none = FortranWord("none")
        static let print = FortranWord("print"), use = FortranWord("use")
        static let units = ["program", "subroutine", "recursive subroutine", "pure subroutine", "elemental subroutine"].map(FortranWord.init)
        static let types = ["integer", "real", "double precision", "complex", "logical", "character"].map(FortranWord.init)
        static let transfers = ["write", "read"].map(FortranWord.init)
    }

    /// Where `word` ends, when `line` begins with it in lower case or all in capitals and a
    /// space, `(`, `:`, `,`, `*` or the line's end follows.
    static func fortranWord(_ line: ArraySlice<UInt8>, _ word: FortranWord) -> ArraySlice<UInt8>.Index? {
        guard line.count >= word.lower.count, let first = line.first, first == word.lower[0] || first == word.upper[0] else { return nil }
        let head = line.prefix(word.lower.count)
        guard head.elementsEqual(word.lower) || head.elementsEqual(word.upper) else { return nil }
        let end = head.endIndex
        guard end < line.endIndex else { return end }
        switch line[end] {
        case 0x20, UInt8(ascii: "("), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "*"): return end
        default: return nil
        }
    }
}
