import UniformTypes

/// ContentChecks: what one line says of a language: the statement recognizers and their keywords.
extension ContentChecks {
    /// Whether a line is a Visual Basic statement: a block's end (`End Sub`, the whole line), a
    /// module or class opened by name, a procedure with its parentheses, `Dim x As T`, `Imports`.
    static func isVisualBasic(_ line: ArraySlice<UInt8>) -> Bool {
        if Keyword.visualBasicEnds.contains(where: { $0.elementsEqual(line) }) { return true }
        for opener in Keyword.visualBasicOpeners where begins(line, opener) {
            let name = line.dropFirst(opener.count)
            return !name.isEmpty && name.allSatisfy(isIdentifier)
        }
        if Keyword.visualBasicProcedures.contains(where: { begins(line, $0) }) {
            return line.contains(UInt8(ascii: "(")) && line.last == UInt8(ascii: ")") || contains(Keyword.spacedAs, in: line)
        }
        if begins(line, Keyword.dimWord) { return contains(Keyword.spacedAs, in: line) }
        return begins(line, Keyword.importsWord) && line.dropFirst(8).allSatisfy { isIdentifier($0) || $0 == UInt8(ascii: ".") }
    }

    /// Whether a line is a Perl statement (see `Statement`; `package` is read with Java's).
    static func isPerl(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, Keyword.perlInitials[Int(first)] else { return false }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        if Keyword.perlAlone.contains(where: { $0.elementsEqual(line) }) { return true }
        if word(Keyword.useWord) || word(Keyword.noWord) {
            // use strict; use warnings; use File::Spec; use POSIX qw(floor); not Rust's crate paths.
            let module = line.dropFirst(word(Keyword.useWord) ? 4 : 3)
            let name = module.prefix { isIdentifier($0) || $0 == UInt8(ascii: ":") }
            guard !name.isEmpty, let initial = name.first else { return false }
            let rest = module[name.endIndex...]
            let ends = rest.elementsEqual([UInt8(ascii: ";")]) || begins(rest, Keyword.spacedQw) || begins(rest, Keyword.spacedParen)
            let pragma = Keyword.perlPragmas.contains { $0.elementsEqual(name) }
            let isModule = (0x41...0x5A).contains(initial) && !Keyword.rustRoots.contains { begins(name, $0) }
            return ends && (pragma || isModule)
        }
        if word(Keyword.subWord) {
            let name = line.dropFirst(4).prefix { isIdentifier($0) }
            let rest = line[name.endIndex...]
            return !name.isEmpty
                && (rest.elementsEqual(Keyword.spacedBrace) || rest.elementsEqual([UInt8(ascii: ";")]) || rest.elementsEqual(Keyword.spacedBraceOnly))
        }
        for declaration in Keyword.perlDeclarations where word(declaration) {
            let next = line.dropFirst(declaration.count).first
            return next == UInt8(ascii: "$") || next == UInt8(ascii: "@") || next == UInt8(ascii: "%")
                || next == UInt8(ascii: "(")
                    && line.dropFirst(declaration.count + 1).first.map { [UInt8(ascii: "$"), UInt8(ascii: "@"), UInt8(ascii: "%")].contains($0) } == true
        }
        return false
    }

    /// A Vim script statement (see `Statement`).
    static func vimStatement(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let first = line.first, Keyword.vimInitials[Int(first)] else { return nil }
        if Keyword.vimEnds.contains(where: { $0.elementsEqual(line) }) { return .vimEnd }
        // A comment: a double quote, then a space or nothing (prose quotes a word).
        if first == UInt8(ascii: "\""), line.count == 1 || line[line.startIndex + 1] == 0x20 { return .vimComment }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        if word(Keyword.letWord) {
            // let s:name, let g:name, let &option: a scope letter and a colon, or an option.
            let rest = line.dropFirst(4)
            if rest.first == UInt8(ascii: "&") { return .vimStatement }
            let bytes = Array(rest.prefix(3))
            return bytes.count == 3 && "gsbwtlva".utf8.contains(bytes[0]) && bytes[1] == UInt8(ascii: ":") && isIdentifier(bytes[2]) ? .vimStatement : nil
        }
        return Keyword.vimCommands.contains(where: { word($0) }) ? .vimStatement : nil
    }

    /// A shell statement (see `Statement`).
    static func shellStatement(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let first = line.first, Keyword.shellInitials[Int(first)] else { return nil }
        if Keyword.shellEnds.contains(where: { $0.elementsEqual(line) }) { return .shellEnd }
        for end in Keyword.shellEnds where begins(line, end) {
            // `done < list`, `done | sort`, `fi;`, `esac;;`.
            let next = line[line.startIndex + end.count]
            return next == 0x20 || next == UInt8(ascii: ";") ? .shellEnd : nil
        }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        if Keyword.shellTests.contains(where: { word($0) }) {
            return line.suffix(6).elementsEqual(Keyword.semicolonThen) || line.suffix(4).elementsEqual(Keyword.semicolonDo) ? .shellStatement : nil
        }
        if word(Keyword.forWord), contains(Keyword.spacedIn, in: line), line.suffix(4).elementsEqual(Keyword.semicolonDo) { return .shellStatement }
        if word(Keyword.caseWord), line.suffix(3).elementsEqual(Keyword.spacedIn) { return .shellStatement }
        for declaration in Keyword.shellDeclarations where word(declaration) {
            let name = line.dropFirst(declaration.count).prefix { isIdentifier($0) }
            return !name.isEmpty && line[name.endIndex...].first == UInt8(ascii: "=") ? .shellStatement : nil
        }
        if Keyword.shellOptions.contains(where: { $0.elementsEqual(line) }) { return .shellStatement }
        return nil
    }

