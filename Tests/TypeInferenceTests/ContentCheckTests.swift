import Foundation
import Testing
import UTITestSupport
import UniformTypes

@_spi(Fuzzing) @testable import TypeInference

@Suite struct ContentCheckTests {
    @Test(arguments: [
        ("#!/usr/bin/env python3\n", "public.python-script"), ("#!/bin/bash\n", "public.bash-script"),
        ("#!/usr/bin/env -S node --flag\n", "com.netscape.javascript-source"), ("#! /bin/sh\n", "public.shell-script"),
        ("#!/usr/bin/perl -w\n", "public.perl-script"), ("#!/usr/bin/python3.12\n", "public.python-script"),
        ("#!/usr/bin/env ruby\n", "public.ruby-script"), ("#!/opt/weird/interp\n", "public.script"),
        ("#!/usr/bin/python2.7\n", "org.python.python2-script"), ("#!/usr/bin/env python2\n", "org.python.python2-script"),
        ("#!/usr/bin/python3\n", "public.python-script"),
    ])
    func shebangs(line: String, identifier: String) {
        #expect(ContentChecks.text(Array(line.utf8), encoding: "us-ascii", isComplete: true)?.0 == identifier)
    }

    @Test(arguments: [
        ("{\"a\": [1, 2.5e3, true, null, \"x\\\"y\"]}", "public.json"),
        ("[1, 2, 3]", "public.json"),
        ("{\"a\": 1}\n{\"a\": 2}\n", "public.ndjson"),
        (
            "<?xml version=\"1.0\"?>\n<!DOCTYPE plist PUBLIC \"-//Apple//DTD PLIST 1.0//EN\" \"x\">\n<plist version=\"1.0\"><dict/></plist>",
            "com.apple.xml-property-list"
        ),
        ("<?xml version=\"1.0\"?>\n<!-- a comment -->\n<svg:svg xmlns:svg=\"http://www.w3.org/2000/svg\"/>", "public.svg-image"),
        ("<!DOCTYPE html><title>x</title>", "public.html"),
        ("<?xml version=\"1.0\"?><note/>", "public.xml"),
        ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<html>\n  <head><title>x</title></head>\n</html>\n", "public.xhtml"),
        ("-----BEGIN CERTIFICATE-----\nMIIB\n", "org.ietf.pem-certificate"),
        ("-----BEGIN EC PRIVATE KEY-----\nMHc\n", "org.ietf.pem-private-key"),
        ("-----BEGIN PUBLIC KEY-----\nMFk\n", "org.ietf.pem-public-key"),
        ("BEGIN:VCARD\r\nVERSION:3.0\r\n", "public.vcard"),
        ("1\n00:00:01,000 --> 00:00:02,000\nHi\n", "com.subrip.srt"),
        ("a,b\n1,2\n", "public.comma-separated-values-text"),
        ("id,note\n1,%PDF-1.7 in a cell\n", "public.comma-separated-values-text"),
        ("a\tb\n1\t2\n", "public.tab-separated-values-text"),
        ("/* License. */\n// more\n'use strict';\nconst a = 1;\n", "com.netscape.javascript-source"),
        ("\"use strict\"\nexport default 1\n", "com.netscape.javascript-source"),
        ("<html>\n<body>\n<?php echo 'Test'; ?>\n</body>\n</html>\n", "public.php-script"),
        ("<html>\n<body><pre>&lt;?php echo 1; ?&gt;</pre></body>\n</html>\n", "public.html"),
    ])
    func textFormats(text: String, identifier: String) {
        #expect(ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true)?.0 == identifier)
    }

