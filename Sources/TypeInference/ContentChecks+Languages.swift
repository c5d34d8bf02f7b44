import UniformTypes

/// ContentChecks: the language of source text, by statements no other common language writes the same way.
extension ContentChecks {
    /// What a line (without indentation and trailing space) says of a language.
    enum Statement: Int, CaseIterable {
        /// Python: `from M import N`, `def f(...):`, `class C(...):`, `if __name__ ==`; a plain `import m`.
        case python, pythonImport
        /// JavaScript modules: `require('...')`, `import x from '...'`, `export default`, `module.exports`.
        case javaScript
        /// JavaScript code as ECMAScript 5 libraries write it: a method on a prototype
        /// (`Diff.prototype.diff = function`), a `typeof x === 'y'` test, a function expression
        /// assigned (`var f = function (`, `exports.f = function(`).
        case javaScriptCode
        /// TypeScript: a member typed with a built-in type (`name: string;`, `private id?: number;`),
        /// an interface, `import type`, a constructor with typed parameters.
        case typeScript
        /// Slint: `export component A inherits B {`, `in property <int> x`, `callback f();`.
        case slint
        /// Java: `package a.b;`, `import a.b.C;` (dotted, with the semicolon), `public class`, `@Override`;
        /// the entry point `public static void main(String[] args)` (JLS 12.1.4; C# writes `Main(string[]`).
        case javaPackage, javaImport, javaDeclaration, javaMain
        /// Go: `package name` (one word), `import "fmt"` or `import (`; Go and Swift: `func f(...)`;
        /// Go's declarations as no other language writes them: a group (`const (`, `var (`,
        /// `type (` alone on the line) or a struct or interface type (`type Point struct {`).
        case goPackage, goImport, goFunc, goDeclaration
        /// Rust: `use a::b;`, `fn f(...) {`, `pub fn`, `impl`, `#[derive(`, `let mut`, a standard
        /// macro called at a line's start (`println!(`, `vec![`, `macro_rules!`).
        case rust
        /// C#: `using System...;`, `namespace N`.
        case cSharpUsing, cSharpNamespace
        /// Kotlin: `fun f(...)`, `val x`, a dotted package; `import a.b` lines without a semicolon;
        /// a fun whose parameters are typed as only Kotlin writes them (`fun main(args: Array<String>) {`).
        case kotlinFun, kotlinValue, bareImport, kotlinTypedFun
        /// Ruby: `require 'x'`, `def f` (no colon, brace or do), `class C < D`, `module M`; and
        /// `end` alone on its line, which closes Ruby's blocks and Lua's.
        case rubyStatement, rubyEnd
        /// Lua (the Lua 5.4 reference manual, 3.3): `local function f(`, a local declaration with
        /// a value (`local x = `, spaced, which shell's `local x=` cannot be), and a function
        /// whose name is a field or a method (`function M.f(`, `function C:m(`), with no brace.
        case lua
        /// Visual Basic: `Module M`, `Sub Main()`, `Public Function F(`, `Dim x As`, `Imports System`,
        /// `End Sub`, `End Module` (capitalised as Visual Basic's editors write them).
        case visualBasic
        /// SPARQL: a query form (`SELECT ?x`, `SELECT DISTINCT ?`, `CONSTRUCT {`, `ASK {`, `DESCRIBE ?`),
        /// and the clauses around it (`PREFIX p: <...>`, `BASE <...>`, `WHERE {`).
        case sparqlQuery, sparqlClause
        /// Shell: a test opening a block (`if [ -f x ]; then`, `while [[ ... ]]; do`), a loop
        /// (`for f in *.c; do`), `case "$1" in`, `export NAME=...`, `local NAME=...`, `set -e`; the
        /// words that close blocks on lines of their own (`fi`, `done`, `esac`).
        case shellStatement, shellEnd
        /// Perl: `package A::B;`, `use strict;` (a pragma or a capitalised module), `sub name {`,
        /// `my $x` (a sigil after my, our or local), `1;` or `__END__` alone.
        case perl
        /// Vim script: `let s:x = ...` (a scope letter and a colon), `setlocal`, `syn`/`hi`, `if
        /// exists("...")`, `function!`, `autocmd`, `scriptencoding`, `vim9script`; the words that end
        /// its blocks (`endif`, `endfunction`, `finish`, ...).
        case vimStatement, vimEnd, vimComment
        /// SQL: `CREATE TABLE`, `INSERT INTO`, `SELECT ... FROM`, `ALTER TABLE`, `DROP TABLE`, the
        /// routines', triggers' and sequences' (`CREATE FUNCTION`, `CREATE TRIGGER`, ...)
        case sql
        /// PowerShell: a `param(` block, `[CmdletBinding(`, a function or a command named as
        /// cmdlets are, an approved verb, a hyphen and a capitalised noun (`function Get-Widget {`,
        /// `Write-Host "x"`: about_Functions_Advanced, Approved Verbs for PowerShell Commands).
        case powerShell
        /// Fortran (ISO/IEC 1539-1): `program NAME`, `subroutine NAME(`, `end program`, `end
        /// subroutine`, `end do`, `implicit none`, a declaration with `::` or of a list of names,
        /// `print *,`, `write (*,*)`, a `do` loop's header, a labelled `continue` or `format(`,
        /// `use NAME`; in lower or upper case, as Fortran is written.
        case fortran
        /// CSS: a selector line opening a rule (`body {`, `.a > b:hover {`), a declaration
        /// (`margin: 0;`, the property in lower case and hyphens); a whole rule on one line (`.url
        /// { color: blue; }`: CSS Syntax 3, 5.4.3: a qualified rule is a prelude and a block of
        /// declarations), which counts as both.
        case cssRule, cssDeclaration, cssOneLineRule
    }