    /// A PowerShell statement (see `Statement`): a `param(` block or `[CmdletBinding(`, a line
    /// that opens with a cmdlet's name and then an argument or nothing (`Write-Host "x"`,
    /// `Get-ChildItem -Path .`), or a function named as one (`function Get-Widget {`).
    static func isPowerShell(_ line: ArraySlice<UInt8>) -> Bool {
        if Keyword.paramBlock.contains(where: { begins(line, $0) }) || begins(line, Keyword.cmdletBinding) { return true }
        let command = begins(line, Keyword.functionWord) ? line.dropFirst(Keyword.functionWord.count) : line
        let verb = command.prefix { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
        guard let first = verb.first, (0x41...0x5A).contains(first), command[verb.endIndex...].first == UInt8(ascii: "-"),
            Keyword.powerShellVerbs.contains(String(decoding: verb, as: UTF8.self))
        else { return false }
        let noun = command[(verb.endIndex + 1)...].prefix { isIdentifier($0) }
        guard let initial = noun.first, (0x41...0x5A).contains(initial), noun.contains(where: { (0x61...0x7A).contains($0) }) else { return false }
        let rest = command[noun.endIndex...]
        if command.startIndex != line.startIndex { return rest.first == nil || [0x20, UInt8(ascii: "{"), UInt8(ascii: "(")].contains(rest.first!) }
        // A command alone, or followed by what its arguments start with: a parameter (`-Path`), a
        // string, a variable, a subexpression or a pipe; prose that names a cmdlet goes on in
        // words, and apt.conf's `Build-Essential "<LIST>"; // names` has a semicolon, which a line
        // of one PowerShell command does not.
        guard let after = rest.first else { return true }
        return after == 0x20 && !line.contains(UInt8(ascii: ";"))
            && rest.dropFirst().first.map { Keyword.powerShellArgumentOpenings.contains($0) } == true
    }

    /// Lua's function on a field or a method, with no brace: `function M.f(x)`, `function C:m()`
    /// (the Lua 5.4 reference manual, 3.4.11). `statement` asks after Vim script's statements,
    /// so Vim's scoped `function s:name(` is Vim's.
    static func isLuaFunction(_ line: ArraySlice<UInt8>) -> Bool {
        guard begins(line, Keyword.functionWord), line.last != UInt8(ascii: "{") else { return false }
        let name = line.dropFirst(Keyword.functionWord.count).prefix { isIdentifier($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") }
        return name.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") } && name.first.map(isIdentifier) == true
            && name.last.map(isIdentifier) == true && line[name.endIndex...].first == UInt8(ascii: "(")
    }

    /// A TypeScript or Slint statement (see `Statement`).
    static func typeScriptOrSlint(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let first = line.first, let last = line.last else { return nil }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        if Keyword.slint.contains(where: { word($0) }) {
            let opensGlobal = word(Keyword.exportGlobal) && last == UInt8(ascii: "{")
            return opensGlobal || contains(Keyword.inherits, in: line) || line.contains(UInt8(ascii: "<")) || line.contains(UInt8(ascii: "(")) ? .slint : nil
        }
        if word(Keyword.importType) || word(Keyword.exportInterface) { return .typeScript }
        if word(Keyword.interfaceWord), last == UInt8(ascii: "{") { return .typeScript }
        if word(Keyword.constructorWord), contains(Keyword.colonSpace, in: line) { return .typeScript }
        // name: string;  name?: number[];  private readonly id: boolean;
        guard last == UInt8(ascii: ";"), (0x61...0x7A).contains(first) || first == UInt8(ascii: "_") else { return nil }
        var rest = line.dropLast()
        for modifier in Keyword.memberModifiers where begins(rest, modifier) { rest = rest.dropFirst(modifier.count) }
        let name = rest.prefix { isIdentifier($0) }
        guard !name.isEmpty else { return nil }
        var type = rest[name.endIndex...]
        if type.first == UInt8(ascii: "?") { type = type.dropFirst() }
        guard begins(type, Keyword.colonSpace) else { return nil }
        type = type.dropFirst(2)
        if type.last == UInt8(ascii: "]"), type.dropLast().last == UInt8(ascii: "[") { type = type.dropLast(2) }
        return Keyword.typeScriptTypes.contains(where: { $0.elementsEqual(type) }) ? .typeScript : nil
    }

    /// A CSS rule's selector line or a declaration.
    static func cssStatement(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let last = line.last else { return nil }
        if last == UInt8(ascii: "{"), line.count >= 3, line[line.endIndex - 2] == 0x20 {
            return isCSSPrelude(line.dropLast(2)) ? .cssRule : nil
        }
        if last == UInt8(ascii: "}"), let open = line.firstIndex(of: UInt8(ascii: "{")), open > line.startIndex, line[open - 1] == 0x20 {
            // A whole rule: `.url { color: blue; text-decoration: underline; }`.
            let block = line[(open + 1)..<(line.endIndex - 1)]
            let declarations = block.split(separator: UInt8(ascii: ";")).map { part in
                part.drop { $0 == 0x20 || $0 == 0x09 }.reversed().drop { $0 == 0x20 || $0 == 0x09 }.reversed()
            }.filter { !$0.isEmpty }
            guard isCSSPrelude(line[..<(open - 1)]), !declarations.isEmpty,
                declarations.allSatisfy({ isCSSDeclaration(ArraySlice($0) + [UInt8(ascii: ";")]) }),
                block.last(where: { $0 != 0x20 && $0 != 0x09 }) == UInt8(ascii: ";")
            else { return nil }
            return .cssOneLineRule
        }
        return isCSSDeclaration(line) ? .cssDeclaration : nil
    }

    /// A rule's selectors (names, classes, ids, combinators, pseudo-classes, attributes; no
    /// parentheses but an at-rule's, and none of the words code opens blocks with).
    static func isCSSPrelude(_ selector: ArraySlice<UInt8>) -> Bool {
        guard let first = selector.first else { return false }
        let allowed = selector.allSatisfy { byte in
            isIdentifier(byte) || [0x20, 0x2E, 0x23, 0x3A, 0x3E, 0x2C, 0x2B, 0x7E, 0x2A, 0x5B, 0x5D, 0x3D, 0x2D].contains(byte)
        }
        // `=` only inside an attribute selector (`a[href="x"]`), never `type T = {`.
        let assigns = selector.contains(UInt8(ascii: "=")) && !selector.contains(UInt8(ascii: "["))
        return (allowed || first == UInt8(ascii: "@")) && !assigns && !Keyword.blockWords.contains(where: { begins(selector, $0) })
    }

    /// `property: value;` with the property in lower case and hyphens, not a C label or case.
    static func isCSSDeclaration(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, line.last == UInt8(ascii: ";"), (0x61...0x7A).contains(first) else { return false }
        let property = line.prefix { (0x61...0x7A).contains($0) || $0 == UInt8(ascii: "-") }
        return line[property.endIndex...].starts(with: Keyword.colonSpace) && !Keyword.labelWords.contains(where: { $0.elementsEqual(property) })
    }

    /// Whether one line (without indentation) is a module statement only JavaScript writes so.
    static func javaScriptStatement(_ line: ArraySlice<UInt8>) -> Bool {
        // m(odule), e(xport), c(onst), l(et), v(ar), i(mport), p(olkit), r(eturn): one byte rules
        // out most lines.
        guard let first = line.first, [0x6D, 0x65, 0x63, 0x6C, 0x76, 0x69, 0x70, 0x72].contains(first) else { return false }
        // polkit's rules, which polkit(8) writes in JavaScript: a rule registered with the
        // Authority's addRule or addAdminRule, a result from its Result values.
        if Keyword.polkitCalls.contains(where: { begins(line, $0) }) || begins(line, Keyword.polkitResult) { return true }
        if begins(line, Keyword.moduleExports) || begins(line, Keyword.exports) { return true }
        if Keyword.exportForms.contains(where: { begins(line, $0) }) { return true }
        if Keyword.declarations.contains(where: { begins(line, $0) }) {
            return Keyword.requireCalls.contains { contains($0, in: line) }
        }
        if begins(line, Keyword.importWord) {
            return Keyword.fromQuoted.contains { contains($0, in: line) }
        }
        return false
    }

    /// Whether a whole file, comments aside, is module statements only (`module.exports = () =>
    /// ''`, `export default x;`), and declarations of what they export (`const platform =
    /// process.platform`, ECMA-262 14.3.1): a CommonJS module of one export (Node.js's modules:
    /// "the module.exports object is created by the Module system") needs no second statement,
    /// since nothing but the statement is there.
    static func isModuleOfExports(_ body: ArraySlice<UInt8>) -> Bool {
        var statements = 0
        var other = false
        var inComment = false
        forEachTrimmedLine(body) { line in
            if inComment || begins(line, Keyword.blockCommentOpen) {
                inComment = !contains(Keyword.blockCommentClose, in: line)
                return true
            }
            if begins(line, Keyword.lineComment) { return true }
            // An assignment to the exports (`module.exports is ...` in prose is none), or an export.
            let target = line.prefix { $0 != UInt8(ascii: "=") }
            let assignsExports = target.count < line.count && target.allSatisfy { isIdentifier($0) || $0 == UInt8(ascii: ".") || $0 == 0x20 }
            if begins(line, Keyword.moduleExports) || begins(line, Keyword.exports) ? assignsExports : javaScriptStatement(line) {
                statements += 1
                return true
            }
            // A declaration: `const NAME = ...`, with let and var.
            guard let keyword = Keyword.declarations.first(where: { begins(line, $0) }) else {
                other = true
                return false
            }
            let name = line.dropFirst(keyword.count).prefix { isIdentifier($0) || $0 == UInt8(ascii: "$") }
            guard !name.isEmpty, begins(line[name.endIndex...], Keyword.spacedEquals) else {
                other = true
                return false
            }
            return true
        }
        return !other && statements >= 1
    }

    /// Whether the text is minified JavaScript: a first line of 1 KiB or more that opens as
    /// minifiers start a script (a declaration `var a=`, `let`, `const`, an immediately invoked
    /// `!function(` or `(function(`, the strict-mode directive), with ECMA-262's function
    /// expressions or arrow functions (`function(`, `=>`) and `;`-separated statements, five of
    /// each, in the sample. No line ends to count statements by, so they are counted in it.
    static func isMinifiedScript(_ body: ArraySlice<UInt8>) -> Bool {
        guard body.count >= 1024, !body.prefix(1024).contains(0x0A), Keyword.minifiedOpenings.contains(where: { begins(body, $0) }) else {
            return false
        }
        let sample = body.prefix(textPrefix)
        var functions = 0
        var semicolons = 0
        var index = sample.startIndex
        while index < sample.endIndex - 1, functions < 5 || semicolons < 5 {
            let byte = sample[index]
            if byte == UInt8(ascii: ";") {
                semicolons += 1
            } else if byte == UInt8(ascii: "="), sample[index + 1] == UInt8(ascii: ">") {
                functions += 1
            } else if byte == UInt8(ascii: "f"), begins(sample[index...], Keyword.functionOpen) {
                functions += 1
            }
            index += 1
        }
        return functions >= 5 && semicolons >= 5
    }

    /// Whether one line (without indentation) is JavaScript code only JavaScript writes so
    /// (ECMA-262: prototypes, `typeof` compared strictly, function expressions assigned or
    /// written as an object literal's methods; a function expression invoked where it is written,
    /// `(function() {` ... `})()`, 13.3; the browser's globals, `window.` and `document.`, HTML
    /// Living Standard 7.2). Not `const name = value;`: Sun RPC's language (RFC 5531) and D
    /// declare constants so too.
    static func javaScriptCode(_ line: ArraySlice<UInt8>) -> Bool {
        // The invoked function expression's opening and its closing.
        if Keyword.invokedFunctionOpenings.contains(where: { line.elementsEqual($0) }) { return true }
        if Keyword.invokedFunctionClosings.contains(where: { line.elementsEqual($0) }) { return true }
        // Statements end in `{`, `;`, `,` or `(` here; other lines are not read.
        guard let last = line.last, [UInt8(ascii: "{"), UInt8(ascii: ";"), UInt8(ascii: ","), UInt8(ascii: "(")].contains(last),
            !line.contains(UInt8(ascii: "$"))  // PHP's and Perl's variables
        else { return false }
        if contains(Keyword.prototypeMember, in: line) && (contains(Keyword.assignedFunction, in: line) || contains(Keyword.assignedObject, in: line)) {
            return true
        }
        if contains(Keyword.typeofWord, in: line) && (contains(Keyword.strictlyEqual, in: line) || contains(Keyword.strictlyUnequal, in: line)) {
            return true
        }
        // A method in an object literal (`diff: function diff(a, b) {`).
        if last == UInt8(ascii: "{"), contains(Keyword.propertyFunction, in: line) { return true }
        // `window.location.replace(...)`, `document.getElementById(...)`: a browser's globals.
        if Keyword.browserGlobals.contains(where: { begins(line, $0) }) { return true }
        return contains(Keyword.assignedFunction, in: line) || contains(Keyword.assignedFunctionTight, in: line)
    }

    enum PythonStatement { case strong, importLine }

    /// Whether the line binds a name to None (the Python Language Reference, 3.2: the null object
    /// is spelt None, which no other language checked here writes): `language = None`.
    static func bindsNone(_ line: ArraySlice<UInt8>) -> Bool {
        let suffix = Keyword.assignedNone
        guard line.count > suffix.count, line.last == suffix.last, line.suffix(suffix.count).elementsEqual(suffix) else { return false }
        return line.dropLast(suffix.count).allSatisfy { isIdentifier($0) || $0 == UInt8(ascii: ".") }
    }

    /// Whether the line annotates a name with a type as only Python writes it (PEP 526, the
    /// Python Language Reference 7.2.2: `types: dict[str, str] = {`, `count: int = 0`): a name,
    /// a colon, one of Python's built-in or typing module's types (TypeScript's are lower-case
    /// words of its own, `string`, `number`; its and Rust's generics take `<`), then a
    /// subscript, a union or the value. Not a bare `name: type` (YAML's `type: object`), nor a
    /// statement that ends in `;`.
    static func isAnnotatedAssignment(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, (0x61...0x7A).contains(first) || (0x41...0x5A).contains(first) || first == UInt8(ascii: "_"),
            line.last != UInt8(ascii: ";")
        else { return false }
        let name = line.prefix { isIdentifier($0) || $0 == UInt8(ascii: ".") }
        let annotation = line[name.endIndex...]
        guard begins(annotation, Keyword.colonSpace) else { return false }
        let type = annotation.dropFirst(2)
        guard let head = Keyword.pythonTypes.first(where: { begins(type, $0) }) else { return false }
        let after = type.dropFirst(head.count)
        return after.first == UInt8(ascii: "[") || begins(after, Keyword.unionBar) || begins(after, Keyword.spacedEquals)
    }

    /// What one line (without its indentation and trailing space) says of Python.
    static func pythonStatement(_ line: ArraySlice<UInt8>) -> PythonStatement? {
        // Most lines start with none of the keywords: one byte decides that.
        guard let first = line.first, Keyword.pythonInitials[Int(first)] else {
            return nil  // not i(f, mport), d(ef), a(sync), c(lass), f(rom), t(ry), e(xcept), _(_all__)
        }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        // The try statement (the Python Language Reference, 8.4): `try:` alone on its line, and
        // its handlers, `except:`, `except E:`, `except (E, F) as e:`. No other language checked
        // here spells a handler `except`.
        if line.elementsEqual(Keyword.tryColon) { return .strong }
        if word(Keyword.except) || line.elementsEqual(Keyword.exceptColon) {
            return line.last == UInt8(ascii: ":") && !line.contains(UInt8(ascii: ";")) && !line.contains(UInt8(ascii: "{")) ? .strong : nil
        }
        // A module's public names (the Reference, 7.11: "a variable named __all__"), a list or tuple.
        if word(Keyword.allAssigned) {
            let value = line.dropFirst(Keyword.allAssigned.count).drop { $0 == 0x20 }
            return value.first == UInt8(ascii: "[") || value.first == UInt8(ascii: "(") ? .strong : nil
        }
        // A compound statement's suite may follow its header's colon on the same line (the
        // Reference, 8: `class E(Exception): pass`); a stub's body is an ellipsis there (PEP 484:
        // `def f(x: int) -> str: ...`).
        let isOneLine = [Keyword.suitePass, Keyword.suiteEllipsis].contains { suffix in
            line.count > suffix.count && line.suffix(suffix.count).elementsEqual(suffix)
        }
        let endsWithColon = line.last == UInt8(ascii: ":") || isOneLine
        if word(Keyword.ifName) || word(Keyword.ifNameTight) { return .strong }
        if word(Keyword.def) || word(Keyword.asyncDef) {
            if endsWithColon && line.contains(UInt8(ascii: "(")) { return .strong }
            // A header whose parameters go on over the next lines, inside the parentheses (the
            // Python Language Reference, 2.1.6: implicit line joining): `def f(` or `def f(a,`.
            let name = line.dropFirst(word(Keyword.def) ? 4 : 10).prefix { isIdentifier($0) }
            let rest = line[name.endIndex...]
            let opens = rest.first == UInt8(ascii: "(") && (line.last == UInt8(ascii: "(") || line.last == UInt8(ascii: ","))
            return !name.isEmpty && opens && !line.contains(UInt8(ascii: "{")) && !line.contains(UInt8(ascii: ";")) ? .strong : nil
        }
        if word(Keyword.pythonClass) {
            // class NAME: or class NAME(BASES): — not C++'s class NAME : public BASE {.
            let name = line.dropFirst(6).prefix { isIdentifier($0) }
            guard !name.isEmpty, endsWithColon else { return nil }
            let after = line[name.endIndex...].first
            return after == UInt8(ascii: "(") || after == UInt8(ascii: ":") ? .strong : nil  // `class C: ...` too
        }
        let noPunctuation = !line.contains { [UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "=")].contains($0) }
        if word(Keyword.from), noPunctuation {
            // from MODULE import NAMES, MODULE dotted or relative (from . import x).
            let module = line.dropFirst(5).drop { $0 == 0x20 }.prefix { isIdentifier($0) || $0 == UInt8(ascii: ".") }
            return !module.isEmpty && begins(line[module.endIndex...], Keyword.spacedImport) ? .strong : nil
        }
        if word(Keyword.importWord), noPunctuation {
            let names = line.dropFirst(7)
            let allowed = names.allSatisfy { isIdentifier($0) || [UInt8(ascii: "."), UInt8(ascii: ","), 0x20].contains($0) }
            return allowed && !names.isEmpty ? .importLine : nil
        }
        return nil
    }

    /// The words the language checks look for, as bytes.
    enum Keyword {
        static let ifName = Array("if __name__ ==".utf8), ifNameTight = Array("if __name__==".utf8)
        static let def = Array("def ".utf8), asyncDef = Array("async def ".utf8), pythonClass = Array("class ".utf8)
        static let from = Array("from ".utf8), importWord = Array("import ".utf8), spacedImport = Array(" import ".utf8)
        static let tryColon = Array("try:".utf8), except = Array("except ".utf8), exceptColon = Array("except:".utf8)
        static let assignedNone = Array(" = None".utf8), allAssigned = Array("__all__ =".utf8), suitePass = Array("): pass".utf8),
            suiteEllipsis = Array(": ...".utf8)
        static let pythonInitials: [Bool] = (0..<256).map { "idacfte_".utf8.contains(UInt8($0)) }
        static let unionBar = Array(" |".utf8)
        /// Python's built-in types and the typing module's, as annotations begin with them.
        static let pythonTypes = [
            "str", "int", "float", "bool", "bytes", "complex", "dict", "list", "tuple", "set", "frozenset", "object", "Any", "Optional",
            "Union", "Callable", "ClassVar", "Final", "Literal", "Sequence", "Mapping", "Iterable", "Iterator", "Dict", "List", "Tuple",
            "Set", "Type",
        ].map { Array($0.utf8) }
        static let oldFile = Array("--- ".utf8), newFile = Array("+++ ".utf8), newFileLine = Array("\n+++ ".utf8)
        static let unifiedHunk = Array("@@ -".utf8), contextOldFile = Array("*** ".utf8), contextSeparator = Array("\n***************".utf8)
        static let minifiedOpenings = ["var ", "let ", "const ", "!function(", "(function(", "\"use strict\";", "'use strict';"].map { Array($0.utf8) }
        static let functionOpen = Array("function(".utf8)
        static let polkitCalls = ["polkit.addRule(", "polkit.addAdminRule("].map { Array($0.utf8) }
        static let polkitResult = Array("return polkit.Result.".utf8), moduleExports = Array("module.exports".utf8), exports = Array("exports.".utf8),
            typedefWord = Array("typedef ".utf8)
        /// C's basic type specifiers (C17 6.7.2) a file-scope declaration can open with, and `main(`.
        static let cBasicTypes = ["unsigned", "signed", "short", "long", "float", "double", "char", "void", "int"].map { Array($0.utf8) }
        static let mainCall = Array("main(".utf8)
        static let blockCommentOpen = Array("/*".utf8), blockCommentClose = Array("*/".utf8), lineComment = Array("//".utf8)
        static let prototypeMember = Array(".prototype".utf8), assignedObject = Array(" = {".utf8)
        static let propertyFunction = Array(": function".utf8)
        static let invokedFunctionOpenings = ["(function() {", "(function () {", "(() => {"].map { Array($0.utf8) }
        static let invokedFunctionClosings = ["})()", "})();", "}());", "}())"].map { Array($0.utf8) }
        static let browserGlobals = [Array("window.".utf8), Array("document.".utf8)]
        static let assignedFunction = Array("= function (".utf8), assignedFunctionTight = Array("= function(".utf8)
        static let typeofWord = Array("typeof ".utf8), strictlyEqual = Array(" === ".utf8), strictlyUnequal = Array(" !== ".utf8)
        static let exportForms = ["export default ", "export function ", "export const ", "export class ", "export async function "]
            .map { Array($0.utf8) }
        static let declarations = ["const ", "let ", "var "].map { Array($0.utf8) }
        static let requireCalls = ["= require('", "= require(\""].map { Array($0.utf8) }
        static let fromQuoted = [" from '", " from \""].map { Array($0.utf8) }
        static let packageWord = Array("package ".utf8), publicClass = Array("public class ".utf8)
        static let publicFinalClass = Array("public final class ".utf8), publicInterface = Array("public interface ".utf8)
        static let publicAbstractClass = Array("public abstract class ".utf8), publicEnum = Array("public enum ".utf8)
        static let override = Array("@Override".utf8), implWord = Array("impl".utf8)
        static let javaMain = Array("public static void main(String".utf8)
        static let hintWords = ["def ", "class ", "import ", "from ", "public "].map { Array($0.utf8) }
        static let pubFn = Array("pub fn ".utf8), pubStruct = Array("pub struct ".utf8)
        static let usingSystem = Array("using System".utf8), useWord = Array("use ".utf8)
        static let rustRoots = ["std::", "core::", "alloc::", "crate::", "super::", "self::"].map { Array($0.utf8) }
        static let fnWord = Array("fn ".utf8), funcWord = Array("func ".utf8), funWord = Array("fun ".utf8)
        static let derive = Array("#[derive(".utf8), letMut = Array("let mut ".utf8), namespaceWord = Array("namespace ".utf8)
        static let localFunction = Array("local function ".utf8), localWord = Array("local ".utf8), equalsSpace = Array("= ".utf8)
        static let functionWord = Array("function ".utf8)
        /// PowerShell's approved verbs (Approved Verbs for PowerShell Commands), which name its
        /// cmdlets and functions: `Get-ChildItem`, `Write-Host`.
        static let powerShellVerbs: Set<String> = [
            "Add", "Clear", "Close", "Copy", "Enter", "Exit", "Find", "Format", "Get", "Hide", "Join", "Lock", "Move", "New", "Open",
            "Optimize", "Pop", "Push", "Redo", "Remove", "Rename", "Reset", "Resize", "Search", "Select", "Set", "Show", "Skip", "Split",
            "Step", "Switch", "Undo", "Unlock", "Watch", "Connect", "Disconnect", "Read", "Receive", "Send", "Write", "Backup",
            "Checkpoint", "Compare", "Compress", "Convert", "ConvertFrom", "ConvertTo", "Dismount", "Edit", "Expand", "Export", "Group",
            "Import", "Initialize", "Limit", "Merge", "Mount", "Out", "Publish", "Restore", "Save", "Sync", "Unpublish", "Update",
            "Debug", "Measure", "Ping", "Repair", "Resolve", "Test", "Trace", "Approve", "Assert", "Build", "Complete", "Confirm", "Deny",
            "Deploy", "Disable", "Enable", "Install", "Invoke", "Register", "Request", "Restart", "Resume", "Start", "Stop", "Submit",
            "Suspend", "Uninstall", "Unregister", "Wait", "Block", "Grant", "Protect", "Revoke", "Unblock", "Unprotect", "Use",
        ]
        static let paramBlock = ["param(", "param (", "Param(", "Param ("].map { Array($0.utf8) }
        static let cmdletBinding = Array("[CmdletBinding(".utf8)
        static let powerShellArgumentOpenings = Set("-\"'$(@|".utf8)
        static let varGroup = Array("var (".utf8), constGroup = Array("const (".utf8), typeGroup = Array("type (".utf8)
        static let typeWord = Array("type ".utf8), structOpening = Array(" struct {".utf8), interfaceOpening = Array(" interface {".utf8)
        static let valWord = Array("val ".utf8), requireQuote = Array("require '".utf8), requireDoubleQuote = Array("require \"".utf8)
        static let requireRelative = Array("require_relative ".utf8), moduleWord = Array("module ".utf8), endWord = Array("end".utf8)
        static let fence = Array("```".utf8), tildeFence = Array("~~~".utf8), returnLiteral = Array("return {".utf8)
        /// reStructuredText's explicit markup start, a directive's marker, and a docstring's
        /// quotes, which no line of it starts with.
        static let explicitMarkup = Array(".. ".utf8), directiveMark = Array("::".utf8)
        static let tripleDoubleQuote = Array("\"\"\"".utf8), tripleSingleQuote = Array("'''".utf8)
        /// What explicit markup (`.. ` at a line's start) or reStructuredText's inline markup
        /// (`:role:`text``, `` `text`_ ``) leaves in text, one of which its check needs.
        static let rstMarks = [Array("\n.. ".utf8), Array(":`".utf8), Array("`_".utf8)]
        static let fortranDeclarator = Array(" :: ".utf8), fortranOnly = Array(", only".utf8)
        /// The first letters of the Fortran statements `isFortran` reads, either case, and the
        /// digits of a statement label.
        static let fortranInitials: [Bool] = (0..<256).map { byte in
            Set("pserildwuPSERILDWU0123456789".utf8).contains(UInt8(byte))
        }
        static let referenceLink = Array("]: http".utf8), strong = Array("**".utf8)
        static let rustMacros = [
            "println!(", "print!(", "eprintln!(", "eprint!(", "format!(", "vec![", "vec!(", "assert!(",
            "assert_eq!(", "assert_ne!(", "debug_assert!(", "panic!(", "macro_rules! ", "write!(", "writeln!(", "todo!(",
            "unimplemented!(", "unreachable!(", "dbg!(",
        ].map { Array($0.utf8) }
        static let rustMacroInitials = initials(rustMacros)
        static let returnType = Array("): ".utf8)
        static let visualBasicEnds = ["End Sub", "End Function", "End Module", "End Class", "End Property"].map { Array($0.utf8) }
        static let visualBasicOpeners = ["Module ", "Public Module ", "Class ", "Public Class "].map { Array($0.utf8) }
        static let visualBasicProcedures = [
            "Sub ", "Function ", "Public Sub ", "Private Sub ", "Public Function ", "Private Function ",
            "Shared Sub ", "Public Shared Sub ", "Protected Sub ", "Friend Sub ",
        ].map { Array($0.utf8) }
        static let dimWord = Array("Dim ".utf8), importsWord = Array("Imports ".utf8), spacedAs = Array(" As ".utf8)
        static let slint = [
            "export component ", "component ", "export global ", "in property <", "out property <",
            "in-out property <", "property <", "callback ",
        ].map { Array($0.utf8) }
        static let sparqlQueries = [
            "SELECT ?", "SELECT DISTINCT ?", "SELECT REDUCED ?", "SELECT * WHERE", "CONSTRUCT {",
            "CONSTRUCT WHERE", "ASK {", "ASK WHERE", "DESCRIBE ?", "DESCRIBE <",
        ].map { Array($0.utf8) }
        static let sparqlClauses = ["PREFIX ", "BASE <", "WHERE {"].map { Array($0.utf8) }
        static let sparqlPrefix = Array("PREFIX ".utf8), colonAngle = Array(": <".utf8)
        static let shellEnds = ["fi", "done", "esac"].map { Array($0.utf8) }
        static let shellTests = ["if [ ", "if [[ ", "elif [ ", "elif [[ ", "while [ ", "while [[ ", "if test ", "until [ "].map { Array($0.utf8) }
        static let semicolonThen = Array("; then".utf8), semicolonDo = Array("; do".utf8), spacedIn = Array(" in".utf8)
        static let forWord = Array("for ".utf8), caseWord = Array("case ".utf8)
        static let shellDeclarations = ["export ", "local ", "readonly "].map { Array($0.utf8) }
        static let shellOptions = ["set -e", "set -eu", "set -euo pipefail", "set -o pipefail", "set -u", "set -x", "set -ex"].map { Array($0.utf8) }
        static let shellInitials = initials(shellEnds + shellTests + [forWord, caseWord] + shellDeclarations + shellOptions)
        static let doubleColon = Array("::".utf8), noWord = Array("no ".utf8), subWord = Array("sub ".utf8)
        static let spacedQw = Array(" qw".utf8), spacedParen = Array(" (".utf8), spacedBrace = Array(" {".utf8), spacedBraceOnly = Array("{".utf8)
        static let perlAlone = ["1;", "__END__", "__DATA__"].map { Array($0.utf8) }
        static let perlPragmas = [
            "strict", "warnings", "utf8", "lib", "parent", "base", "constant", "vars", "feature", "integer",
            "overload", "bytes", "locale", "open", "subs", "bigint", "autodie", "diagnostics", "version", "experimental",
        ].map { Array($0.utf8) }
        static let perlDeclarations = ["my ", "our ", "local "].map { Array($0.utf8) }
        static let perlInitials = initials(perlAlone + [useWord, noWord, subWord] + perlDeclarations)
        static let letWord = Array("let ".utf8)
        static let vimEnds = [
            "endif", "endfunction", "endfunc", "endfun", "endwhile", "endfor", "endtry", "enddef", "finish",
            "augroup END",
        ].map { Array($0.utf8) }
        static let vimCommands = [
            "setlocal ", "syn keyword ", "syn match ", "syn region ", "syn cluster ", "syntax keyword ",
            "syntax match ", "syntax region ", "hi def link ", "hi link ", "hi! link ", "highlight ", "if exists(\"", "if !exists(\"",
            "if has(\"", "function! ", "fun! ", "function s:", "function g:", "command! ", "autocmd ", "augroup ", "scriptencoding ",
            "vim9script", "set cpo&vim", "nnoremap ", "inoremap ", "vnoremap ", "noremap ", "fun s:", "fun g:",
        ].map { Array($0.utf8) }
        static let vimInitials = initials(vimEnds + vimCommands + [letWord, [UInt8(ascii: "\"")]])

        /// For each byte, whether one of `words` starts with it: one lookup rules out most lines.
        static func initials(_ words: [[UInt8]]) -> [Bool] {
            (0..<256).map { byte in words.contains { $0.first == UInt8(byte) } }
        }
        static let inherits = Array(" inherits ".utf8), exportGlobal = Array("export global ".utf8)
        static let importType = Array("import type ".utf8), exportInterface = Array("export interface ".utf8)
        static let interfaceWord = Array("interface ".utf8), constructorWord = Array("constructor(".utf8)
        static let memberModifiers = ["private ", "public ", "protected ", "static ", "readonly ", "declare "].map { Array($0.utf8) }
        static let typeScriptTypes = ["string", "number", "boolean", "any", "unknown", "void", "never", "bigint", "symbol", "object"]
            .map { Array($0.utf8) }
        static let sqlStatements = [
            "CREATE TABLE ", "CREATE INDEX ", "CREATE VIEW ", "CREATE UNIQUE INDEX ", "INSERT INTO ",
            "ALTER TABLE ", "DROP TABLE ", "SELECT ", "DELETE FROM ", "create table ", "insert into ", "alter table ",
            // ISO/IEC 9075-2's schema statements for routines, triggers, sequences and types.
            "CREATE FUNCTION ", "CREATE OR REPLACE FUNCTION ", "CREATE PROCEDURE ", "CREATE OR REPLACE PROCEDURE ",
            "CREATE TRIGGER ", "CREATE SEQUENCE ", "CREATE SCHEMA ", "CREATE DOMAIN ", "CREATE OR REPLACE VIEW ",
            "ALTER FUNCTION ", "DROP FUNCTION ", "DROP PROCEDURE ", "DROP TRIGGER ", "DROP SEQUENCE ", "DROP VIEW ", "DROP INDEX ",
        ].map { Array($0.utf8) }
        static let sqlSelect = Array("SELECT ".utf8), sqlFrom = Array(" FROM ".utf8), colonSpace = Array(": ".utf8)
        static let blockWords = [
            "struct ", "union ", "enum ", "class ", "else", "do ", "try ", "if ", "for ", "while ", "switch ",
            "function ", "return ", "namespace ", "interface ", "impl ", "fn ", "func ", "fun ", "def ", "object ", "module ",
            "type ", "record ", "trait ", "extension ", "protocol ", "export ", "const ", "let ", "var ",
        ]
        .map { Array($0.utf8) }
        static let labelWords = ["default", "case", "public", "private", "protected", "return", "goto"].map { Array($0.utf8) }
        static let doSuffix = Array(" do".utf8), subclassArrow = Array(" < ".utf8), spacedEquals = Array(" = ".utf8)
    }
}