    @Test(arguments: [
        "{not json}", "{\"a\": 1,,}", "[1 2]", "Hello, world.\nJust prose, with commas.\n",
        "int x = f(a, b);\nint y = g(c, d);\n", "plain words\n",
        "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBF\n",
    ])
    func notMistakenForAFormat(text: String) {
        let found = ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true)?.0
        #expect(found != "public.json" && found != "public.comma-separated-values-text" && found != "public.ndjson")
        #expect(found?.hasPrefix("org.ietf.pem") != true)
    }

    /// Python source without a #! line, by statements only Python writes that way; a guess a
    /// text name may override.
    @Test(arguments: [
        "import os\n\ndef main():\n    print(os.getcwd())\n",
        "from __future__ import annotations\nfrom . import util\n",
        "\"\"\"Docs.\"\"\"\nclass Point:\n    x: int\n\nclass Line(Shape):\n    pass\n",
        "import sys\nif __name__ == \"__main__\":\n    sys.exit(0)\n",
        "async def fetch(url) -> bytes:\n    return b''\ndef close():\n    pass\n",
    ])
    func pythonWithoutAShebang(text: String) {
        let found = ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true)
        #expect(found?.0 == "public.python-script")
        #expect(found?.2 == true, "a guess")
    }

    @Test(arguments: [
        "import React from 'react';\nimport { x } from \"y\";\nclass App extends Component {\n}\n",  // JavaScript
        "import java.util.List;\nimport java.util.Map;\nclass A {\n}\n",  // Java
        "import kotlin.math.PI\nimport kotlin.io.println\nfun main() {\n}\n",  // Kotlin
        "class Foo : public Bar {\n};\nclass Baz;\n",  // C++
        "def greet(name)\n  puts name\nend\nclass Dog < Animal\nend\n",  // Ruby
        "A sentence that says def and class:\nand from here import nothing.\n",  // prose
        "Example:\n\n    def f(x):\n        return x\n\nThat is all.\n",  // one def in a document
    ])
    func notPython(text: String) {
        #expect(ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true)?.0 != "public.python-script")
    }

    /// C-family source by its first directive after comments; headers by an include guard or
    /// `#pragma once`; C++ and Objective-C by what only they write. Guesses a name overrides.
    @Test(arguments: [
        ("/* License. */\n#ifndef POINT_H\n#define POINT_H\nstruct point { int x, y; };\n#endif\n", "public.c-header"),
        ("// util\n#include <stdio.h>\nint main(void) { return 0; }\n", "public.c-source"),
        ("#pragma once\nnamespace geo {\ntemplate <typename T> struct P { T x; };\n}\n", "public.c-plus-plus-header"),
        ("#include <iostream>\nint main() { std::cout << 1; }\n", "public.c-plus-plus-source"),
        ("#import <Foundation/Foundation.h>\n@interface A : NSObject\n@end\n", "public.objective-c-source"),
        ("const fs = require('fs')\nconst path = require(\"path\")\n", "com.netscape.javascript-source"),
        ("import React from 'react';\nexport default function App() {\n  return null;\n}\n", "com.netscape.javascript-source"),
        ("const add = (a, b) => {\n  return a + b;\n};\nmodule.exports = add\n", "com.netscape.javascript-source"),
    ])
    func cFamilyAndJavaScriptByTheirStatements(text: String, identifier: String) {
        let found = ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true)
        #expect(found?.0 == identifier)
        #expect(found?.2 == true, "a guess")
    }

    @Test(arguments: [
        "# include this line in the notes\n#define nothing\n",  // a shell-style comment first
        "Release notes\n#include <stdio.h> is needed.\n",  // prose before the directive
        "local json = require(\"json\")\nlocal x = 1\n",  // Lua
        "require 'json'\nputs JSON.generate({})\n",  // Ruby
        "import os\nimport sys\n",  // Python imports alone
    ])
    func notCFamilyOrJavaScript(text: String) {
        let found = ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true)?.0
        #expect(found?.hasPrefix("public.c") != true && found?.hasPrefix("public.objective-c") != true)
        #expect(found != "com.netscape.javascript-source")
    }

    /// ELF kinds by e_type, read in the byte order the header gives; a shared object is a PIE
    /// when its dynamic section says DF_1_PIE.
    @Test func elfKindsFromTheHeader() {
        func header(bigEndian: Bool, is64: Bool, type: UInt16) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: 64)
            bytes[0...3] = [0x7F, 0x45, 0x4C, 0x46]
            bytes[4] = is64 ? 2 : 1
            bytes[5] = bigEndian ? 2 : 1
            bytes[16] = bigEndian ? UInt8(type >> 8) : UInt8(type & 0xFF)
            bytes[17] = bigEndian ? UInt8(type & 0xFF) : UInt8(type >> 8)
            return bytes
        }
        #expect(ContentChecks.elfMIMEType(header(bigEndian: true, is64: false, type: 2)) == "application/x-executable")
        #expect(ContentChecks.elfMIMEType(header(bigEndian: false, is64: true, type: 1)) == "application/x-object")
        #expect(ContentChecks.elfMIMEType(header(bigEndian: false, is64: true, type: 4)) == "application/x-coredump")
        #expect(ContentChecks.elfMIMEType(header(bigEndian: false, is64: true, type: 3)) == "application/x-sharedlib")
        // One PT_DYNAMIC program header (64-bit, little-endian) whose section holds DT_FLAGS_1 = DF_1_PIE.
        var pie = header(bigEndian: false, is64: true, type: 3) + [UInt8](repeating: 0, count: 56 + 32)
        pie[32] = 64
        pie[54] = 56
        pie[56] = 1  // e_phoff, e_phentsize, e_phnum
        pie[64] = 2  // p_type PT_DYNAMIC
        pie[72] = 120
        pie[96] = 32  // p_offset, p_filesz
        pie[120...127] = [0xFB, 0xFF, 0xFF, 0x6F, 0, 0, 0, 0]  // DT_FLAGS_1
        pie[128...135] = [0, 0, 0, 0x08, 0, 0, 0, 0]  // DF_1_PIE
        #expect(ContentChecks.elfMIMEType(pie) == "application/x-pie-executable")
        #expect(ContentChecks.elfMIMEType(Array("not an elf file at all, just some text here and more".utf8)) == nil)
    }

    /// Markdown and todo.txt, which the languages' statements must not take (the languages' own
    /// samples are Catalog/languages.json's examples, read by LanguageRuleTests).
    @Test(arguments: [
        ("# Install\n\nSee [the guide](https://example.org/guide).\n\n```sh\nmake install\n```\n", "net.daringfireball.markdown"),
        // Markdown quoting code is Markdown, not the code.
        ("# API\n\n```js\nconst fs = require('fs')\nconst path = require('path')\n```\n", "net.daringfireball.markdown"),
        ("Usage\n=====\n\nRun it with **care**, as the [manual](man.html) says.\n", "net.daringfireball.markdown"),
        ("(A) Call Mom @Phone +Family\n(B) Outline chapter 5 +Novel\nPick up milk\n", "com.todotxt.todo-list"),
        ("x 2026-11-20 Pay the bill @Home\n(C) Water the plants\n", "com.todotxt.todo-list"),
    ])
    func markdownAndTodoListsBesideTheLanguages(text: String, identifier: String) {
        let found = ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true)
        #expect(found?.0 == identifier)
        #expect(found?.2 == true, "a guess")
    }

    @Test(arguments: [
        "defmodule Hello do\n  def world do\n    :ok\n  end\nend\n",  // Elixir
        "# Title\n\nSome *text*.\n\n- item\n",  // Markdown
        "switch (x) {\n  case 1: y = 2;\n  default: break;\n}\nstruct point {\n};\nunion u {\n};\n",  // C
        "Select the rows you want.\nSELECT is the statement that reads them.\n",  // prose about SQL
        "Module 3 covers the basics.\nFunction keys are described below.\nDim the lights.\n",  // prose, capitalised
        "fun f(x) {\n  return x\n}\nprint(\"done!\")\n",  // one untyped fun
        "# Build the tree\nx=`pwd`\ncp [a-z]*.c \"$x\"\n",  // a shell script's comment
        "=====\n= Tutor =\n=====\n~~~~~~~~~~~~~~~~~~~~\n  ** Press  i  to insert. **\n",  // rulers, no Markdown
        "# highlighting rules\nkeyword = '^[[:blank:]](a|b)(?=\\()'\nnumber = '[0-9]+(x)?'\n",  // regular expressions
        "To rename them all:\n\n\tfor file in *.txt; do\n\t  mv \"$file\" x\n\tdone\n\nThat is all.\n",  // one example loop in prose
        "use serde::Serialize;\nuse tokio::runtime;\n",  // Rust crates, lower case
        "fun main(args: Array<String>) {\n    println(\"Hello\")\n}\n",  // one Kotlin statement: two decide, for every language
        // Vim help quoting commands
        "*usr_05.txt*\tFor Vim version 9.0.\n\nYour settings\n\nVim can be tuned to work the way you like.\nThis chapter shows how.\n"
            + "Settings live in a file read at start.\nIt is called the vimrc.\nPut this in your vimrc:\n\n\tlet g:x = 1\n\tsetlocal ts=4\n\nThat is all.\n",
        "local count=0\nfor i = 1, 10 do\n  count = count + i\nend\n",  // Lua
        "PREFIX ex: <http://example.org/>\nex:a ex:b ex:c .\n",  // Turtle: no query
        "(A) The term covers goods.\n(B) The term covers services.\n",  // lettered clauses, no tags
        "(A) first + second\n(B) a @ b\n",  // signs that tag nothing
    ])
    func notALanguageTheyResemble(text: String) {
        #expect(ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true) == nil)
    }

    @Test func truncatedJSONPrefixCountsWhenTheFileGoesOn() {
        let prefix = Array("{\"items\": [1, 2, 3, 4".utf8)
        #expect(ContentChecks.text(prefix, encoding: "us-ascii", isComplete: false)?.0 == "public.json")
        #expect(ContentChecks.text(prefix, encoding: "us-ascii", isComplete: true)?.0 != "public.json")
    }

    @Test func utf16WithoutByteOrderMark() {
        let little = Array("Plain words in UTF-16.".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(TextEncodings.bomlessUTF16(little) == "utf-16le")
        let big = Array("Plain words in UTF-16.".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(TextEncodings.bomlessUTF16(big) == "utf-16be")
        #expect(TextEncodings.bomlessUTF16([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]) == nil)
    }

    /// Python bytecode is a magic number and CR LF; pcapng's block type 0A 0D 0D 0A reads as the
    /// development magic 3338, which no release used, so it is not bytecode.
    @Test func pythonBytecodeNeedsAReleasedMagicOrFlags() {
        let pyc: [UInt8] = [0xA7, 0x0D, 0x0D, 0x0A, 0, 0, 0, 0] + Array(repeating: 0, count: 8)  // 3.11, flags 0
        #expect(ContentChecks.pythonBytecode(pyc)?.0 == "org.python.bytecode")
        let python36: [UInt8] = [0x33, 0x0D, 0x0D, 0x0A, 0x12, 0x34, 0x56, 0x78] + Array(repeating: 0, count: 8)  // 3379, an mtime
        #expect(ContentChecks.pythonBytecode(python36)?.0 == "org.python.bytecode")
        let pcapng: [UInt8] = [0x0A, 0x0D, 0x0D, 0x0A, 0x1C, 0, 0, 0, 0x4D, 0x3C, 0x2B, 0x1A, 1, 0, 0, 0]
        #expect(ContentChecks.pythonBytecode(pcapng) == nil)
        let badFlags: [UInt8] = [0xA7, 0x0D, 0x0D, 0x0A, 9, 0, 0, 0] + Array(repeating: 0, count: 8)
        #expect(ContentChecks.pythonBytecode(badFlags) == nil)
    }

    /// An MZ header's new header says which executable it is; without one it is DOS.
    @Test func mzExecutablesByTheirNewHeader() {
        func mz(relocations: UInt8, newHeader: [UInt8]?) -> [UInt8] {
            var head = [UInt8](repeating: 0, count: 0x80)
            head[0] = 0x4D
            head[1] = 0x5A
            head[0x18] = relocations
            if let newHeader {
                head[0x3C] = 0x40
                head.replaceSubrange(0x40..<(0x40 + newHeader.count), with: newHeader)
            }
            return head
        }
        #expect(ContentChecks.mzExecutable(mz(relocations: 0x1C, newHeader: nil))?.0 == "com.microsoft.dos-executable")
        #expect(ContentChecks.mzExecutable(mz(relocations: 0x40, newHeader: Array("NE".utf8)))?.0 == "com.microsoft.ne-executable")
        #expect(ContentChecks.mzExecutable(mz(relocations: 0x40, newHeader: Array("LX".utf8)))?.0 == "com.ibm.lx-executable")
        #expect(ContentChecks.mzExecutable(mz(relocations: 0x40, newHeader: [0x50, 0x45, 0, 0])) == nil, "PE is libmagic's")
        #expect(ContentChecks.mzExecutable(Array("MZ is not enough".utf8)) == nil)
    }

    @Test func pemLabelsOfCertificatesAndRevocationLists() {
        for label in ["CERTIFICATE", "X509 CERTIFICATE", "TRUSTED CERTIFICATE", "CA CERTIFICATE"] {
            let text = Array("-----BEGIN \(label)-----\nMIIB\n-----END \(label)-----\n".utf8)
            #expect(ContentChecks.text(text, encoding: "us-ascii", isComplete: true)?.0 == "org.ietf.pem-certificate", "\(label)")
        }
        let crl = Array("-----BEGIN X509 CRL-----\nMIIB\n-----END X509 CRL-----\n".utf8)
        #expect(ContentChecks.text(crl, encoding: "us-ascii", isComplete: true)?.0 == "org.ietf.pem-crl")
    }

    @Test func byteSearchFindsNeedlesAnywhereAndOnlyWhole() {
        let hay = Array("abc\nmsgid \"x\"".utf8)[...]
        #expect(ContentChecks.contains(Array("\nmsgid \"".utf8), in: hay))
        #expect(ContentChecks.contains(Array("abc".utf8), in: hay))
        #expect(ContentChecks.contains(Array("\"x\"".utf8), in: hay), "at the very end")
        #expect(!ContentChecks.contains(Array("\"x\"!".utf8), in: hay))
        #expect(!ContentChecks.contains(Array("abcd".utf8), in: hay[0..<3]), "longer than the slice")
        #expect(ContentChecks.contains(Array("bc".utf8), in: hay[1..<3]), "a slice that does not start at 0")
    }

    /// JSON formats by the members of their top-level object, as far as the prefix goes.
    @Test func jsonShapes() {
        func shape(_ text: String) -> String? { JSONScanner.shape(Array(text.utf8)[...])?.0 }
        #expect(shape(#"{"type": "FeatureCollection", "features": []}"#) == "public.geojson")
        #expect(shape(#"{"type": "Feature", "geometry": null, "properties": {}}"#) == "public.geojson")
        #expect(shape(#"{"type": "Feature"}"#) == nil, "a type alone is any JSON that says so")
        #expect(shape(#"{"log": {"version": "1.2", "creator": {"name": "x"}, "entries": [{"a": "}"}]}}"#) == "org.w3.har")
        #expect(shape(#"{"bomFormat": "CycloneDX", "specVersion": "1.5""#) == "org.cyclonedx.bom-json", "a truncated prefix")
        #expect(shape(#"{"spdxVersion": "SPDX-2.3"}"#) == "org.spdx.json")
        #expect(shape(#"{"metadata": {}, "nbformat": 4, "cells": []}"#) == "org.jupyter.notebook")
        #expect(shape(#"{"name": "log", "log": 1}"#) == nil)
        #expect(shape("[1, 2]") == nil)
        let members = JSONScanner.topLevelMembers(Array(#"{"a": "x\"y", "b": {"c": "}"}, "n": -1.5, "t": true}"#.utf8)[...])
        #expect(members?.map(\.key) == ["a", "b", "n", "t"])
        #expect(members?.map(\.value) == ["x\"y", nil, "-1.5", nil])
    }

    @Test func oggCodecsFromTheFirstPage() throws {
        let sniffer = try #require(OwnRules.database(in: .empty).map(SharedMIMESniffer.init))
        let page = Array("OggS".utf8) + [UInt8](repeating: 0, count: 22) + [1, 19]
        func type(_ packet: [UInt8]) -> String? {
            (page + packet + [UInt8](repeating: 0, count: 32)).withUnsafeBytes { sniffer.sniff($0) }
                .flatMap { OwnRules.type(forMIMEType: $0.mimeType, in: .builtIn)?.identifier }
        }
        #expect(type(Array("OpusHead".utf8)) == "org.xiph.opus")
        #expect(type([0x01] + Array("vorbis\0".utf8)) == "org.xiph.ogg-vorbis")
        #expect(type([0x80] + Array("theora".utf8)) == "org.xiph.ogg-theora")
        #expect(type([0x7F] + Array("FLAC".utf8)) == "org.xiph.ogg-flac", "Ogg audio holding FLAC, not native FLAC")
        #expect(type(Array("Speex   ".utf8)) == "org.xiph.ogg", "another codec is Ogg data")
    }

    /// Text formats uti's rules know by how they begin, each needing more than a word that prose
    /// could start with.
    @Test func textFormatsByHowTheyBegin() throws {
        let sniffer = try #require(OwnRules.database(in: .empty).map(SharedMIMESniffer.init))
        func type(_ text: String) -> String? {
            Array(text.utf8).withUnsafeBytes { sniffer.sniff($0) }
                .flatMap { OwnRules.type(forMIMEType: $0.mimeType, in: .builtIn)?.identifier }
        }
        let stl = "public.standard-tesselated-geometry-format"
        #expect(type("solid cube\n  facet normal 0 0 1\n    outer loop\n") == stl)
        #expect(type("solid empty\nendsolid empty\n") == stl)
        #expect(type("solid reasons to stay calm\n") == nil, "a sentence that starts with solid")
        #expect(type("#Requires -Version 7.2\nWrite-Host 'hi'\n") == "com.microsoft.powershell-script")
        #expect(type("[CmdletBinding()]\nparam([string]$Name)\n") == "com.microsoft.powershell-script")
        #expect(type("#Requires nothing\n") == nil)
        #expect(type("\t.file\t\"hello.c\"\n\t.text\n") == "public.assembly-source", "GCC -S")
        #expect(type("\t.text\n\t.file\t\"hello.c\"\n") == "public.assembly-source", "Clang -S")
        #expect(type("\t.text\n") == nil)
    }

    @Test func storedMimetypeOfODFAndEPUB() {
        let name = Array("mimetype".utf8)
        let content = Array("application/epub+zip".utf8)
        var header: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 10, 0, 0, 0, 0, 0]
        header += [UInt8](repeating: 0, count: 8)
        header += [UInt8(content.count), 0, 0, 0, UInt8(content.count), 0, 0, 0, UInt8(name.count), 0, 0, 0]
        #expect(ZipDirectory.storedMimetype(head: header + name + content) == "application/epub+zip")
    }

    @Test func plainTextSubtypesByEncoding() {
        #expect(TypeInferrer.plainTextIdentifier(encoding: "utf-8") == "public.utf8-plain-text")
        #expect(TypeInferrer.plainTextIdentifier(encoding: "utf-16le") == "public.utf16-plain-text")
        #expect(TypeInferrer.plainTextIdentifier(encoding: "utf-16be") == "public.utf16-external-plain-text")
        #expect(TypeInferrer.plainTextIdentifier(encoding: "us-ascii") == "public.plain-text")
        #expect(TypeInferrer.plainTextIdentifier(encoding: "iso-8859-1") == "public.plain-text")
    }
}

/// The XML vocabularies of Catalog/xml-roots.json: each root names its type, in its namespace
/// where it names one, and not in another.
@Suite struct XMLRootTests {
    @Test func everyRootNamesItsType() {
        for (root, vocabulary) in ContentChecks.xmlRoots {
            let namespace = vocabulary.namespace.map { " xmlns:x=\"\($0)\"" } ?? ""
            let document = "<?xml version=\"1.0\"?>\n<\(root)\(namespace)></\(root)>\n"
            #expect(ContentChecks.markup(document[...])?.0 == vocabulary.type, "\(root)")
            if vocabulary.namespace != nil {
                #expect(ContentChecks.markup("<\(root) xmlns:x=\"urn:other\"></\(root)>\n"[...]) == nil, "\(root) in another namespace")
            }
        }
    }

    @Test func compoundFileTablesAreWellFormed() {
        #expect(CompoundFile.classIDs.keys.allSatisfy { $0.count == 36 && $0 == $0.uppercased() })
        #expect(CompoundFile.streams.contains { $0.0 == "__properties_version1.0" && $0.1 == "application/vnd.ms-outlook" })
    }
}

/// OLE compound files: the directory read anywhere in the file, bounded, and what it says.
@Suite struct CompoundFileTests {
    func read(_ bytes: [UInt8]) -> CompoundFile? {
        CompoundFile.read(size: bytes.count, pread: inMemoryRead(bytes))
    }

    func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: repositoryRoot.appendingPathComponent("Fixtures/files/\(name)")))
    }

    @Test func theRootClassAndTheStreamsName() throws {
        let writer = try #require(read(try fixture("report.sdw")))
        #expect(writer.rootClassID == "C20CF9D1-85AE-11D1-AAB4-006097DA561A")
        #expect(writer.names == ["SfxDocumentInfo", "StarWriterDocument"])
        #expect(writer.mimeType == "application/vnd.stardivision.writer")
        let quattro = try #require(read(try fixture("sheet.qpw")))
        #expect(quattro.rootClassID == nil, "an all-zero class is none")
        #expect(quattro.mimeType == "application/x-quattropro")
    }

    /// A Word 97 file's File Information Block ([MS-DOC] 2.5.2) says whether it is a template:
    /// LibreOffice writes the WordDocument stream of a short letter into the mini stream, whose
    /// sectors the root entry's chain holds.
    @Test func theWordDocumentsFIBSaysTemplate() throws {
        #expect(read(try fixture("letter.dot"))?.isWordTemplate == true)
        #expect(read(try fixture("letter.doc"))?.isWordTemplate == false)
        #expect(read(try fixture("report.sdw"))?.isWordTemplate == nil, "no WordDocument stream")
        var unsigned = try fixture("letter.dot")
        let fib = try #require(firstRange(of: [0xEC, 0xA5], in: unsigned))
        unsigned[fib] = 0
        #expect(read(unsigned)?.isWordTemplate == nil, "no FIB without its wIdent")
    }

    func firstRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        (0...(bytes.count - needle.count)).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }
    }

    @Test func damagedFilesEndTheReadWithoutAnAnswerOrAHang() throws {
        var looping = try fixture("sheet.qpw")
        looping[512 + 4] = 1
        looping[512 + 5] = 0
        looping[512 + 6] = 0
        looping[512 + 7] = 0  // FAT[1] = 1: the directory chain loops
        #expect(read(looping)?.names == ["NativeContent_MAIN"], "each directory sector is read once")
        var shifted = try fixture("sheet.qpw")
        shifted[0x1E] = 20  // a sector of a mebibyte
        #expect(read(shifted) == nil)
        #expect(read(Array(try fixture("sheet.qpw").prefix(700))) == nil, "the directory sector is missing")
        #expect(read(Array(repeating: 0, count: 1024)) == nil)
    }
}