    /// The language of source text, in one pass over the lines, by statements no other common
    /// language writes the same way (`Statement`): after each line that makes one, the first of
    /// `languageRules` that holds (Catalog/languages.json: how many statements of which kinds
    /// decide each language, in its order). A rule that reads on for narrower languages
    /// (JavaScript, whose module statements TypeScript and Slint write too) leaves the rest of
    /// the text to their rules. Guesses (weak): a text name wins over them (`.bzl`, `.sage`; a
    /// `.ts` stays TypeScript).
    static func scriptLanguage(_ body: ArraySlice<UInt8>) -> ScriptLanguage? {
        var tallies = [Int](repeating: 0, count: Tally.count)
        // A language decided whose rule reads on for narrower ones (JavaScript, for TypeScript's
        // and Slint's statements).
        var readingOn: LanguageRule?
        // nil: read on; .some(language): that is the answer (.some(nil): a quoted document).
        var answer: ScriptLanguage??
        // The delimiter of the triple-quoted string the line is in, if any, and how many bytes
        // such strings took: the sample is `textPrefix` bytes of the rest.
        var openString: [UInt8]?
        var skipped = 0
        forEachTrimmedLine(body) { line in
            if line.startIndex - body.startIndex - skipped >= textPrefix { return false }
            // A Markdown code fence: a document that quotes code, not code.
            if begins(line, Keyword.fence) {
                answer = .some(nil)
                return false
            }
            tallies[Tally.lines.index] += 1
            // Text in a triple-quoted string (Python's docstrings and literals, Swift's, Kotlin's
            // and Java's text blocks) is data, not statements: `sample = r"""` then a config file.
            if let delimiter = openString {
                if contains(delimiter, in: line) { openString = nil }
                skipped += line.count + 1
                return true
            }
            // Only a string that closes within the sample is known to be one.
            if let delimiter = tripleQuoteLeftOpen(line), contains(delimiter, in: body[line.endIndex...]) { openString = delimiter }
            switch line.last {
            case UInt8(ascii: ";"), UInt8(ascii: "}"):
                tallies[Tally.braced.index] += 1
                tallies[Tally.blocks.index] += 1
            case UInt8(ascii: "{"):
                tallies[Tally.braced.index] += 1
                // A literal opened after `=`, `(`, `[`, `,` or a key's `:` (a Python dict, nested
                // in another), or returned (`return {`), is data, not a block of statements:
                // Python's check weighs blocks, JavaScript's every brace.
                let before = line.dropLast().last { $0 != 0x20 && $0 != 0x09 }
                if ![UInt8(ascii: "="), UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: ":")].contains(before ?? 0),
                    !line.elementsEqual(Keyword.returnLiteral)
                {
                    tallies[Tally.blocks.index] += 1
                }
            default: break
            }
            guard let statement = statement(line) else { return true }
            tallies[Tally.statement(statement).index] += 1
            if let reading = readingOn {
                if let narrower = reading.narrower.first(where: { $0.holds(tallies) }) {
                    answer = narrower.language
                    return false
                }
            } else if let rule = decidingRule(tallies) {
                guard !rule.narrower.isEmpty else {
                    answer = rule.language
                    return false
                }
                readingOn = rule
            }
            return true
        }
        if let answer { return answer }
        if let readingOn { return readingOn.language }
        // Counts that grew after the last statement (a module's braced lines after its one
        // `module.exports = {`) are weighed once more at the end.
        return decidingRule(tallies)?.language
    }

    /// The delimiter (`"""` or `\'\'\'`) of a triple-quoted string that `line` opens and does not
    /// close, if any.
    static func tripleQuoteLeftOpen(_ line: ArraySlice<UInt8>) -> [UInt8]? {
        guard line.count >= 3, line.contains(UInt8(ascii: "\"")) || line.contains(UInt8(ascii: "'")) else { return nil }
        var index = line.startIndex
        var open: UInt8?
        while index + 2 < line.endIndex {
            let byte = line[index]
            if (byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")) && line[index + 1] == byte && line[index + 2] == byte
                && (open == nil || open == byte)
            {
                open = open == nil ? byte : nil
                index += 3
            } else {
                index += 1
            }
        }
        return open.map { [$0, $0, $0] }
    }

    /// Calls `body` with each non-empty line of `text`, without its indentation and trailing
    /// blanks, until it returns false.
    static func forEachTrimmedLine(_ text: ArraySlice<UInt8>, _ body: (ArraySlice<UInt8>) -> Bool) {
        var start = text.startIndex
        while start < text.endIndex {
            let end = text[start...].firstIndex(of: 0x0A) ?? text.endIndex
            var first = start
            while first < end, text[first] == 0x20 || text[first] == 0x09 { first += 1 }
            var last = end
            while last > first, [0x20, 0x09, 0x0D].contains(text[last - 1]) { last -= 1 }
            if first < last, !body(text[first..<last]) { return }
            start = end + 1
        }
    }

    /// The language one statement or more points to where the statements are too few to decide
    /// it (for text `text(_:encoding:isComplete:)` found nothing in, so `scriptLanguage` gave
    /// nil): Python by a def or class line or an import, Java by its entry point or a public
    /// class. A hint only, to be corroborated by other evidence.
    static func languageHint(_ body: ArraySlice<UInt8>) -> ScriptLanguage? {
        // The statements it counts all hold one of these words: text without them is not read.
        guard Keyword.hintWords.contains(where: { contains($0, in: body) }) else { return nil }
        var python = 0
        var java = 0
        var other = 0
        forEachTrimmedLine(body) { line in
            // A comment (`# ...`) says nothing of the language.
            guard !line.starts(with: [UInt8(ascii: "#"), 0x20]), let statement = statement(line) else { return true }
            switch statement {
            case .python, .pythonImport: python += 1
            case .javaMain, .javaDeclaration, .javaPackage, .javaImport: java += 1
            default: other += 1
            }
            return true
        }
        guard other == 0 else { return nil }
        if python > 0 && java == 0 { return .python }
        if java > 0 && python == 0 { return .java }
        return nil
    }

    /// What a language rule counts: lines that make a statement of a kind (`Statement`), lines
    /// ending like C (`;`, `{`, `}`: braced), those that open or close a block of statements
    /// rather than a literal (blocks), and the lines read.
    enum Tally: Hashable {
        case statement(Statement)
        case braced, blocks, lines

        /// Where the tally is kept in `scriptLanguage`'s array.
        var index: Int {
            switch self {
            case .statement(let statement): statement.rawValue
            case .braced: Statement.allCases.count
            case .blocks: Statement.allCases.count + 1
            case .lines: Statement.allCases.count + 2
            }
        }

        static let count = Statement.allCases.count + 3
    }

    /// One condition of a language rule: a sum of tallies, multiplied, compared with a number or
    /// with another sum (Catalog/languages.json).
    struct LanguageCondition: Sendable {
        enum Comparison: Sendable { case atLeast, atMost, below }

        let sum: [Int]
        let times: Int
        let comparison: Comparison
        let bound: Int
        let boundSum: [Int]

        init(_ sum: [Tally], times: Int = 1, _ comparison: Comparison, _ bound: Int) {
            self.sum = sum.map(\.index)
            self.times = times
            self.comparison = comparison
            self.bound = bound
            boundSum = []
        }

        init(_ sum: [Tally], times: Int = 1, _ comparison: Comparison, _ boundSum: [Tally]) {
            self.sum = sum.map(\.index)
            self.times = times
            self.comparison = comparison
            bound = 0
            self.boundSum = boundSum.map(\.index)
        }

        func holds(_ tallies: [Int]) -> Bool {
            var left = 0
            for index in sum { left += tallies[index] }
            var right = bound
            for index in boundSum { right += tallies[index] }
            switch comparison {
            case .atLeast: return times * left >= right
            case .atMost: return times * left <= right
            case .below: return times * left < right
            }
        }
    }

    /// A language and when its statements decide it: any one of the alternatives, each a list of
    /// conditions that must all hold; the languages whose rules are read on for once it holds
    /// (TypeScript and Slint write JavaScript's module statements).
    struct LanguageRule: Sendable {
        let language: ScriptLanguage
        let alternatives: [[LanguageCondition]]
        let narrower: [LanguageRule]

        init(_ language: ScriptLanguage, _ alternatives: [[LanguageCondition]], narrower: [LanguageRule] = []) {
            self.language = language
            self.alternatives = alternatives
            self.narrower = narrower
        }

        func holds(_ tallies: [Int]) -> Bool {
            alternatives.contains { conditions in conditions.allSatisfy { $0.holds(tallies) } }
        }
    }

    /// The rule of the language the counts so far make certain, if any: the first of
    /// `languageRules` (Catalog/languages.json, in its order) one of whose alternatives holds.
    static func decidingRule(_ tallies: [Int]) -> LanguageRule? {
        languageRules.first { $0.holds(tallies) }
    }

    /// What one line says, by its first byte and then its first words.
    static func statement(_ line: ArraySlice<UInt8>) -> Statement? {
        guard let first = line.first else { return nil }
        func word(_ bytes: [UInt8]) -> Bool { begins(line, bytes) }
        let endsWithSemicolon = line.last == UInt8(ascii: ";")
        if bindsNone(line) || isAnnotatedAssignment(line) { return .python }
        if Keyword.pythonInitials[Int(first)] {
            switch pythonStatement(line) {
            case .strong: return .python
            case .importLine:
                return word(Keyword.importWord) && line.contains(UInt8(ascii: ".")) && !line.contains(UInt8(ascii: ",")) ? .bareImport : .pythonImport
            case nil: break
            }
        }
        if javaScriptStatement(line) { return .javaScript }
        if javaScriptCode(line) { return .javaScriptCode }
        switch first {
        case UInt8(ascii: "p"):
            if word(Keyword.packageWord) {
                let name = line.dropFirst(8)
                // Perl's package A::B; (Java's are dotted).
                if endsWithSemicolon, contains(Keyword.doubleColon, in: name) { return .perl }
                if endsWithSemicolon {
                    let dotted = name.dropLast()
                    return dotted.contains(UInt8(ascii: ".")) && dotted.allSatisfy { isIdentifier($0) || $0 == UInt8(ascii: ".") } ? .javaPackage : nil
                }
                if name.allSatisfy(isIdentifier) { return .goPackage }
                return name.allSatisfy { isIdentifier($0) || $0 == UInt8(ascii: ".") } ? .kotlinValue : nil
            }
            if begins(line, Keyword.javaMain) { return .javaMain }
            if word(Keyword.publicClass) || word(Keyword.publicFinalClass) || word(Keyword.publicInterface)
                || word(Keyword.publicAbstractClass) || word(Keyword.publicEnum)
            {
                return .javaDeclaration
            }
            if word(Keyword.pubFn) || word(Keyword.pubStruct) { return .rust }
        case UInt8(ascii: "@"):
            if word(Keyword.override) { return .javaDeclaration }
        case UInt8(ascii: "i"):
            if word(Keyword.importWord) {
                let rest = line.dropFirst(7)
                if rest.first == UInt8(ascii: "\"") || rest.first == UInt8(ascii: "(") { return .goImport }
                let path = rest.dropLast()
                if endsWithSemicolon, path.contains(UInt8(ascii: ".")),
                    path.allSatisfy({ isIdentifier($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "*") || $0 == 0x20 })
                {
                    return .javaImport
                }
            }
            if word(Keyword.implWord) && line.last == UInt8(ascii: "{") { return .rust }
        case UInt8(ascii: "u"):
            if word(Keyword.usingSystem) && endsWithSemicolon { return .cSharpUsing }
            // Rust's own crates (Perl's `use File::Spec;` looks the same otherwise).
            if word(Keyword.useWord) && endsWithSemicolon && Keyword.rustRoots.contains(where: { begins(line.dropFirst(4), $0) }) { return .rust }
        case UInt8(ascii: "f"):
            if word(Keyword.fnWord) && line.contains(UInt8(ascii: "(")) { return .rust }
            if word(Keyword.funcWord) && line.contains(UInt8(ascii: "(")) { return .goFunc }
            // Kotlin's fun NAME(...) { or = ...; not Vim's `fun s:name(...)` (no brace, a colon or # in the name).
            if word(Keyword.funWord) {
                let name = line.dropFirst(4).prefix { isIdentifier($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }
                let opens = line[name.endIndex...].first == UInt8(ascii: "(")
                if !name.isEmpty, opens, line.last == UInt8(ascii: "{") || contains(Keyword.spacedEquals, in: line) {
                    // Parameters typed with a generic Kotlin type (`args: Array<String>`), or a
                    // return type after the parameters (`): Int {`).
                    let typed = contains(Keyword.colonSpace, in: line) && (line.contains(UInt8(ascii: "<")) || contains(Keyword.returnType, in: line))
                    return typed ? .kotlinTypedFun : .kotlinFun
                }
            }
        case UInt8(ascii: "#"):
            if word(Keyword.derive) { return .rust }
        case UInt8(ascii: "l"):
            if word(Keyword.letMut) { return .rust }
            if word(Keyword.localFunction) { return .lua }
            if word(Keyword.localWord) {
                // A name list, then ` = ` (Lua's attribs, `<const>`, `<close>`, may follow a name).
                let names = line.dropFirst(6).prefix {
                    isIdentifier($0) || $0 == UInt8(ascii: ",") || $0 == 0x20 || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                }
                if !names.isEmpty, names.last == 0x20, line[names.endIndex...].starts(with: Keyword.equalsSpace) { return .lua }
            }
        case UInt8(ascii: "n"):
            if word(Keyword.namespaceWord) { return .cSharpNamespace }
        case UInt8(ascii: "v"):
            if word(Keyword.valWord) { return .kotlinValue }
            if line.elementsEqual(Keyword.varGroup) { return .goDeclaration }
        case UInt8(ascii: "c"):
            if line.elementsEqual(Keyword.constGroup) { return .goDeclaration }
        case UInt8(ascii: "t"):
            if line.elementsEqual(Keyword.typeGroup) || isGoStructOrInterface(line) { return .goDeclaration }
        case UInt8(ascii: "r"):
            if word(Keyword.requireQuote) || word(Keyword.requireDoubleQuote) || word(Keyword.requireRelative) { return .rubyStatement }
        case UInt8(ascii: "m"):
            if word(Keyword.moduleWord), line.dropFirst(7).allSatisfy({ isIdentifier($0) || $0 == UInt8(ascii: ":") }), line.count > 7 {
                return .rubyStatement
            }
        case UInt8(ascii: "e"):
            if line.count == 3 && word(Keyword.endWord) { return .rubyEnd }
        default: break
        }
        if Keyword.rustMacroInitials[Int(first)], Keyword.rustMacros.contains(where: { word($0) }) { return .rust }
        if isPowerShell(line) { return .powerShell }
        if let shell = shellStatement(line) { return shell }
        if isPerl(line) { return .perl }
        if let vim = vimStatement(line) { return vim }
        // After Vim's, whose `function s:name(` is its own.
        if isLuaFunction(line) { return .lua }
        if (0x41...0x5A).contains(first) {
            if Keyword.sparqlQueries.contains(where: { word($0) }) { return .sparqlQuery }
            if Keyword.sparqlClauses.contains(where: { word($0) }) {
                return !word(Keyword.sparqlPrefix) || contains(Keyword.colonAngle, in: line) ? .sparqlClause : nil
            }
            if isVisualBasic(line) { return .visualBasic }
        }
        if let statement = typeScriptOrSlint(line) { return statement }
        // Ruby's def and class, after Python's (which end with a colon) had their chance.
        // Ruby's methods are lower case (`def initialize`, `def self.build`); Vim9's `def Name()` is not.
        if word(Keyword.def), let last = line.last, last != UInt8(ascii: ":"), last != UInt8(ascii: "{"), !line.suffix(3).elementsEqual(Keyword.doSuffix),
            let initial = line.dropFirst(4).first, (0x61...0x7A).contains(initial) || initial == UInt8(ascii: "_")
        {
            return .rubyStatement
        }
        if word(Keyword.pythonClass), contains(Keyword.subclassArrow, in: line) { return .rubyStatement }
        if Keyword.sqlStatements.contains(where: { word($0) }) {
            // SELECT needs its FROM on the line, as queries written on one line have.
            return !word(Keyword.sqlSelect) || contains(Keyword.sqlFrom, in: line) ? .sql : nil
        }
        if isFortran(line) { return .fortran }
        return cssStatement(line)
    }

    /// Go's struct or interface type declaration (the Go specification, Type declarations):
    /// `type Name struct {` or `type Name interface {`, with type parameters or not (`type
    /// List[T any] struct {`).
    static func isGoStructOrInterface(_ line: ArraySlice<UInt8>) -> Bool {
        guard begins(line, Keyword.typeWord), line.last == UInt8(ascii: "{") else { return false }
        let name = line.dropFirst(Keyword.typeWord.count).prefix(while: isIdentifier)
        guard !name.isEmpty else { return false }
        var rest = line[name.endIndex...]
        if rest.first == UInt8(ascii: "[") {
            guard let close = rest.firstIndex(of: UInt8(ascii: "]")) else { return false }
            rest = rest[(close + 1)...]
        }
        return rest.elementsEqual(Keyword.structOpening) || rest.elementsEqual(Keyword.interfaceOpening)
    }

    /// C, C++ or Objective-C source or header, by its first line after comments being a
    /// preprocessor directive (`#include`, `#ifndef`, `#define`, `#pragma`, `#if`, `#import`), or a
    /// one-line typedef and then one, or file-scope declarations and then `main`'s definition; a
    /// header when it opens with an include guard (`#ifndef X` then `#define X`) or `#pragma once`;
    /// C++ when it uses what only C++ has (`namespace`, `template<`, `std::`, `public:`),
    /// Objective-C when it imports or declares an `@interface`. A guess (weak), as libmagic's
    /// was: a text name wins over it.
    static func cFamily(_ body: ArraySlice<UInt8>) -> (String, String)? {
        guard let code = afterComments(body) else { return nil }
        guard let (name, operands) = directive(code) ?? typedefThenDirective(code) ?? declarationsThenMain(code) else { return nil }
        func has(_ text: String) -> Bool { contains(Array(text.utf8), in: code) }
        let isHeader: Bool = {
            if name == "pragma", operands.starts(with: "once".utf8) { return true }
            guard name == "ifndef" else { return false }
            let guardName = operands.prefix { isIdentifier($0) }
            let next = operands[guardName.endIndex...].drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
            guard let (nextName, nextOperands) = directive(next), nextName == "define" else { return false }
            return !guardName.isEmpty && nextOperands.starts(with: guardName)
        }()
        if name == "import" || has("\n@interface ") || has("\n@implementation ") {
            return ("public.objective-c-source", "Objective-C source")
        }
        if has("\nnamespace ") || has("template<") || has("template <") || has("std::") || has("\npublic:") || has("#include <iostream>") {
            return isHeader ? ("public.c-plus-plus-header", "C++ header") : ("public.c-plus-plus-source", "C++ source")
        }
        return isHeader ? ("public.c-header", "C header") : ("public.c-source", "C source")
    }

    /// A C-family file that opens with a type definition (C17 6.7.8: `typedef void *handle_t;`,
    /// on one line) and has a preprocessing directive on the next line of code: the directive.
    static func typedefThenDirective(_ code: ArraySlice<UInt8>) -> (name: String, operands: ArraySlice<UInt8>)? {
        guard begins(code, Keyword.typedefWord) else { return nil }
        let line = code.prefix { $0 != 0x0A }
        guard line.last(where: { $0 != 0x20 && $0 != 0x0D }) == UInt8(ascii: ";"), !line.contains(UInt8(ascii: "=")) else { return nil }
        let next = code[line.endIndex...].drop { [0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return directive(next)
    }

    /// A program with no directives that opens with file-scope declarations of a basic type (C17
    /// 6.7: `char*M,A,Z,E=40,J[40];`, a type keyword, declarators, `;`) followed by the definition
    /// of `main` (5.1.2.2.1), with or without its return type: `main(C){`, `int main(void) {`.
    /// Two external definitions in a row, as C's grammar has them (6.9); the operands are empty.
    static func declarationsThenMain(_ code: ArraySlice<UInt8>) -> (name: String, operands: ArraySlice<UInt8>)? {
        let blank: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        func afterTypeKeyword(_ text: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
            for keyword in Keyword.cBasicTypes where text.starts(with: keyword) {
                let rest = text.dropFirst(keyword.count)
                if let next = rest.first, next == UInt8(ascii: "*") || blank.contains(next) { return rest.drop { blank.contains($0) } }
            }
            return nil
        }
        let declarator = Set("*,=[]()_ \t".utf8).union(UInt8(ascii: "0")...UInt8(ascii: "9"))
        var rest = code.prefix(1024)
        var declarations = 0
        while let afterType = afterTypeKeyword(rest) {
            let list = afterType.prefix { $0 != UInt8(ascii: ";") }
            guard list.endIndex < afterType.endIndex, !list.isEmpty,
                list.allSatisfy({ isIdentifier($0) || declarator.contains($0) || blank.contains($0) })
            else { break }
            declarations += 1
            rest = afterType[(list.endIndex + 1)...].drop { blank.contains($0) }
        }
        guard declarations > 0 else { return nil }
        let definition = (afterTypeKeyword(rest) ?? rest).drop { $0 == UInt8(ascii: "*") || blank.contains($0) }
        guard definition.starts(with: Keyword.mainCall) else { return nil }
        let parameters = definition.dropFirst(Keyword.mainCall.count).prefix { $0 != UInt8(ascii: ")") }
        guard !parameters.contains(where: { [UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "(")].contains($0) }) else { return nil }
        let body = definition[parameters.endIndex...].dropFirst().drop { blank.contains($0) }
        guard body.first == UInt8(ascii: "{") else { return nil }
        return ("main", code[code.startIndex..<code.startIndex])
    }

    /// The preprocessing directive `text` opens with, one a C-family file can open with, and its
    /// operands: `#`, the directive's name, then spaces or horizontal tabs (C17 6.10: `#ifndef\tX`
    /// is as good as `#ifndef X`), or a header name straight after `include` and `import`.
    static func directive(_ text: ArraySlice<UInt8>) -> (name: String, operands: ArraySlice<UInt8>)? {
        guard text.first == UInt8(ascii: "#") else { return nil }
        let word = text.dropFirst().prefix { (0x61...0x7A).contains($0) }
        let name = String(decoding: word, as: UTF8.self)
        let rest = text[word.endIndex...]
        let operands = rest.drop { $0 == 0x20 || $0 == 0x09 }
        let headerName = operands.first == UInt8(ascii: "<") || operands.first == UInt8(ascii: "\"")
        switch name {
        case "include", "import": return headerName ? (name, operands) : nil
        case "ifndef", "ifdef", "define", "undef", "pragma", "if", "warning", "error":
            // A space or tab after the name, then an operand on the same line.
            guard operands.startIndex > rest.startIndex, let first = operands.first, first != 0x0A, first != 0x0D else { return nil }
            return (name, operands)
        default: return nil
        }
    }

    /// Whether the text's first statement, after comments, is JavaScript's strict-mode directive
    /// (ECMA-262, 11.2.1): the string literal `'use strict'` or `"use strict"`. Perl's pragma is a
    /// bare word (`use strict;`), which shared-mime-info's Perl rule also matches anywhere.
    static func startsWithStrictDirective(_ body: ArraySlice<UInt8>) -> Bool {
        guard let rest = afterComments(body) else { return false }
        for quote in ["'", "\""] where rest.starts(with: "\(quote)use strict\(quote)".utf8) {
            let after = rest.dropFirst(12).first
            return after == nil || after == UInt8(ascii: ";") || after == 0x0A || after == 0x0D
        }
        return false
    }

    /// The text after leading white space and C-style comments (`//` lines, `/* ... */` blocks);
    /// nil when a block comment does not end.
    static func afterComments(_ body: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var index = body.startIndex
        while index < body.endIndex {
            let rest = body[index...]
            if [0x20, 0x09, 0x0A, 0x0D].contains(body[index]) {
                index += 1
            } else if rest.starts(with: "//".utf8) {
                index = rest.firstIndex(of: 0x0A) ?? body.endIndex
            } else if rest.starts(with: "/*".utf8) {
                guard let end = rest.dropFirst(2).indices.first(where: { rest[$0...].starts(with: "*/".utf8) }) else { return nil }
                index = end + 2
            } else {
                break
            }
        }
        return body[index...]
    }
}