/// JavaScript's strict-mode directive is a string literal; Perl's pragma is not.
@Suite struct StrictDirectiveTests {
    @Test(arguments: [
        "use strict;\nuse warnings;\n", "# 'use strict';\n", "x = 1; 'use strict';\n", "/* unterminated 'use strict';\n",
        "'use strictly';\n",
    ])
    func notTheDirective(text: String) {
        #expect(!ContentChecks.startsWithStrictDirective(Array(text.utf8)[...]))
    }
}

/// Makefiles and Java's entry point by their structure, written for uti from POSIX make's
/// "Makefile syntax" and JLS 12.1.4; each with look-alikes that must stay what they are.
@Suite struct MakefileAndJavaTests {
    func identify(_ text: String) -> String? {
        ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true)?.0
    }

    @Test func makefilesByRulesAndRecipes() {
        #expect(identify("CFLAGS = -O2\n\nall: tool\n\ntool: tool.o util.o\n\t$(CC) $(CFLAGS) -o $@ $^\n\nclean:\n\trm -f tool *.o\n") == "public.make-source")
        #expect(identify(".PHONY: docs\n\ndocs:\n\tsphinx-build -b html . ${BUILD}\n\ninclude extra.mk\ncheck: docs\n") == "public.make-source")
    }

    @Test func lookAlikesStayWhatTheyAre() {
        // YAML: keys and colons, no tab-indented recipes.
        #expect(identify("name: build\non: push\njobs:\n  test:\n    runs-on: ubuntu\n") != "public.make-source")
        // Python indented with tabs: `else:` and `try:` are no rules, and no recipe uses a macro.
        #expect(identify("if x:\n\ty = 1\nelse:\n\ty = 2\ntry:\n\tz = y\nexcept:\n\tpass\n") != "public.make-source")
        // One rule alone is not enough.
        #expect(identify("all:\n\t$(MAKE) -C sub\n") != "public.make-source")
    }

    @Test func cFilesThatOpenWithAnyDirective() {
        #expect(identify("#warning \"old.h is obsolete\"\n#include <new.h>\n") == "public.c-source")
        #expect(identify("#undef LINUX\n#if defined(__linux)\n# define LINUX 1\n#endif\n") == "public.c-source")
    }

    @Test func aCommonJSModuleOfOneStatement() {
        #expect(identify("module.exports = {\n  L: 1,\n  M: 0,\n  H: 2\n};\n") == "com.netscape.javascript-source")
        #expect(identify("const util = require('node:util')\nconst f = x => {\n  return util.inspect(x)\n}\n") == "com.netscape.javascript-source")
        // A whole file that is one assignment to the exports is a module; the same line in a
        // text that goes on in prose is not, nor prose that names the exports.
        #expect(identify("module.exports = platform === 'win32'\n") == "com.netscape.javascript-source")
        #expect(identify("/* Exports. */\nexports.name = 'x'\n// done\n") == "com.netscape.javascript-source")
        #expect(identify("module.exports = platform === 'win32'\nis how the check reads.\n") != "com.netscape.javascript-source")
        #expect(identify("module.exports is the object a module returns\n") != "com.netscape.javascript-source")
    }

    @Test func plainNetpbmByItsHeaderAndRaster() {
        #expect(identify("P1\n# a comment\n2 2\n0 1\n1 0\n") == "public.pbm")
        #expect(identify("P2\n2 1\n255\n0 255\n") == "public.pbm")
        #expect(identify("P3 1 1 65535 0 0 65535\n") == "public.pbm")
        // Text that starts with P2 is not an image: a word, a maxval out of range, a value past it.
        #expect(identify("P2 is the second paragraph\n") != "public.pbm")
        #expect(identify("P2\n2 1\n70000\n0 1\n") != "public.pbm")
        #expect(identify("P2\n2 1\n15\n0 16\n") != "public.pbm")
    }

    @Test func mailMessagesAndMailboxesByTheirHeaders() {
        #expect(identify("From: a@example.com\nTo: b@example.com\nSubject: hi\nDate: Wed, 25 Nov 2026 10:00:00 +0000\n\nbody\n") == "com.apple.mail.email")
        #expect(
            identify("From a@example.com Wed Nov 25 10:00:00 2026\nFrom: a@example.com\nSubject: hi\nDate: Wed, 25 Nov 2026\n\nbody\n") == "org.mbox.mailbox")
        // Key: value lines that are no mail header: a YAML file, notes that start with From.
        #expect(
            identify("name: build\nto: somewhere\nsubject: tests\n") == nil
                || identify("name: build\nto: somewhere\nsubject: tests\n") != "com.apple.mail.email")
        #expect(identify("From the start of the project, we wanted:\n- speed\n") != "org.mbox.mailbox")
    }

    @Test func javaByAClassAndItsEntryPoint() {
        #expect(
            identify("public class Hello {\n    public static void main(String[] args) {\n        System.out.println(1);\n    }\n}\n") == "com.sun.java-source")
        // C#'s entry point is Main(string[] args): not Java.
        #expect(identify("public class Hello {\n    public static void Main(string[] args) {\n    }\n}\n") != "com.sun.java-source")
    }
}

/// Catalog/interpreters.json: every entry's example `#!` line gives its type, and its
/// counterexample (a program whose name only starts the same, or another version) does not.
@Suite struct InterpreterTableTests {
    struct Entry: Decodable {
        var interpreters: [String]
        var type: String
        var example: String
        var counterexample: String
    }

    @Test func everyExampleAndCounterexample() throws {
        let entries = try JSONDecoder().decode(
            [Entry].self, from: Data(contentsOf: repositoryRoot.appendingPathComponent("Catalog/interpreters.json")))
        #expect(entries.count >= 20)
        for entry in entries {
            #expect(ContentChecks.shebang(entry.example[...])?.0 == entry.type, "\(entry.example)")
            #expect(ContentChecks.shebang(entry.counterexample[...])?.0 != entry.type, "\(entry.counterexample)")
            for name in entry.interpreters {
                #expect(ContentChecks.interpreters[name] == entry.type)
            }
        }
    }
}

/// Catalog/json-shapes.json: every shape's example fixtures are its type by content alone (the
/// json check, through the whole inference), and its near misses are not that type.
@Suite struct JSONShapeTableTests {
    struct Table: Decodable {
        struct Shape: Decodable {
            var type: String
            var examples: [String]
            var counterexamples: [String]
        }
        var shapes: [Shape]
    }

    @Test func everyExampleAndCounterexample() throws {
        let table = try JSONDecoder().decode(Table.self, from: Data(contentsOf: repositoryRoot.appendingPathComponent("Catalog/json-shapes.json")))
        #expect(table.shapes.map(\.type) == JSONShape.all.map(\.type))
        for shape in table.shapes {
            for example in shape.examples {
                let bytes = try Data(contentsOf: repositoryRoot.appendingPathComponent(example))
                let inference = try makeInferrer().infer(bytes: Array(bytes), totalSize: bytes.count, name: nil, path: RawPath("-"))
                #expect(inference.type?.identifier == shape.type, "\(example)")
                #expect(inference.content?.check == "json", "\(example)")
            }
            for text in shape.counterexamples {
                let found = ContentChecks.text(Array(text.utf8), encoding: "us-ascii", isComplete: true)
                #expect(found?.identifier == "public.json", "\(text)")
            }
        }
    }
}

/// Catalog/file-names.json: a file of every whole name listed is that name's type, and the
/// compound extensions name theirs.
@Suite struct FileNameTableTests {
    struct Table: Decodable {
        struct Names: Decodable {
            var names: [String]
            var type: String
        }
        struct Compound: Decodable {
            var `extension`: String
            var type: String
        }
        var names: [Names]
        var compoundExtensions: [Compound]
    }

    @Test func everyNameAndCompoundExtension() throws {
        let table = try JSONDecoder().decode(Table.self, from: Data(contentsOf: repositoryRoot.appendingPathComponent("Catalog/file-names.json")))
        #expect(table.names.count >= 15)
        for entry in table.names {
            for name in entry.names {
                #expect(
                    NameRules.evidence(for: name, in: .builtIn, constraint: .data, contentIsText: true, database: nil)?.type.identifier == entry.type, "\(name)"
                )
            }
        }
        for entry in table.compoundExtensions {
            let name = "backup.\(entry.extension)"
            #expect(
                NameRules.evidence(for: name, in: .builtIn, constraint: .data, contentIsText: false, database: nil)?.type.identifier == entry.type, "\(name)")
        }
        // Whole names are matched exactly: a robots.txt is plain text by any other name.
        #expect(
            NameRules.evidence(for: "robots-old.txt", in: .builtIn, constraint: .data, contentIsText: true, database: nil)?.type.identifier
                != "org.ietf.robots-txt")
    }

    /// The compound extensions a name's tags are looked up by, longest first, as splitting the
    /// name at every dot gives them, for ASCII names (read as bytes) and others (by Character).
    @Test func compoundExtensionsOfAName() {
        #expect(NameRules.compoundSuffixes("backup.tar.zst") == ["tar.zst"])
        #expect(NameRules.compoundSuffixes("x.y.tar.zst") == ["y.tar.zst", "tar.zst"])
        #expect(NameRules.compoundSuffixes("libz.so.1.2.13") == ["1.2.13", "2.13"])
        #expect(NameRules.compoundSuffixes("a..b") == [".b"])
        #expect(NameRules.compoundSuffixes("notes.txt").isEmpty)
        #expect(NameRules.compoundSuffixes("photo").isEmpty)
        #expect(NameRules.compoundSuffixes("café.tar.gz") == ["tar.gz"])
        // A combining mark after a dot makes one Character with it, which is no dot.
        #expect(NameRules.compoundSuffixes("a.\u{301}b.c") == [])
    }
}
